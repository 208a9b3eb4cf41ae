import { describe, expect, it } from 'vitest';
import { KEY_MISS_WINDOW_MS, KEY_MISSES_PER_WINDOW } from '../src/http/rate-limit';
import { SIGN_IN_FAILURE_WINDOW_MS, SIGN_IN_FAILURES_PER_WINDOW } from '../src/routes/auth.routes';
import { INVITATION_CALLS_PER_HOUR } from '../src/routes/collab-teams-invite.routes';
import { IMAGE_UPLOADS_PER_HOUR } from '../src/routes/support/image-routes';
import { demoAccounts } from '../src/seed/demo-data';
import { authCodeFor, errorOf, setupTestApp } from './helper';
import { call, createSignedInTeam, multipartFile, refOf, TINY_PNG } from './team-fixtures';

const t = setupTestApp();

const device = { platform: 'web', version: '1.0', osVersion: 'Linux', device: 'Chrome', locale: 'en' };

const exchange = (code: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v2/auth/code', payload: { code, ...device }, remoteAddress });

const refresh = (refreshToken: string, remoteAddress = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/refresh', payload: { refreshToken }, remoteAddress });

describe('sign-in guessing is bounded per client address', () => {
  it('wrong codes are answered 401 until the misses are spent, then 429 with Retry-After, a right code too', async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_PER_WINDOW; i++) {
      expect(errorOf(await exchange(`wrong-${i}`)), `attempt ${i + 1}`).toMatchObject({
        status: 401,
        code: 1200,
      });
    }
    const refused = await exchange('wrong-again');
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_FAILURE_WINDOW_MS / 1000);
    expect(refused.json()).toEqual({
      errorCode: 1800,
      errorMessage: 'Too many attempts. Please try again later',
      errorData: { retryAfter },
    });
    // A guesser learns nothing from a right code either, and a refresh token is no way around it.
    expect((await exchange(await authCodeFor(t, demoAccounts.olivia.email))).statusCode).toBe(429);
    expect((await refresh('some-refresh-token')).statusCode).toBe(429);

    // Another client is not held back.
    const other = await exchange(await authCodeFor(t, demoAccounts.olivia.email), '198.51.100.20');
    expect(other.statusCode).toBe(200);

    // Once the window is over, the client may sign in again.
    t.clock.advance(SIGN_IN_FAILURE_WINDOW_MS + 1000);
    expect((await exchange(await authCodeFor(t, demoAccounts.mia.email))).statusCode).toBe(200);
  });

  it('honest sign-ins never count, however many', async () => {
    const address = '192.0.2.44';
    for (let i = 0; i < SIGN_IN_FAILURES_PER_WINDOW + 5; i++) {
      const tokens = (await exchange(await authCodeFor(t, demoAccounts.adam.email), address)).json();
      expect((await refresh(tokens.refreshToken, address)).statusCode, `sign-in ${i + 1}`).toBe(200);
    }
  });
});

describe('mail and uploads are bounded per sender', () => {
  it('invite and resend share one hourly allowance per inviting team user', async () => {
    const { world, owner, admin } = await createSignedInTeam(t);
    const base = `/api/v1/collab/teams/${refOf(world.owner)}`;
    for (let i = 0; i < INVITATION_CALLS_PER_HOUR - 1; i++) {
      const resend = await call(t, owner, 'POST', `${base}/resend-invitation`, [
        { email: `nobody${i}@x.test` },
      ]);
      expect(resend.statusCode, `call ${i + 1}`).toBe(200);
    }
    expect((await call(t, owner, 'POST', `${base}/invite`, [{ email: 'last@x.test' }])).statusCode).toBe(200);
    const refused = await call(t, owner, 'POST', `${base}/invite`, [{ email: 'one-more@x.test' }]);
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.repos.teamUsers.findByEmailInTeam(world.team.id, 'one-more@x.test')).toBeNull();
    // The admin of the same team has an allowance of their own.
    const adminBase = `/api/v1/collab/teams/${refOf(world.admin)}`;
    expect(
      (await call(t, admin, 'POST', `${adminBase}/invite`, [{ email: 'by-admin@x.test' }])).statusCode,
    ).toBe(200);
  });

  it("a stranger cannot spend a member's allowance: the membership is checked first", async () => {
    const { world } = await createSignedInTeam(t);
    const { owner: stranger } = await createSignedInTeam(t);
    const base = `/api/v1/collab/teams/${refOf(world.owner)}`;
    for (let i = 0; i < INVITATION_CALLS_PER_HOUR + 2; i++) {
      const answer = await call(t, stranger, 'POST', `${base}/invite`, [{ email: `s${i}@x.test` }]);
      expect(answer.statusCode).not.toBe(429);
    }
  });

  it('avatar uploads are bounded per account', async () => {
    const { world, member } = await createSignedInTeam(t);
    const url = `/api/v1/collab/${refOf(world.member)}/users/${world.member.id}/avatar`;
    const upload = () => {
      const { payload, headers } = multipartFile(TINY_PNG);
      return call(t, member, 'POST', url, payload, headers);
    };
    for (let i = 0; i < IMAGE_UPLOADS_PER_HOUR; i++)
      expect((await upload()).statusCode, `upload ${i + 1}`).toBe(200);
    expect(errorOf(await upload())).toMatchObject({ status: 429, code: 1800 });
  });
});

describe('one-time keys in links cannot be guessed at speed', () => {
  it.each([
    [
      'an invitation join key',
      (key: string) => ({ method: 'POST' as const, url: `/api/v1/teams/join/${key}` }),
    ],
    ['a redirect key', (key: string) => ({ method: 'GET' as const, url: `/api/v1/redirects/${key}` })],
    [
      'a mailed sign-in link key',
      (key: string) => ({ method: 'GET' as const, url: `/api/v1/auth/web/login/email/callback?key=${key}` }),
    ],
  ])(
    '%s: unknown keys are 404 until the misses are spent, then 429 from that address only',
    async (_name, request) => {
      const guess = (i: number, remoteAddress = '203.0.113.99') =>
        t.app.inject({ ...request(`${'A'.repeat(40)}${String(i).padStart(3, '0')}`), remoteAddress });
      for (let i = 0; i < KEY_MISSES_PER_WINDOW; i++) {
        expect(errorOf(await guess(i)), `guess ${i + 1}`).toMatchObject({ status: 404, code: 2200 });
      }
      const refused = await guess(999);
      expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(errorOf(await guess(998, '198.51.100.77'))).toMatchObject({ status: 404, code: 2200 });
      t.clock.advance(KEY_MISS_WINDOW_MS + 1000);
      expect(errorOf(await guess(997))).toMatchObject({ status: 404, code: 2200 });
    },
  );
});
