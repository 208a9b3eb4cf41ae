import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';
import type { Db } from '../src/db/db';
import { startIdentity } from '../src/identity-start';
import { type ExternalOp, startExternalOp, type Tamper } from './external-op';
import { errorOf, exchangeCode, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { browser, openCallback } from './oauth-fixtures';

// Sign-in with real identity providers (issue 20, finding 7): two standalone oidc-provider instances on
// loopback ports stand as outside issuers, set the way an operator would (GOOGLE_ISSUER,
// MICROSOFT_ISSUER with client ids and secrets, through config.ts and startIdentity), and people sign
// in through them over HTTP: their own login and consent pages, then the server's callback.
const redirectUri = `${TEST_PUBLIC_URL}/api/v1/auth/web/oauth/callback`;
const google = await startExternalOp({ redirectUri });
const microsoft = await startExternalOp({ redirectUri, microsoft: true });
const config = loadConfig({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ISSUER: google.issuer,
  MICROSOFT_CLIENT_ID: microsoft.clientId,
  MICROSOFT_CLIENT_SECRET: microsoft.clientSecret,
  MICROSOFT_ISSUER: microsoft.issuer,
});
// Both providers have keys: no sandbox is made, so no database is needed here.
const identity = await startIdentity(
  config,
  null as unknown as Db,
  () => '',
  () => TEST_PUBLIC_URL,
);
const t: TestApp = setupTestApp({ oauth: identity.options.oauth });
afterAll(async () => {
  await google.close();
  await microsoft.close();
});

const unique = (name: string, domain: string) => `${name}-${randomBytes(4).toString('hex')}@${domain}`;

/**
 * The console's start (team 999999 does not exist: a signed-in person goes home with a login code),
 * then the provider's pages as a browser meets them, up to the redirect back to the server.
 */
async function signInThrough(op: ExternalOp, provider: 'google' | 'microsoft', login: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/web/login/oauth',
    payload: { provider, destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: 999999 },
    remoteAddress: '10.40.0.1',
  });
  expect(start.statusCode).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0] as string;
  let url: string = start.json().data.url;
  expect(url.startsWith(`${op.issuer}/auth?`)).toBe(true);
  const b = browser(t);
  for (let step = 0; step < 10; step++) {
    let response = await b.get(url);
    if (response.status === 200) {
      // The provider's login page, then its consent page: post each form as a person would.
      const page = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] as string;
      const action = new URL(/action="([^"]+)"/.exec(page)?.[1] as string, url).href;
      response = await b.post(action, prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    }
    url = new URL(response.headers.get('location') as string, url).href;
    if (url.startsWith(redirectUri)) return { callback: url, cookie };
  }
  throw new Error('the provider never sent the browser back');
}

/** The callback opened in the browser that started: a login code, traded for a session. */
async function loginCodeOwner(callback: string, cookie: string) {
  const landing = await openCallback(t, callback, cookie);
  expect(landing.statusCode).toBe(303);
  const next = new URL(landing.headers.location as string);
  expect(`${next.origin}${next.pathname}`).toBe(`${TEST_PUBLIC_URL}/auth`);
  const session = await exchangeCode(t, next.searchParams.get('token') as string);
  expect(session.statusCode).toBe(200);
  const profile = await t.app.inject({
    method: 'GET',
    url: '/api/v2/profile',
    headers: { authorization: `Bearer ${session.json().accessToken}` },
  });
  return profile.json().data?.email ?? profile.json().email;
}

async function refused(callback: string, cookie: string, email: string) {
  expect(errorOf(await openCallback(t, callback, cookie))).toMatchObject({ status: 401, code: 1200 });
  expect(await t.repos.accounts.findByEmail(email)).toBeNull();
}

