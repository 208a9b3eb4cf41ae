import type { Clock } from '../clock';

/**
 * At most `limit` hits per key in each window of `windowMs`, in memory. The whole table is dropped
 * when a window ends, so memory is bounded by the keys seen in one window.
 */
export function createFixedWindowLimiter(options: { limit: number; windowMs: number; clock: Clock }) {
  let windowStart = 0;
  let hits = new Map<string, number>();
  return {
    allow(key: string): boolean {
      const now = options.clock.now().getTime();
      if (now - windowStart >= options.windowMs || now < windowStart) {
        windowStart = now;
        hits = new Map();
      }
      const count = (hits.get(key) ?? 0) + 1;
      hits.set(key, count);
      return count <= options.limit;
    },
  };
}
