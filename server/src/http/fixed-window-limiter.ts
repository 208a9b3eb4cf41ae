import type { Clock } from '../clock';
import type { Queryable } from '../db/db';

/** One in this many hits also deletes counters whose window is over, so the table stays small. */
const SWEEP_EVERY = 200;

/**
 * At most `limit` hits per key in each window of `windowMs`, the window starting with the key's first
 * hit. The counters are rows of rate_limit_counters (one UPSERT per hit, atomic under concurrency),
 * so several server processes on one database share them: a client cannot multiply its allowance by
 * landing on different servers. `name` keeps the keys of different limiters apart.
 */
export function createFixedWindowLimiter(options: {
  name: string;
  limit: number;
  windowMs: number;
  clock: Clock;
  db: Queryable;
}) {
  let hitsSinceSweep = 0;
  return {
    async allow(key: string): Promise<boolean> {
      return (await this.hit(key)).allowed;
    },

    /** Counts a hit; when over the limit, also how long until the key's window ends (for Retry-After). */
    async hit(key: string): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
      const now = options.clock.now();
      // A window that is over (or lies in the future: the clock went back) starts again at this hit.
      const [row] = await options.db.query<{ hits: number; windowStart: Date }>(
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
        [`${options.name}:${key}`, now, options.windowMs / 1000],
      );
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await options.db.query(
          `DELETE FROM rate_limit_counters
           WHERE starts_with(key, $3) AND window_start <= $1::timestamptz - make_interval(secs => $2)`,
          [now, options.windowMs / 1000, `${options.name}:`],
        );
      }
      const windowEnd = new Date(row?.windowStart ?? now).getTime() + options.windowMs;
      return {
        allowed: (row?.hits ?? 1) <= options.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
      };
    },
  };
}
