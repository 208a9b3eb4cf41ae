import type { Queryable } from '../db';

export interface IdempotencyRow {
  fingerprint: string;
  statusCode: number | null;
  contentType: string | null;
  body: string | null;
}

/** idempotency_keys (migration 013): one row per caller and key, claimed before the write runs. */
export function createIdempotencyRepository(db: Queryable) {
  return {
    /**
     * Claims the key for a first try: true when this request now owns it. An unfinished row older than
     * staleSeconds (its process died, or it hangs) is taken over, so a crash never blocks the key.
     */
    async claim(scope: string, fingerprint: string, staleSeconds: number): Promise<boolean> {
      const rows = await db.query<{ scope: string }>(
        `INSERT INTO idempotency_keys AS k (scope, fingerprint) VALUES ($1, $2)
         ON CONFLICT (scope) DO UPDATE SET fingerprint = $2, started_at = now()
           WHERE k.status_code IS NULL AND k.started_at < now() - make_interval(secs => $3)
         RETURNING scope`,
        [scope, fingerprint, staleSeconds],
      );
      return rows.length > 0;
    },

    async find(scope: string): Promise<IdempotencyRow | null> {
      const [row] = await db.query<IdempotencyRow>(
        `SELECT fingerprint, status_code AS "statusCode", content_type AS "contentType", body
         FROM idempotency_keys WHERE scope = $1`,
        [scope],
      );
      return row ?? null;
    },

    async complete(
      scope: string,
      statusCode: number,
      contentType: string | null,
      body: string,
    ): Promise<void> {
      await db.query(
        'UPDATE idempotency_keys SET status_code = $2, content_type = $3, body = $4 WHERE scope = $1',
        [scope, statusCode, contentType, body],
      );
    },

    async release(scope: string): Promise<void> {
      await db.query('DELETE FROM idempotency_keys WHERE scope = $1 AND status_code IS NULL', [scope]);
    },

    async sweep(ttlSeconds: number): Promise<void> {
      await db.query('DELETE FROM idempotency_keys WHERE started_at < now() - make_interval(secs => $1)', [
        ttlSeconds,
      ]);
    },
  };
}
