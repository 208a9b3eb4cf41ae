import { describe, expect, it } from 'vitest';
import { createRedirectKey, REDIRECT_KEY_TTL_MS } from '../src/redirects/redirect-key';
import { checkoutIdOf, sandboxStripe } from './billing-fixtures';
import { errorOf, setupTestApp, TEST_PUBLIC_URL } from './helper';
import { call, createSignedInTeam, refOf } from './team-fixtures';

// GET /api/v1/redirects/{id}: one-time keys that send a browser back into the app, and the checkout
// started from the app that makes them.

const t = setupTestApp({ seed: false });

const resolve = (key: string) => t.app.inject({ method: 'GET', url: `/api/v1/redirects/${key}` });

function expectNotFound(response: Awaited<ReturnType<typeof resolve>>) {
  expect(response.statusCode, response.body).toBe(404);
  expect(errorOf(response)).toEqual({ status: 404, code: 2200, data: null });
}

describe('GET /api/v1/redirects/{id}', () => {
  it('answers the url once, then 404 2200; only the hash is stored', async () => {
    const url = 'readdle-spark://checkout?result=success';
    const key = await createRedirectKey(t.db, t.clock, url);
    expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(await t.db.query('SELECT * FROM redirect_keys'))).not.toContain(key);
    const first = await resolve(key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ url });
    expect(first.headers['cache-control']).toBe('no-store');
    expectNotFound(await resolve(key));
  });

  it('an expired key: 404 2200 (10 minutes by default)', async () => {
    const key = await createRedirectKey(t.db, t.clock, '/teams');
    const almost = await createRedirectKey(t.db, t.clock, '/teams');
    t.clock.advance(REDIRECT_KEY_TTL_MS + 1);
    try {
      expectNotFound(await resolve(key));
    } finally {
      t.clock.advance(-(REDIRECT_KEY_TTL_MS + 1));
    }
    t.clock.advance(REDIRECT_KEY_TTL_MS - 1000);
    try {
      expect((await resolve(almost)).statusCode).toBe(200);
    } finally {
      t.clock.advance(-(REDIRECT_KEY_TTL_MS - 1000));
    }
  });

  it.each([
    ['too short', 'abc'],
    ['too long', 'a'.repeat(44)],
    ['bad characters', `${'a'.repeat(42)}%24`],
    ['unknown', 'B'.repeat(43)],
  ])('a %s key: 404 2200', async (_, key) => {
    expectNotFound(await resolve(key));
  });

  it('refuses to make a key to another site (no open redirect)', async () => {
    for (const url of ['https://evil.test/', '//evil.test', 'javascript:alert(1)', '/\\evil.test', '']) {
      await expect(createRedirectKey(t.db, t.clock, url)).rejects.toThrow();
    }
  });
});

describe('checkout started from the app (redirectParams.returnTo: app)', () => {
  it('returns through /back-to-app keys that open the app with the result', async () => {
    const { world, owner } = await createSignedInTeam(t, { plan: 'basic' });
    const ref = refOf(world.owner);
    const response = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
      planId: 'plus_30',
      redirectParams: { returnTo: 'app' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const session = await sandboxStripe(t).checkout.sessions.retrieve(checkoutIdOf(response.json().url));
    const keyOf = (url: string | null) => {
      const parsed = new URL(url ?? 'http://x');
      expect(`${parsed.origin}${parsed.pathname}`).toBe(`${TEST_PUBLIC_URL}/back-to-app`);
      return parsed.searchParams.get('key') ?? '';
    };
    const success = await resolve(keyOf(session.success_url));
    expect(success.json()).toEqual({
      url: `readdle-spark://checkout?result=success&mode=checkout&teamId=${world.team.id}&userId=${world.owner.id}&planId=plus_30`,
    });
    const cancel = await resolve(keyOf(session.cancel_url));
    expect(cancel.json<{ url: string }>().url).toContain('readdle-spark://checkout?result=cancel');
  });

  it('an unknown returnTo: 400 field redirectParams.returnTo', async () => {
    const { world, owner } = await createSignedInTeam(t, { plan: 'basic' });
    const response = await call(t, owner, 'POST', `/api/v2/collab/${refOf(world.owner)}/billing/checkout`, {
      planId: 'plus_30',
      redirectParams: { returnTo: 'https://evil.test' },
    });
    expect(errorOf(response)).toMatchObject({ status: 400, code: 10 });
  });
});
