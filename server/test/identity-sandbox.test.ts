import { randomBytes } from 'node:crypto';
import { decodeJwt, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../src/auth/web-login/sign-in-link';
import { errorOf, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { openCallback, signInAtSandbox } from './oauth-fixtures';

// The identity sandbox answers as Google and Microsoft do (issue 20, finding 7): Microsoft as its
// multi-tenant endpoint (issuer template, tid, xms_edov), and every person a random, kept `sub`.
const t: TestApp = setupTestApp();

const unique = (name: string, domain: string) => `${name}-${randomBytes(4).toString('hex')}@${domain}`;
/** The sandbox's issuers are at the public URL; this process reaches them at its own address. */
const viaPublicHost = { 'x-forwarded-host': new URL(TEST_PUBLIC_URL).host, 'x-forwarded-proto': 'http' };
const PATHS = { google: '/sandbox/identity/google', microsoft: '/sandbox/identity/microsoft/common/v2.0' };
const TEMPLATE = `${TEST_PUBLIC_URL}/sandbox/identity/microsoft/{tenantid}/v2.0`;

/** Redeems the callback's code at the sandbox's token endpoint, as the product's client would: its ID token. */
async function idTokenOf(provider: 'google' | 'microsoft', callback: string): Promise<JWTPayload> {
  const url = new URL(callback);
  const [state] = await t.db.query<{ codeVerifier: string }>(
    'SELECT code_verifier AS "codeVerifier" FROM web_login_oauth_states WHERE state_hash = $1',
    [sha256(url.searchParams.get('state') as string)],
  );
  const [keys] = await t.db.query<{ secret: string }>(
    'SELECT client_secret AS secret FROM identity_sandbox_keys',
  );
  const basic = Buffer.from(`sandbox-${provider}:${keys?.secret}`).toString('base64');
  const response = await fetch(`${t.baseUrl}${PATHS[provider]}/token`, {
    method: 'POST',
    headers: { ...viaPublicHost, authorization: `Basic ${basic}` },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code: url.searchParams.get('code') as string,
      redirect_uri: `${TEST_PUBLIC_URL}/api/v1/auth/web/oauth/callback`,
      code_verifier: state?.codeVerifier as string,
    }),
  });
  expect(response.status).toBe(200);
  return decodeJwt(((await response.json()) as { id_token: string }).id_token);
}

describe("the sandbox's Microsoft", () => {
  it("is a multi-tenant endpoint: the {tenantid} issuer template, each token its tenant's issuer and tid", async () => {
    const discovery = await fetch(`${t.baseUrl}${PATHS.microsoft}/.well-known/openid-configuration`, {
      headers: viaPublicHost,
    });
    // oidc-provider writes this answer itself: the app's security headers still go with it.
    expect(discovery.headers.get('x-frame-options')).toBe('DENY');
    expect(discovery.headers.get('x-content-type-options')).toBe('nosniff');
    const metadata = (await discovery.json()) as Record<string, unknown>;
    expect(metadata.issuer).toBe(TEMPLATE);
    expect(metadata.authorization_response_iss_parameter_supported).toBeUndefined();

    const email = unique('ada', 'contoso.test');
    const work = await signInAtSandbox(t, 'microsoft', { email, name: 'Ada' });
    expect(new URL(work.callback).searchParams.has('iss')).toBe(false);
    const claims = await idTokenOf('microsoft', work.callback);
    expect(claims.tid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(claims.iss).toBe(TEMPLATE.replace('{tenantid}', claims.tid as string));
    expect(claims).toMatchObject({ email, xms_edov: true });
    expect(claims.email_verified).toBeUndefined();

    // A personal account: Microsoft's consumers tenant, no xms_edov.
    const personal = await signInAtSandbox(t, 'microsoft', {
      email: unique('alan', 'outlook.com'),
      name: 'Alan',
    });
    const consumer = await idTokenOf('microsoft', personal.callback);
    expect(consumer.tid).toBe('9188040d-6c67-4c5b-b112-36a304b66dad');
    expect(consumer.xms_edov).toBeUndefined();
  });

  it('refuses a work account whose organisation did not verify the domain (no xms_edov)', async () => {
    const email = unique('mia', 'fabrikam.test');
    const { callback, cookie } = await signInAtSandbox(t, 'microsoft', {
      email,
      name: 'Mia',
      domainVerified: false,
    });
    expect(errorOf(await openCallback(t, callback, cookie))).toMatchObject({ status: 401, code: 1200 });
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();
  });
});

describe("the sandbox's sub", () => {
  it('is a random id per account, kept: the same at every sign-in, telling nothing about the person', async () => {
    const email = unique('grace', 'gmail.com');
    const first = await idTokenOf(
      'google',
      (await signInAtSandbox(t, 'google', { email, name: 'Grace' })).callback,
    );
    const again = await idTokenOf(
      'google',
      (await signInAtSandbox(t, 'google', { email: email.toUpperCase(), name: 'Grace Hopper' })).callback,
    );
    const other = await idTokenOf(
      'google',
      (await signInAtSandbox(t, 'google', { email: unique('grace', 'gmail.com'), name: 'Grace' })).callback,
    );
    expect(first.sub).toMatch(/^[\w-]{22}$/);
    expect(again.sub).toBe(first.sub);
    expect(other.sub).not.toBe(first.sub);
    expect(again).toMatchObject({ name: 'Grace Hopper' });
    for (const hint of [email, Buffer.from(email).toString('base64url'), 'Grace'])
      expect(first.sub).not.toContain(hint.slice(0, 8));
  });
});
