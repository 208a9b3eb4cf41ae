import { randomBytes } from 'node:crypto';
import type { Tokens } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { hashRefreshToken } from '../src/auth/refresh-token';
import { demoAccounts } from '../src/seed/demo-data';
import { errorOf, refreshMultipart, setupTestApp, signIn, withBearer } from './helper';

const t = setupTestApp();

/** Moves the token's rotation back in time, as if the grace window had passed. */
async function ageRotation(refreshToken: string, seconds: number) {
  await t.db.query(
    `UPDATE sessions SET rotated_at = rotated_at - make_interval(secs => $2) WHERE token_hash = $1`,
    [hashRefreshToken(refreshToken), seconds],
  );
}

const profileStatus = async (tokens: Tokens) =>
  (await t.app.inject({ url: '/api/v2/profile', headers: withBearer(tokens.accessToken) })).statusCode;

describe('POST /api/v1/auth/refresh', () => {
  it('rotates: a new refresh token and a working access token', async () => {
    const first = await signIn(t, demoAccounts.olivia.email);
    const response = await refreshMultipart(t, first.refreshToken);
    expect(response.statusCode).toBe(200);
    const second = response.json<Tokens>();
    expect(second.refreshToken).toMatch(/^rt_/);
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect(second.accessToken).not.toBe(first.accessToken);
    expect(await profileStatus(second)).toBe(200);
    // The new token rotates in turn.
    expect((await refreshMultipart(t, second.refreshToken)).statusCode).toBe(200);
  });

  it('stores only a hash of the refresh token', async () => {
    const tokens = await signIn(t, demoAccounts.mia.email);
    const rows = await t.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions');
    expect(rows.some((r) => r.token_hash === tokens.refreshToken)).toBe(false);
    expect(rows.some((r) => r.token_hash === hashRefreshToken(tokens.refreshToken))).toBe(true);
  });

  it('accepts urlencoded and JSON bodies too', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ refreshToken: tokens.refreshToken }).toString(),
    });
    expect(form.statusCode).toBe(200);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: form.json<Tokens>().refreshToken },
    });
    expect(json.statusCode).toBe(200);
  });

  it('lets two tabs refresh with the same token at once: both succeed', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    const [a, b] = await Promise.all([
      refreshMultipart(t, tokens.refreshToken),
      refreshMultipart(t, tokens.refreshToken),
    ]);
    expect([a?.statusCode, b?.statusCode]).toEqual([200, 200]);
    const tabA = a?.json<Tokens>() as Tokens;
    const tabB = b?.json<Tokens>() as Tokens;
    expect(tabA.refreshToken).not.toBe(tabB.refreshToken);
    // Both new tokens belong to the live family and keep working.
    expect((await refreshMultipart(t, tabA.refreshToken)).statusCode).toBe(200);
    expect((await refreshMultipart(t, tabB.refreshToken)).statusCode).toBe(200);
  });

  it('still accepts the old token shortly after rotation (grace window)', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    expect((await refreshMultipart(t, tokens.refreshToken)).statusCode).toBe(200);
    await ageRotation(tokens.refreshToken, 25);
    expect((await refreshMultipart(t, tokens.refreshToken)).statusCode).toBe(200);
  });

  it('treats reuse after the grace window as theft: 401 and the whole family revoked', async () => {
    const stolen = await signIn(t, demoAccounts.olivia.email);
    const rotated = (await refreshMultipart(t, stolen.refreshToken)).json<Tokens>();
    const newer = (await refreshMultipart(t, rotated.refreshToken)).json<Tokens>();
    await ageRotation(stolen.refreshToken, 31);

    expect(errorOf(await refreshMultipart(t, stolen.refreshToken))).toEqual({
      status: 401,
      code: 1200,
      data: null,
    });
    // Every token and access token of the family is dead now.
    expect(errorOf(await refreshMultipart(t, newer.refreshToken))).toMatchObject({ status: 401, code: 1200 });
    expect(await profileStatus(newer)).toBe(401);
    expect(await profileStatus(rotated)).toBe(401);

    // Other sessions of the same person are untouched.
    const other = await signIn(t, demoAccounts.olivia.email);
    expect((await refreshMultipart(t, other.refreshToken)).statusCode).toBe(200);
  });

  it('refuses unknown, expired and revoked tokens', async () => {
    const unknown = `rt_${randomBytes(32).toString('base64url')}`;
    expect(errorOf(await refreshMultipart(t, unknown))).toMatchObject({ status: 401, code: 1200 });
    expect(errorOf(await refreshMultipart(t, 'garbage'))).toMatchObject({ status: 401, code: 1200 });

    for (const spoil of [
      "UPDATE sessions SET expires_at = now() - interval '1 second' WHERE token_hash = $1", // expired
      'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1', // revoked
    ]) {
      const tokens = await signIn(t, demoAccounts.mia.email);
      await t.db.query(spoil, [hashRefreshToken(tokens.refreshToken)]);
      expect(errorOf(await refreshMultipart(t, tokens.refreshToken)), spoil).toMatchObject({
        status: 401,
        code: 1200,
      });
    }
  });

  it('refuses an access token or an auth code as a refresh token', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    expect(errorOf(await refreshMultipart(t, tokens.accessToken))).toMatchObject({ status: 401, code: 1200 });
  });

  it('answers 400 with errorCode 10 when the field is missing or not a string', async () => {
    const boundary = 'xyz';
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="other"\r\n\r\nx\r\n--${boundary}--\r\n`,
    });
    expect(errorOf(missing)).toEqual({
      status: 400,
      code: 10,
      data: [
        { field: 'refreshToken', message: 'is required' },
        { field: 'other', message: 'is not allowed' },
      ],
    });

    const noBody = await t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh' });
    expect(errorOf(noBody)).toEqual({
      status: 400,
      code: 10,
      data: [{ field: 'body', message: 'is required' }],
    });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: 5 },
    });
    expect(errorOf(wrongType).data).toEqual([{ field: 'refreshToken', message: 'is invalid' }]);

    const empty = await refreshMultipart(t, '');
    expect(errorOf(empty).data).toEqual([{ field: 'refreshToken', message: 'must not be empty' }]);
  });
});
