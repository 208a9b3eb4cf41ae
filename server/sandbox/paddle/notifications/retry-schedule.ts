/**
 * How long after a failed attempt the next one is made. Paddle documents, for live accounts, up to
 * 60 attempts over three days with exponential backoff, and a shorter schedule for sandbox accounts;
 * this sandbox follows a sandbox's: three retries within about a quarter of an hour, then the
 * notification is `failed` and only a replay sends it again.
 */
const RETRY_DELAYS_SECONDS = [60, 4 * 60, 10 * 60] as const;

/** Every attempt counted: the first and its retries. */
export const MAX_ATTEMPTS = RETRY_DELAYS_SECONDS.length + 1;

/** Seconds until the next attempt after `attempts` failed ones, or null when they are used up. */
export function retryDelaySeconds(attempts: number): number | null {
  return RETRY_DELAYS_SECONDS[attempts - 1] ?? null;
}

/** Paddle's receiver must answer 2xx within five seconds, else the attempt failed. */
export const DELIVERY_TIMEOUT_MS = 5_000;
