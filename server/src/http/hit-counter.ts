import type { Queryable } from '../db/db';

/** A key's count in its current window and when that window started. */
export interface HitCount {
  hits: number;
  windowStart: Date;
}

/**
 * Counts one hit at `key` in a fixed window of `windowMs` that starts with the key's first hit: one
 * atomic UPSERT on rate_limit_counters, so hits at once and hits on several servers all count. A
 * window that is over (or lies in the future: the clock went back) starts again at this hit. The row
 * also says when its window ends, for the scheduled cleanup (migration 012).
 */
export async function countHit(db: Queryable, key: string, now: Date, windowMs: number): Promise<HitCount> {
  const [row] = await db.query<HitCount>(
    `INSERT INTO rate_limit_counters AS c (key, window_start, window_end, hits)
     VALUES ($1, $2::timestamptz, $2::timestamptz + make_interval(secs => $3), 1)
     ON CONFLICT (key) DO UPDATE SET
       window_start = CASE WHEN c.window_start <= $2 - make_interval(secs => $3) OR c.window_start > $2
                           THEN $2 ELSE c.window_start END,
       window_end = CASE WHEN c.window_start <= $2 - make_interval(secs => $3) OR c.window_start > $2
                         THEN EXCLUDED.window_end
                         ELSE coalesce(c.window_end, c.window_start + make_interval(secs => $3)) END,
       hits = CASE WHEN c.window_start <= $2 - make_interval(secs => $3) OR c.window_start > $2
                   THEN 1 ELSE c.hits + 1 END
     RETURNING hits, window_start AS "windowStart"`,
    [key, now, windowMs / 1000],
  );
  return row ?? { hits: 1, windowStart: now };
}

/** The key's count in its current window without counting, or null when it has none running. */
export async function peekHits(
  db: Queryable,
  key: string,
  now: Date,
  windowMs: number,
): Promise<HitCount | null> {
  const [row] = await db.query<HitCount>(
    `SELECT hits, window_start AS "windowStart" FROM rate_limit_counters
     WHERE key = $1 AND window_start > $2::timestamptz - make_interval(secs => $3)
       AND window_start <= $2::timestamptz`,
    [key, now, windowMs / 1000],
  );
  return row ?? null;
}
