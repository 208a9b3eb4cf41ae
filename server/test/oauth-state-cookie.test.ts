import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { errorOf, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { openCallback, signInAtSandbox, startOAuth } from './oauth-fixtures';

// Login CSRF (issue 20, finding 3): an OAuth callback finishes only in the browser that started the
// sign-in, which holds the state in a short-lived, HttpOnly, SameSite=Lax cookie.
const t: TestApp = setupTestApp();

const uniqueEmail = (name: string) => `${name}-${randomBytes(4).toString('hex')}@signup.test`;
const html = 'text/html,application/xhtml+xml';

describe('the OAuth state cookie', () => {
  it('is set by the start: the state itself, HttpOnly, SameSite=Lax, for the callback path, 15 minutes', async () => {
    const { authorize, setCookie } = await startOAuth(t, 'google', '10.30.0.1');
    const state = authorize.searchParams.get('state');
    expect(setCookie).toBe(
      `spark_oauth_state=${state}; Max-Age=900; Path=/api/v1/auth/web/oauth/callback; HttpOnly; SameSite=Lax`,
    );
  });

  it('a callback opened in a browser without it: 400 and a page on to /web-login saying why; nobody signed in', async () => {
    const email = uniqueEmail('victim');
    const { callback, cookie } = await signInAtSandbox(t, 'google', { email, name: 'Attacker' });

    const page = await openCallback(t, callback, undefined, html);
    expect(page.statusCode).toBe(400);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(
      `<meta http-equiv="refresh" content="0;url=${TEST_PUBLIC_URL}/web-login?oauth=browser">`,
    );
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();

    // A program gets the error body.
    const program = await openCallback(t, callback);
    expect(errorOf(program)).toMatchObject({ status: 400, code: 10 });
    expect(program.json().errorData).toEqual([
      { field: 'state', message: 'was not started in this browser' },
    ]);

    // Another sign-in's cookie (the attacker's own) does not do either.
    const other = await startOAuth(t, 'google', '10.30.0.2');
    expect((await openCallback(t, callback, other.cookie, html)).statusCode).toBe(400);
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();

    // The browser that started it still finishes (the refusals spent nothing), and its cookie is cleared.
    const landing = await openCallback(t, callback, cookie, html);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toContain('/sandbox/stripe/checkout/cs_');
    expect(landing.headers['set-cookie']).toBe(
      'spark_oauth_state=; Max-Age=0; Path=/api/v1/auth/web/oauth/callback; HttpOnly; SameSite=Lax',
    );
    expect(await t.repos.accounts.findByEmail(email)).not.toBeNull();
  });
});
