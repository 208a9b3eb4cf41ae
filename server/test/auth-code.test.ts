import { randomBytes, randomUUID } from 'node:crypto';
import { isAuthCode, tokenUid } from '@domain/auth-token';
import { ErrorCode } from '@domain/error-codes';
import { describe, expect, it } from 'vitest';
import { decodeTokenKind } from '../src/auth/token-kind';
import { createTokenSigner } from '../src/auth/tokens';
import { demoAccounts } from '../src/seed/demo-data';
import { accountId, authCodeFor, errorOf, exchangeCode, setupTestApp, withBearer } from './helper';

const t = setupTestApp();

describe('POST /api/v2/auth/code', () => {
  it('exchanges a fresh code for tokens that open the profile', async () => {
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    const response = await exchangeCode(t, code);
    expect(response.statusCode).toBe(200);
    const tokens = response.json();
    expect(Object.keys(tokens).sort()).toEqual(['accessToken', 'expiresAt', 'refreshToken']);
    expect(tokens.refreshToken).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
    const now = Math.floor(Date.now() / 1000);
    expect(tokens.expiresAt).toBeGreaterThan(now + 3500);
    expect(tokens.expiresAt).toBeLessThanOrEqual(now + 3601);

    const profile = await t.app.inject({ url: '/api/v2/profile', headers: withBearer(tokens.accessToken) });
    expect(profile.json()).toEqual({
      id: await accountId(t, demoAccounts.olivia.email),
      email: demoAccounts.olivia.email,
      fullName: demoAccounts.olivia.fullName,
      isStaff: false,
    });
  });

  it('issues codes the console recognises by decoding, and refresh tokens it does not', async () => {
    const code = await authCodeFor(t, demoAccounts.mia.email);
    expect(decodeTokenKind(code)).toBe('auth_code');
    expect(isAuthCode(code)).toBe(true);
    expect(tokenUid(code)).toBe(await accountId(t, demoAccounts.mia.email));
    const tokens = (await exchangeCode(t, code)).json();
    expect(decodeTokenKind(tokens.refreshToken)).toBeNull();
    expect(isAuthCode(tokens.refreshToken)).toBe(false);
    expect(decodeTokenKind(tokens.accessToken)).toBe('access');
  });

  it('accepts the code alone, and stores the device info with the session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/code',
      payload: { code: await authCodeFor(t, demoAccounts.adam.email) },
    });
    expect(response.statusCode).toBe(200);

    await exchangeCode(t, await authCodeFor(t, demoAccounts.bella.email), {
      app: 'spark-web',
      locale: 'de-DE',
    });
    const [row] = await t.db.query<{ device: Record<string, string> }>(
      `SELECT s.device FROM sessions s JOIN accounts a ON a.id = s.account_id WHERE a.email = $1`,
      [demoAccounts.bella.email],
    );
    expect(row?.device).toMatchObject({ app: 'spark-web', platform: 'web', locale: 'de-DE' });
  });

  it('refuses a code used before: 401 with errorCode 1200', async () => {
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    expect((await exchangeCode(t, code)).statusCode).toBe(200);
    const again = await exchangeCode(t, code);
    expect(errorOf(again)).toEqual({ status: 401, code: ErrorCode.tokenInvalid, data: null });
    expect(again.json().errorMessage).toBe('Token is invalid');
  });

  it('lets only one of two simultaneous exchanges of the same code win', async () => {
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    const statuses = (await Promise.all([exchangeCode(t, code), exchangeCode(t, code)])).map(
      (r) => r.statusCode,
    );
    expect(statuses.sort()).toEqual([200, 401]);
  });

  it('refuses an expired code', async () => {
    const code = await authCodeFor(t, demoAccounts.olivia.email, -5);
    expect(errorOf(await exchangeCode(t, code))).toMatchObject({ status: 401, code: 1200 });
  });

  it('refuses a code whose row expired even if the JWT has not (clock kept by the database)', async () => {
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    await t.db.query("UPDATE auth_codes SET expires_at = now() - interval '1 second'");
    expect(errorOf(await exchangeCode(t, code))).toMatchObject({ status: 401, code: 1200 });
  });

  it('refuses a code signed with another key, even for a real code id', async () => {
    const uid = await accountId(t, demoAccounts.olivia.email);
    const jti = randomUUID();
    await t.repos.authCodes.create({ jti, accountId: uid, expiresAt: new Date(Date.now() + 60_000) });
    const forged = await createTokenSigner(randomBytes(32)).signAuthCode({ uid, jti });
    expect(errorOf(await exchangeCode(t, forged))).toMatchObject({ status: 401, code: 1200 });
  });

  it('refuses a code whose uid was changed', async () => {
    const code = await authCodeFor(t, demoAccounts.mia.email);
    const [header, payload, signature] = code.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    claims.uid = await accountId(t, demoAccounts.olivia.email);
    const tampered = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
    expect(errorOf(await exchangeCode(t, tampered))).toMatchObject({ status: 401, code: 1200 });
  });

  it.each([
    ['garbage', 'not-a-token'],
    ['a refresh token', `rt_${randomBytes(32).toString('base64url')}`],
    ['three dots of nothing', '..'],
    [
      'an alg=none JWT',
      `${Buffer.from('{"alg":"none"}').toString('base64url')}.${Buffer.from('{"kind":"auth_code","uid":1,"jti":"x"}').toString('base64url')}.`,
    ],
  ])('refuses %s as a code', async (_label, code) => {
    expect(errorOf(await exchangeCode(t, code))).toMatchObject({ status: 401, code: 1200 });
  });

  it('refuses an access token as a code', async () => {
    const tokens = (await exchangeCode(t, await authCodeFor(t, demoAccounts.olivia.email))).json();
    expect(errorOf(await exchangeCode(t, tokens.accessToken))).toMatchObject({ status: 401, code: 1200 });
  });

  it('validates the body: missing code, unknown field, oversized device info', async () => {
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v2/auth/code',
      payload: { platform: 'web' },
    });
    expect(errorOf(missing)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'code', message: 'is required' }],
    });
    expect(missing.json().errorMessage).toBe('Validation error');

    const unknown = await exchangeCode(t, 'x', { password: 'hunter2' });
    expect(errorOf(unknown)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'password', message: 'is not allowed' }],
    });

    const long = await exchangeCode(t, 'x', { device: 'd'.repeat(201), version: 3 });
    expect(errorOf(long).data).toEqual([
      { field: 'version', message: 'is invalid' },
      { field: 'device', message: 'is too long' },
    ]);

    const empty = await exchangeCode(t, '');
    expect(errorOf(empty).data).toEqual([{ field: 'code', message: 'must not be empty' }]);
  });
});
