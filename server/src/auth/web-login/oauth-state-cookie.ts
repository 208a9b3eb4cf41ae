import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * The browser half of an OAuth sign-in's state (login CSRF): the start sets it, and only a
 * callback that brings it back may sign anyone in. Without it, a callback URL an attacker stopped
 * before the provider's last redirect would sign the victim's browser in as the attacker.
 */
export const OAUTH_STATE_COOKIE = 'spark_oauth_state';

interface CookieScope {
  /** The callback's path (under PUBLIC_URL's path): the cookie goes nowhere else. */
  path: string;
  /** Set on an https:// PUBLIC_URL; plain http is development only. */
  secure: boolean;
}

/** Lax: the provider's redirect back is a top-level GET from another site, which Lax lets through. */
const attributes = (scope: CookieScope) =>
  `Path=${scope.path}; HttpOnly; SameSite=Lax${scope.secure ? '; Secure' : ''}`;

export const oauthStateCookie = (state: string, maxAgeSeconds: number, scope: CookieScope) =>
  `${OAUTH_STATE_COOKIE}=${state}; Max-Age=${maxAgeSeconds}; ${attributes(scope)}`;

export const clearedOAuthStateCookie = (scope: CookieScope) =>
  `${OAUTH_STATE_COOKIE}=; Max-Age=0; ${attributes(scope)}`;

/** The cookie's value in a Cookie header, or null. */
export function oauthStateCookieOf(header: string | undefined): string | null {
  for (const pair of (header ?? '').split(';')) {
    const [name, ...value] = pair.trim().split('=');
    if (name === OAUTH_STATE_COOKIE) return value.join('=') || null;
  }
  return null;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Whether the browser's cookie names this very state (compared in constant time). */
export const cookieMatchesState = (cookie: string | null, state: string) =>
  cookie !== null && timingSafeEqual(digest(cookie), digest(state));