describe('an outside OpenID Provider as Google (GOOGLE_ISSUER)', () => {
  it('signs in through it over HTTP, the address read at its userinfo endpoint, ending with a login code', async () => {
    google.addAccount('olivia', { email: 'olivia@acme.test', name: 'Olivia Owens' });
    const { callback, cookie } = await signInThrough(google, 'google', 'olivia');
    expect(await loginCodeOwner(callback, cookie)).toBe('olivia@acme.test');
    // The ID token it sent had no address: only userinfo had it.
    const idToken = decodeJwt(google.lastIdToken as string);
    expect(idToken.email).toBeUndefined();
    expect(idToken.sub).toBe('olivia');
  });

  // 'unsigned' was refused before too (openid-client never takes alg none); the other two were not.
  it.each<Tamper>(['unsigned', 'foreign-key', 'future-iat'])('refuses an ID token: %s', async (tamper) => {
    const email = unique(tamper, 'gmail.com');
    google.addAccount(tamper, { email, name: 'Mallory' });
    google.tamper = tamper;
    try {
      const { callback, cookie } = await signInThrough(google, 'google', tamper);
      await refused(callback, cookie, email);
    } finally {
      google.tamper = null;
    }
  });
});

describe("an outside OpenID Provider as Microsoft's multi-tenant endpoint (MICROSOFT_ISSUER)", () => {
  const tid = '3f0c2b1e-5d6a-4e8f-9a7b-1c2d3e4f5a6b';

  it("expects the issuer template with the token's own tid, and a work account's xms_edov", async () => {
    const email = unique('ada', 'contoso.test');
    microsoft.addAccount('ada', { email, name: 'Ada Lovelace', tid, xmsEdov: true });
    const { callback, cookie } = await signInThrough(microsoft, 'microsoft', 'ada');
    expect(await loginCodeOwner(callback, cookie)).toBe(email);
    const idToken = decodeJwt(microsoft.lastIdToken as string);
    expect(idToken.iss).toBe(microsoft.issuer.replace('/common/v2.0', `/${tid}/v2.0`));
    expect(idToken.tid).toBe(tid);

    // Signed by the provider, but its iss names another tenant than its tid.
    const other = unique('eve', 'contoso.test');
    microsoft.addAccount('eve', { email: other, name: 'Eve', tid, xmsEdov: true });
    microsoft.tamper = 'other-tenant';
    try {
      const tampered = await signInThrough(microsoft, 'microsoft', 'eve');
      await refused(tampered.callback, tampered.cookie, other);
    } finally {
      microsoft.tamper = null;
    }

    // A work account whose organisation did not verify the domain (no xms_edov).
    const unverified = unique('mia', 'fabrikam.test');
    microsoft.addAccount('mia', { email: unverified, name: 'Mia', tid });
    const noEdov = await signInThrough(microsoft, 'microsoft', 'mia');
    await refused(noEdov.callback, noEdov.cookie, unverified);
  });
});

describe('GOOGLE_ISSUER and MICROSOFT_ISSUER', () => {
  const googleClient = { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret' };
  const microsoftClient = { MICROSOFT_CLIENT_ID: 'id', MICROSOFT_CLIENT_SECRET: 'secret' };

  it("default to Google's and Microsoft's own issuers", () => {
    expect(loadConfig(googleClient).google?.issuer).toBe('https://accounts.google.com');
    expect(loadConfig(microsoftClient).microsoft?.issuer).toBe(
      'https://login.microsoftonline.com/common/v2.0',
    );
    expect(loadConfig({ ...microsoftClient, MICROSOFT_TENANT: 'organizations' }).microsoft?.issuer).toBe(
      'https://login.microsoftonline.com/organizations/v2.0',
    );
  });

  it('name another provider: https, or http on this machine only, and only with the client', () => {
    expect(
      loadConfig({ ...googleClient, GOOGLE_ISSUER: 'https://id.example.com/realms/a' }).google?.issuer,
    ).toBe('https://id.example.com/realms/a');
    expect(
      loadConfig({ ...microsoftClient, MICROSOFT_ISSUER: 'http://localhost:9000/x' }).microsoft?.issuer,
    ).toBe('http://localhost:9000/x');
    for (const env of [
      { GOOGLE_ISSUER: 'https://id.example.com' },
      { ...googleClient, GOOGLE_ISSUER: 'http://id.example.com' },
      { ...googleClient, GOOGLE_ISSUER: 'id.example.com' },
      { ...microsoftClient, MICROSOFT_ISSUER: 'https://id.example.com/?tenant=a' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
    }
  });
});
