// Where a login link (`/login?token=...&team_id=...&user_id=...[&redirectTo=billing]`, spec section
// 2) lands once its one-time code is accepted: the team's overview, or its billing. Read by the
// server (which team page's frame it answers the link with) and by the page's start script (which
// address the page takes while the code is exchanged), so both name the same page. A token that is
// no one-time code (tried as a refresh token) goes through the sign-in page as before.
import { isAuthCode } from './auth-token';

/** The team page a login link lands on, or null: no token, or no well-formed team and user. */
export function loginLinkDestination(search: URLSearchParams): string | null {
  const ref = `${search.get('team_id')}-${search.get('user_id')}`;
  if (!isAuthCode(search.get('token')?.trim() ?? '') || !/^[1-9][0-9]{0,14}-[1-9][0-9]{0,14}$/.test(ref)) {
    return null;
  }
  return `/teams/${ref}/${search.get('redirectTo') === 'billing' ? 'billing' : 'overview'}`;
}
