import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { issueAuthCode } from '../src/auth/auth-codes';
import { createTokenSigner } from '../src/auth/tokens';
import { demoAccounts } from '../src/seed/demo-data';
import { accountId, authCodeFor, errorOf, exchangeCode, setupTestApp, signIn } from './helper';

const t = setupTestApp();

const profileWith = (authorization?: string) =>
  t.app.inject({ url: '/api/v2/profile', headers: authorization === undefined ? {} : { authorization } });

describe('GET /api/v2/profile', () => {
  it('returns the signed-in account', async () => {
    const tokens = await signIn(t, demoAccounts.solo.email);
    const response = await profileWith(`Bearer ${tokens.accessToken}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      id: await accountId(t, demoAccounts.solo.email),
      email: demoAccounts.solo.email,
      fullName: demoAccounts.solo.fullName,
      isStaff: false,
    });
    // The scheme is case-insensitive (RFC 9110).
    expect((await profileWith(`bearer ${tokens.accessToken}`)).statusCode).toBe(200);
  });

  it('tells staff apart (the console offers them the internal pages)', async () => {
    const tokens = await signIn(t, demoAccounts.staff.email);
    expect((await profileWith(`Bearer ${tokens.accessToken}`)).json()).toMatchObject({
      email: demoAccounts.staff.email,
      fullName: 'Sid Staff',
      isStaff: true,
    });
  });

  it.each([
    ['no Authorization header', undefined],
    ['an empty header', ''],
    ['only the scheme', 'Bearer'],
    ['another scheme', 'Basic b2xpdmlhOnNlY3JldA=='],
    ['garbage', 'Bearer garbage'],
    ['a JWT-looking garbage', 'Bearer aaa.bbb.ccc'],
    ['binary junk', `Bearer ${'\u00ff'.repeat(10)}`],
    ['a huge header', `Bearer ${'a'.repeat(8000)}`],
  ])('answers 401 with errorCode 1200 for %s', async (_label, header) => {
    expect(errorOf(await profileWith(header))).toEqual({ status: 401, code: 1200, data: null });
  });

  it('refuses an auth code used as a bearer token', async () => {
    const code = await authCodeFor(t, demoAccounts.olivia.email);
    expect(errorOf(await profileWith(`Bearer ${code}`))).toMatchObject({ status: 401, code: 1200 });
  });

  it('refuses a refresh token used as a bearer token', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    expect(errorOf(await profileWith(`Bearer ${tokens.refreshToken}`))).toMatchObject({
      status: 401,
      code: 1200,
    });
  });

  it('refuses an expired access token', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    const [session] = await t.db.query<{ id: number }>('SELECT id FROM sessions ORDER BY id DESC LIMIT 1');
    const uid = await accountId(t, demoAccounts.olivia.email);
    const expired = await t.tokens.signAccessToken({ uid, sid: session?.id as number }, -1);
    expect(errorOf(await profileWith(`Bearer ${expired.token}`))).toMatchObject({ status: 401, code: 1200 });
    expect((await profileWith(`Bearer ${tokens.accessToken}`)).statusCode).toBe(200);
  });

  it('refuses an access token signed with another key', async () => {
    const forged = await createTokenSigner(randomBytes(32)).signAccessToken({ uid: 1, sid: 1 });
    expect(errorOf(await profileWith(`Bearer ${forged.token}`))).toMatchObject({ status: 401, code: 1200 });
  });

  it('refuses an access token whose account is gone', async () => {
    const account = await t.repos.accounts.create({ email: 'gone@example.test', fullName: 'Gone' });
    const tokens = (await exchangeCode(t, await issueAuthCode(t.db, t.tokens, account.id))).json();
    expect((await profileWith(`Bearer ${tokens.accessToken}`)).statusCode).toBe(200);
    await t.db.query('DELETE FROM accounts WHERE id = $1', [account.id]);
    expect(errorOf(await profileWith(`Bearer ${tokens.accessToken}`))).toMatchObject({
      status: 401,
      code: 1200,
    });
  });
});
