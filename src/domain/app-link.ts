// Links into the Spark app (its URL scheme) and the rule for where a redirect page may send the
// browser. Shared by the console (back-to-app, accept-invitation) and the server (redirect keys).
import { safeInternalPath } from './redirect';

/** The Spark app's URL scheme: `readdle-spark://...` opens the app. */
export const APP_URL_SCHEME = 'readdle-spark:';

/** A deep link into the app: `readdle-spark://{path}?{params}`. */
export function appDeepLink(path: string, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(
    Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  return `${APP_URL_SCHEME}//${path}${query ? `?${query}` : ''}`;
}

/** C0 controls, space and DEL never belong in a link we follow (browsers strip some silently). */
function hasUnsafeCharacter(url: string): boolean {
  for (let i = 0; i < url.length; i++) {
    const code = url.charCodeAt(i);
    if (code <= 0x20 || code === 0x7f) return true;
  }
  return false;
}

/** Whether the url opens the Spark app (its scheme, compared case-insensitively as URL schemes are). */
export function isAppDeepLink(url: string): boolean {
  return (
    url.toLowerCase().startsWith(`${APP_URL_SCHEME}//`) && !hasUnsafeCharacter(url) && !url.includes('\\')
  );
}

/**
 * Where a redirect may lead: the app's scheme or a path of this console; anything else (another
 * site, javascript:, a protocol-relative //host) is null, so a redirect page is never an open redirect.
 */
export function safeRedirectTarget(url: string | null | undefined): string | null {
  if (typeof url !== 'string' || url === '') return null;
  if (isAppDeepLink(url)) return url;
  return safeInternalPath(url);
}
