import type { Tokens } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-data';
import { errorOf, refreshMultipart, setupTestApp, signIn, withBearer } from './helper';

const t = setupTestApp();

const logout = (refreshToken: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/logout', payload: { refreshToken } });

const profileStatus = async (accessToken: string) =>
  (await t.app.inject({ url: '/api/v2/profile', headers: withBearer(accessToken) })).statusCode;

describe('POST /api/v2/auth/logout', () => {
  it('revokes the session: a copied refresh token no longer refreshes, its access token is refused', async () => {
    const tokens = await signIn(t, demoAccounts.olivia.email);
    const copied = tokens.refreshToken;
    expect(await profileStatus(tokens.accessToken)).toBe(200);

    const response = await logout(tokens.refreshToken);
    expect(response.statusCode).toBe(204);

    const refreshed = await refreshMultipart(t, copied);
    expect(errorOf(refreshed)).toMatchObject({ status: 401, code: 1200 });
    expect(await profileStatus(tokens.accessToken)).toBe(401);
  });

  it('revokes the whole family: tokens rotated before and after the one logged out with', async () => {
    const first = await signIn(t, demoAccounts.olivia.email);
    const second = (await refreshMultipart(t, first.refreshToken)).json<Tokens>();
    const third = (await refreshMultipart(t, second.refreshToken)).json<Tokens>();

    expect((await logout(second.refreshToken)).statusCode).toBe(204);

    expect((await refreshMultipart(t, third.refreshToken)).statusCode).toBe(401);
    expect(await profileStatus(third.accessToken)).toBe(401);
    expect(await profileStatus(first.accessToken)).toBe(401);
  });

  it('leaves the account’s other sessions signed in', async () => {
    const here = await signIn(t, demoAccounts.olivia.email);
    const elsewhere = await signIn(t, demoAccounts.olivia.email);
    await logout(here.refreshToken);
    expect(await profileStatus(elsewhere.accessToken)).toBe(200);
    expect((await refreshMultipart(t, elsewhere.refreshToken)).statusCode).toBe(200);
  });

  it('answers 204 for a token that is unknown or already logged out, and 400 without one', async () => {
    const tokens = await signIn(t, demoAccounts.mia.email);
    expect((await logout(tokens.refreshToken)).statusCode).toBe(204);
    expect((await logout(tokens.refreshToken)).statusCode).toBe(204);
    expect((await logout('rt_unknown')).statusCode).toBe(204);
    expect(errorOf(await logout(''))).toMatchObject({ status: 400, code: 10 });
    expect(errorOf(await logout(42))).toMatchObject({ status: 400, code: 10 });
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/openapi.json' })).json<{
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(document.paths['/api/v2/auth/logout']?.post?.requestBody).toBeDefined();
  });
});
