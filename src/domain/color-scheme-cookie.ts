// The colour scheme a user picked in the user menu, mirrored from the browser's storage into a cookie
// so that the server can mark <html> with it: a page then paints in the picked scheme from its HTML
// alone, before any script has run. Without a pick the page follows the system's preference by CSS
// (`prefers-color-scheme`), so only a pick needs the cookie. Written by the console when the pick
// changes, and by the prerendered pages' start script when the page's mark is not the stored pick;
// read by the server.

export const COLOR_SCHEME_COOKIE = 'spark-color-scheme';

export type PickedColorScheme = 'light' | 'dark';

/** A year: the pick is kept in storage for good; once the cookie has expired the start script writes it again. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The pick a Cookie header carries, or null: none, or a value that is not a scheme. */
export function pickedColorScheme(cookieHeader: string | undefined): PickedColorScheme | null {
  if (!cookieHeader) return null;
  for (const part of cookieHeader.split(';')) {
    const [name, value] = part.split('=', 2).map((piece) => piece.trim());
    if (name === COLOR_SCHEME_COOKIE) return value === 'light' || value === 'dark' ? value : null;
  }
  return null;
}

/**
 * The `document.cookie` assignment that keeps a pick (or, for null, forgets it). `secure` on HTTPS,
 * where the console always runs in production.
 */
export function colorSchemeCookie(scheme: PickedColorScheme | null, secure: boolean): string {
  const value = scheme ?? '';
  const age = scheme ? MAX_AGE_SECONDS : 0;
  return `${COLOR_SCHEME_COOKIE}=${value}; Path=/; Max-Age=${age}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
