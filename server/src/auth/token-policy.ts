// Lifetimes of the three kinds of token. Named here so tests and docs can point at one place.

/** A login link stays usable this long (and only once). */
export const AUTH_CODE_TTL_SECONDS = 30 * 60;
/** Access tokens are short-lived; the console refreshes them when under 1800 s remain (spec 9). */
export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
/** A refresh token (and each rotation of it) lives this long without use. */
export const REFRESH_TOKEN_TTL_SECONDS = 60 * 24 * 60 * 60;
/** After its first rotation an old refresh token still works this long, so two tabs can refresh at once. */
export const REFRESH_GRACE_SECONDS = 30;
/** A spent auth code may be exchanged again this long by the same call's retry (same idempotency key). */
export const AUTH_CODE_RETRY_GRACE_SECONDS = 30;
