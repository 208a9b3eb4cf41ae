import { afterLoginPath, gotoPathOf, loginRedirectPath } from './login-redirect';

const at = (path: string) => new URL(path, 'http://console.test');

describe('login redirect', () => {
  it('sends a visitor without a token to session-expired with the full original path as goto', () => {
    const target = at(loginRedirectPath(at('/teams/1-2/users?filter=admins#top')));
    expect(target.pathname).toBe('/auth/session-expired');
    expect(target.searchParams.get('goto')).toBe('/teams/1-2/users?filter=admins#top');
  });

  it('sends a visitor with a token to auth with the token, and keeps the token out of goto', () => {
    const target = at(loginRedirectPath(at('/teams/1-2/billing?token=abc&redirectTo=billing')));
    expect(target.pathname).toBe('/auth');
    expect(target.searchParams.get('token')).toBe('abc');
    expect(target.searchParams.get('goto')).toBe('/teams/1-2/billing?redirectTo=billing');
  });

  it('keeps the bare path when nothing else is in the query', () => {
    expect(gotoPathOf(at('/profile?token=x'))).toBe('/profile');
  });

  it.each([
    ['/teams/1-2/overview', '/teams/1-2/overview'],
    [null, '/'],
    ['https://evil.test/', '/'],
    ['//evil.test', '/'],
    ['javascript:alert(1)', '/'],
    ['/\\evil.test', '/'],
  ])('after login goes to %s -> %s, never off the console', (goto, expected) => {
    expect(afterLoginPath(goto)).toBe(expected);
  });
});
