import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type ConsolePageSettings, DEFAULT_CONSOLE_SETTINGS } from '@domain/console-settings';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { registerConsole } from '../src/http/console-static';
import { consoleCsp, registerSecurityHeaders } from '../src/http/security-headers';
import { ConfigError, loadConfig } from '../src/settings/config';
import { buildTestApp, type TestApp } from './helper';

const html = { accept: 'text/html' };

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: unknown): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe('security headers on a running console', () => {
  const holder: { t?: TestApp } = {};
  beforeAll(async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'spark-dist-'));
    await mkdir(path.join(distDir, 'assets'));
    await writeFile(path.join(distDir, 'index.html'), '<!doctype html><div id="root"></div>');
    await writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
    holder.t = await buildTestApp({ distDir, seed: false });
    return () => holder.t?.close();
  });
  const inject = (url: string, headers: Record<string, string> = {}) =>
    (holder.t as TestApp).app.inject({ url, headers });

  it('every kind of answer carries them: pages, assets, API JSON, API errors, 404s', async () => {
    const answers = [
      await inject('/', html),
      await inject('/web-login', html),
      await inject('/assets/app-abc123.js'),
      await inject('/api/v2/profile'),
      await inject('/api/v1/no-such-call'),
      await inject('/assets/missing.js', { accept: '*/*' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 401, 404, 404]);
    for (const answer of answers) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['referrer-policy']).toBe('no-referrer');
      const csp = directives(answer.headers['content-security-policy']);
      expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
      expect(csp.get('object-src')).toEqual(["'none'"]);
      // Served over plain HTTP: HSTS would be ignored, so it is not sent.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
      // The request's id, for finding its log lines (http/request-id.ts).
      expect(answer.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('allows no inline script and no eval on any page', async () => {
    for (const url of ['/', '/web-login', '/teams/1-2/billing', '/public-files/abc?s=x']) {
      const scripts = directives((await inject(url, html)).headers['content-security-policy']).get(
        'script-src',
      );
      expect(scripts, url).toContain("'self'");
      expect(scripts?.join(' '), url).not.toMatch(/unsafe-inline|unsafe-eval|data:|\*/);
    }
  });

  it("lets Stripe's origins in on the billing page only, where the card form opens", async () => {
    const billing = directives(
      (await inject('/teams/1-2/billing?result=success', html)).headers['content-security-policy'],
    );
    expect(billing.get('script-src')).toContain('https://js.stripe.com');
    expect(billing.get('frame-src')).toContain('https://hooks.stripe.com');
    expect(billing.get('connect-src')).toContain('https://api.stripe.com');
    for (const url of ['/teams/1-2/overview', '/teams/1-2/users', '/web-login', '/teams/1-2/billingx']) {
      const header = String((await inject(url, html)).headers['content-security-policy']);
      expect(header, url).not.toContain('stripe.com');
    }
  });

  it("lets Paddle's origins in on the billing page and Paddle's payment link page only", async () => {
    for (const url of ['/teams/1-2/billing?provider=paddle', '/paddle-pay?_ptxn=txn_01abc']) {
      const csp = directives((await inject(url, html)).headers['content-security-policy']);
      expect(csp.get('script-src'), url).toContain('https://cdn.paddle.com');
      expect(csp.get('frame-src'), url).toEqual(
        expect.arrayContaining(['https://buy.paddle.com', 'https://sandbox-buy.paddle.com']),
      );
      expect(csp.get('connect-src'), url).toContain('https://checkout-service.paddle.com');
    }
    // The payment link page has no card form of Stripe's.
    expect((await inject('/paddle-pay', html)).headers['content-security-policy']).not.toContain(
      'stripe.com',
    );
    for (const url of ['/teams/1-2/overview', '/web-login', '/paddle-payx', '/back-to-app']) {
      const header = (await inject(url, html)).headers['content-security-policy'];
      expect(header, url).not.toContain('paddle.com');
    }
  });

  it('caches fingerprinted assets for a year and never the page', async () => {
    expect((await inject('/assets/app-abc123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await inject('/teams/1-2/overview', html)).headers['cache-control']).toBe('no-cache');
  });
});

describe('the security headers themselves', () => {
  // What @fastify/helmet 13 (helmet 8) sent with this server's options, which these replace.
  const helmetHeaders = {
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };

  it('go on answers, thrown errors and 404s alike', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, () => 'http://127.0.0.1:3000');
    app.get('/ok', async () => ({ ok: true }));
    app.get('/fails', async () => {
      throw new Error('boom');
    });
    for (const url of ['/ok', '/fails', '/missing']) {
      const response = await app.inject({ url });
      expect(response.headers, url).toMatchObject(helmetHeaders);
      expect(response.headers['strict-transport-security'], url).toBeUndefined();
    }
    await app.close();
  });
});

describe('HSTS', () => {
  it('is sent when the public address is HTTPS', async () => {
    const app = Fastify();
    await registerSecurityHeaders(app, () => 'https://console.example.com');
    app.get('/ping', async () => ({ ok: true }));
    const response = await app.inject({ url: '/ping' });
    expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    await app.close();
  });
});

describe('the operator settings handed to the console', () => {
  async function servePage(settings: ConsolePageSettings) {
    const distDir = await mkdtemp(path.join(tmpdir(), 'spark-dist-'));
    await writeFile(
      path.join(distDir, 'index.html'),
      '<!doctype html><html><head></head><body></body></html>',
    );
    const app = Fastify();
    await registerConsole(app, distDir, settings);
    const response = await app.inject({ url: '/teams/1-2/contact-us', headers: html });
    await app.close();
    return response;
  }

  it('go into index.html as a <meta> element, escaped, and open frame-src to the scheduling pages', async () => {
    const settings = {
      customerSuccessEmail: 'help"<x>@example.com',
      schedulingUrls: { paid: 'https://book.example.com/cs', basic: 'https://sales.example.org/x' },
      signInProviders: ['microsoft' as const],
    };
    const response = await servePage(settings);
    const meta = /<meta name="spark-console-settings" content="([^"]*)">/.exec(response.body);
    expect(meta?.[1]).not.toMatch(/[<>"]/);
    const decoded = (meta?.[1] ?? '').replace(/&#(\d+);/g, (_m, code) => String.fromCharCode(Number(code)));
    expect(JSON.parse(decoded)).toEqual(settings);
    expect(directives(response.headers['content-security-policy']).get('frame-src')).toEqual([
      "'self'",
      'https://book.example.com',
      'https://sales.example.org',
    ]);
  });

  it("are read from the environment, with today's address and pages as defaults", () => {
    expect(loadConfig({}).console).toEqual(DEFAULT_CONSOLE_SETTINGS);
    expect(
      loadConfig({
        CUSTOMER_SUCCESS_EMAIL: ' cs@example.com ',
        SCHEDULING_URL_PAID: 'https://book.example.com/cs',
      }).console,
    ).toEqual({
      customerSuccessEmail: 'cs@example.com',
      schedulingUrls: {
        paid: 'https://book.example.com/cs',
        basic: DEFAULT_CONSOLE_SETTINGS.schedulingUrls.basic,
      },
    });
    expect(() => loadConfig({ CUSTOMER_SUCCESS_EMAIL: 'nobody' })).toThrow(ConfigError);
    expect(() => loadConfig({ SCHEDULING_URL_BASIC: 'http://plain.example.com' })).toThrow(ConfigError);
  });

  it('consoleCsp frames nothing beyond this origin and the given scheduling origins', () => {
    expect(directives(consoleCsp('/teams/1-2/contact-us')).get('frame-src')).toEqual(["'self'"]);
    expect(directives(consoleCsp('/', ['https://calendly.com'])).get('frame-src')).toEqual([
      "'self'",
      'https://calendly.com',
    ]);
  });
});
