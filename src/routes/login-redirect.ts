// Where a visitor who is not logged in goes from a login-required page (spec section 2): to auth
// when the URL carries a token, otherwise to session-expired, with the original path as `goto`.
import { safeInternalPath } from '@/domain/redirect';
import { pathTo } from '@/routes/route-table';

/**
 * The original full path, less the `token` query value: the token is spent at auth, and a
 * credential should not stay in the address bar or the history.
 */
export function gotoPathOf(url: URL): string {
  const search = new URLSearchParams(url.search);
  search.delete('token');
  const query = search.toString();
  return `${url.pathname}${query ? `?${query}` : ''}${url.hash}`;
}

export function loginRedirectPath(url: URL): string {
  const token = url.searchParams.get('token');
  const goto = gotoPathOf(url);
  return token ? pathTo('auth', undefined, { token, goto }) : pathTo('session-expired', undefined, { goto });
}

/** Where auth sends the user after signing in: `goto` when it is a path of this console, else home. */
export function afterLoginPath(goto: string | null): string {
  return safeInternalPath(goto) ?? pathTo('home');
}
