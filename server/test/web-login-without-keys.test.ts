import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { configuredProviders } from '../src/auth/web-login/oauth-client';
import { newLinkKey, signInLinkUrl } from '../src/auth/web-login/sign-in-link';
import { errorOf, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { openCallback } from './oauth-fixtures';

// A public address without Google or Microsoft keys (the identity sandbox does not run there) and
// without payment keys: the sign-up page offers only the mailed link, every address gets it, and a
// link that cannot reach a checkout is not spent.
const distDir = mkdtempSync(path.join(tmpdir(), 'spark-dist-'));
writeFileSync(path.join(distDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
const t: TestApp = setupTestApp({
  distDir,
  seed: false,
  oauth: { google: null, microsoft: null },
  unconfiguredBilling: true,
});

const html = 'text/html,application/xhtml+xml,*/*;q=0.8';
const notConfigured = { status: 503, code: 1910, data: { reason: 'not_configured' } };

describe('without Google or Microsoft keys', () => {
  it('index.html tells the console that no provider is offered', async () => {
    const page = await t.app.inject({ url: '/web-login', headers: { accept: html } });
    const meta = /<meta name="spark-console-settings" content="([^"]*)">/.exec(page.body)?.[1] ?? '';
    const settings = JSON.parse(meta.replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code))));
    expect(settings.signInProviders).toEqual([]);
    // With keys (or the sandbox) for one of them, that one only.
    const settingsOf = () => ({ issuer: 'https://accounts.google.com', clientId: 'id', clientSecret: 's' });
    expect(configuredProviders({ google: settingsOf, microsoft: null })).toEqual(['google']);
    expect(configuredProviders({ google: settingsOf, microsoft: settingsOf })).toEqual([
      'google',
      'microsoft',
    ]);
  });

  it('Gmail, Outlook and Hotmail addresses are sent no provider: they get the mailed link', async () => {
    for (const email of ['a@gmail.com', 'b@outlook.com', 'c@hotmail.com']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/web/oauth-providers',
        payload: { email },
        remoteAddress: '10.70.0.1',
      });
      expect(response.json(), email).toEqual({ data: { provider: null } });
    }
  });
});

describe('without payment keys', () => {
  const linkRequest = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/web/login/email',
      payload: {
        email,
        destination: 'stripe_checkout',
        teamPlanId: 'premium_365',
        teamId: null,
        app: 'console',
        platform: 'web',
        version: '1.0',
        osVersion: 'Linux',
        device: 'test',
        locale: 'en',
      },
      remoteAddress: '10.70.0.2',
    });

  it('mails no link that could only end on "not configured"', async () => {
    expect(errorOf(await linkRequest('nora@newco.test'))).toEqual(notConfigured);
    const rows = await t.db.query('SELECT 1 FROM web_login_links');
    expect(rows).toEqual([]);
  });

  it('a link mailed before is not spent: a browser is told on /web-login, a program gets the 503', async () => {
    const { key, hash } = newLinkKey();
    await t.repos.webLogin.createLink({
      keyHash: hash,
      email: 'earlier@newco.test',
      destination: 'stripe_checkout',
      teamPlanId: 'premium_365',
      teamId: null,
      device: {},
      expiresAt: new Date(t.clock.now().getTime() + 3600_000),
    });
    const link = signInLinkUrl(TEST_PUBLIC_URL, key);
    const page = await openCallback(t, link, undefined, html);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?link=unavailable`);
    expect(errorOf(await openCallback(t, link))).toEqual(notConfigured);
    const [row] = await t.db.query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM web_login_links WHERE key_hash = $1',
      [hash],
    );
    expect(row?.used).toBe(false);
    expect(await t.repos.accounts.findByEmail('earlier@newco.test')).toBeNull();
  });
});
