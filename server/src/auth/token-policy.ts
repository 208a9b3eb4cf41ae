// Lifetimes of the kinds of token. Named here so tests and docs can point at one place.

/**
 * An operator's login link (`cli login-url`) stays usable this long, and only once: it is handed to
 * a person by hand, so it keeps the lifetime the README gives it (on purpose).
 */
export const AUTH_CODE_TTL_SECONDS = 30 * 60;
/**
 * A code minted for a redirect the browser follows at once (web sign-in's way to the console) lives
 * at most this long.
 */
export const REDIRECT_AUTH_CODE_TTL_SECONDS = 10 * 60;
/**
 * The upper bound of a checkout return code (web sign-up): a hosted checkout stays open up to 24 hours
 * (Stripe's default), and the way back from its last minute gets the redirect allowance on top. The
 * code is a login only once its checkout has ended, and only once (auth-codes.ts).
 */
export const CHECKOUT_RETURN_CODE_TTL_SECONDS = 24 * 60 * 60 + REDIRECT_AUTH_CODE_TTL_SECONDS;
/** Access tokens are short-lived; the console refreshes them when under 1800 s remain (spec 9). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh token (and each rotation of it) lives this long without use. */
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;
/** After its first rotation an old refresh token still works this long, so two tabs can refresh at once. */
export const REFRESH_GRACE_SECONDS = 30;
/** A spent auth code may be exchanged again this long by the same call's retry (same idempotency key). */
export const AUTH_CODE_RETRY_GRACE_SECONDS = 30;
