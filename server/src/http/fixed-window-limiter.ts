import type { Clock } from '../clock';
import type { Queryable } from '../db/db';
import { countHit } from './hit-counter';

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
      const row = await countHit(options.db, `${options.name}:${key}`, now, options.windowMs);
      if (++hitsSinceSweep >= SWEEP_EVERY) {
        hitsSinceSweep = 0;
        await options.db.query(
          `DELETE FROM rate_limit_counters
           WHERE starts_with(key, $3) AND window_start <= $1::timestamptz - make_interval(secs => $2)`,
          [now, options.windowMs / 1000, `${options.name}:`],
        );
      }
      const windowEnd = new Date(row.windowStart).getTime() + options.windowMs;
      return {
        allowed: row.hits <= options.limit,
        retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)),
      };
    },
  };
}
