import type { Queryable } from '../db';

export interface NewRedirectKey {
  /** sha256 of the key (see redirects/redirect-key.ts); the key itself is never stored. */
  keyHash: string;
  url: string;
  now: Date;
  expiresAt: Date;
}

/** Keys expired longer than this are deleted when new ones are made: nobody can use them any more. */
const PRUNE_AFTER = '1 day';

export function createRedirectsRepository(db: Queryable) {
  return {
    async create(input: NewRedirectKey): Promise<void> {
      await db.query(
        `DELETE FROM redirect_keys WHERE expires_at < $1::timestamptz - interval '${PRUNE_AFTER}'`,
        [input.now],
      );
      await db.query(
        'INSERT INTO redirect_keys (key_hash, url, created_at, expires_at) VALUES ($1, $2, $3, $4)',
        [input.keyHash, input.url, input.now, input.expiresAt],
      );
    },

    /** Uses a key once, atomically: its url, or null when unknown, used or expired. */
    async consume(keyHash: string, now: Date): Promise<string | null> {
      const [row] = await db.query<{ url: string }>(
        `UPDATE redirect_keys SET used_at = $2
         WHERE key_hash = $1 AND used_at IS NULL AND expires_at > $2 RETURNING url`,
        [keyHash, now],
      );
      return row?.url ?? null;
    },
  };
}

export type RedirectsRepository = ReturnType<typeof createRedirectsRepository>;
