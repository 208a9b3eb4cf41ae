import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { ConfigError, loadConfig } from '../src/settings/config';
import { startIdentity } from '../src/start/identity-start';
import { type ExternalOp, startExternalOp, type Tamper } from './external-op';
import { errorOf, exchangeCode, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { openCallback, signInThroughOp } from './oauth-fixtures';

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

const signInThrough = (op: ExternalOp, provider: 'google' | 'microsoft', login: string) =>
  signInThroughOp(t, op, provider, login);

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

describe('identities by issuer and sub (OIDC Core 5.7)', () => {
  const tid = '5b2a7c3e-1f4d-4a8b-9c6e-2d3f4a5b6c7d';
  const tenantIssuer = microsoft.issuer.replace('/common/v2.0', `/${tid}/v2.0`);
  const identitiesOf = async (email: string) =>
    t.repos.identities.listByAccount((await t.repos.accounts.findByEmail(email))?.id as number);

  it('the same sub with a changed address signs in to its account, which keeps its address', async () => {
    const first = unique('ivy', 'acme.test');
    google.addAccount('sub-ivy', { email: first, name: 'Ivy' });
    const before = await signInThrough(google, 'google', 'sub-ivy');
    expect(await loginCodeOwner(before.callback, before.cookie)).toBe(first);
    expect(await identitiesOf(first)).toMatchObject([{ issuer: google.issuer, subject: 'sub-ivy' }]);

    const changed = unique('ivy-new', 'acme.test');
    google.addAccount('sub-ivy', { email: changed, name: 'Ivy' });
    const after = await signInThrough(google, 'google', 'sub-ivy');
    expect(await loginCodeOwner(after.callback, after.cookie)).toBe(first);
    expect(await t.repos.accounts.findByEmail(changed)).toBeNull();
    // The address the provider sent last is kept with the identity.
    expect(await identitiesOf(first)).toMatchObject([{ subject: 'sub-ivy', email: changed }]);
  });

  it('another sub at the same issuer with a linked address is refused; another issuer vouching for it links', async () => {
    const email = unique('jo', 'acme.test');
    google.addAccount('sub-jo', { email, name: 'Jo' });
    const first = await signInThrough(google, 'google', 'sub-jo');
    expect(await loginCodeOwner(first.callback, first.cookie)).toBe(email);

    google.addAccount('sub-jo-2', { email, name: 'Not Jo' });
    const other = await signInThrough(google, 'google', 'sub-jo-2');
    expect(errorOf(await openCallback(t, other.callback, other.cookie))).toMatchObject({
      status: 401,
      code: 1200,
    });
    expect(await identitiesOf(email)).toHaveLength(1);

    microsoft.addAccount('ms-jo', { email, name: 'Jo', tid, xmsEdov: true });
    const viaMicrosoft = await signInThrough(microsoft, 'microsoft', 'ms-jo');
    expect(await loginCodeOwner(viaMicrosoft.callback, viaMicrosoft.cookie)).toBe(email);
    expect((await identitiesOf(email)).map((i) => [i.issuer, i.subject])).toEqual(
      [
        [google.issuer, 'sub-jo'],
        [tenantIssuer, 'ms-jo'],
      ].sort(),
    );
  });

  it('an address the provider does not vouch for links nothing; a known sub signs in whatever it says', async () => {
    const kim = unique('kim', 'acme.test');
    const account = await t.repos.accounts.create({ email: kim, fullName: 'Kim' });
    google.addAccount('sub-kim', { email: kim, name: 'Mallory', emailVerified: false });
    const unverified = await signInThrough(google, 'google', 'sub-kim');
    expect(errorOf(await openCallback(t, unverified.callback, unverified.cookie))).toMatchObject({
      status: 401,
      code: 1200,
    });
    expect(await t.repos.identities.listByAccount(account.id)).toEqual([]);

    const lee = unique('lee', 'acme.test');
    google.addAccount('sub-lee', { email: lee, name: 'Lee' });
    const linked = await signInThrough(google, 'google', 'sub-lee');
    expect(await loginCodeOwner(linked.callback, linked.cookie)).toBe(lee);
    google.addAccount('sub-lee', {
      email: unique('lee-old', 'acme.test'),
      name: 'Lee',
      emailVerified: false,
    });
    const again = await signInThrough(google, 'google', 'sub-lee');
    expect(await loginCodeOwner(again.callback, again.cookie)).toBe(lee);
  });

  it("Microsoft: a work account's email_verified is not enough without xms_edov", async () => {
    const email = unique('max', 'contoso.test');
    microsoft.addAccount('ms-max', { email, name: 'Max', tid, emailVerified: true });
    const { callback, cookie } = await signInThrough(microsoft, 'microsoft', 'ms-max');
    await refused(callback, cookie, email);
    // The refused ID token did say email_verified.
    expect(decodeJwt(microsoft.lastIdToken as string)).toMatchObject({ sub: 'ms-max', email_verified: true });
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
