// No Postgres database: the pages plugin on a bare Fastify app, no sandbox behind it.
import { Script } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapeHtml, html } from './html';
import { stripeSandboxPages } from './pages-plugin';

const publishableKey = 'pk_test_sandbox_pages';
let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(stripeSandboxPages, { publishableKey, publicUrl: () => 'http://console.test/' });
  await app.ready();
});
afterAll(() => app.close());

/** Every way a page could run script that a strict CSP or the escaping should rule out. */
function expectNoInlineScript(body: string) {
  expect(body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  expect(body).not.toMatch(/\son[a-z]+\s*=/i);
  expect(body).not.toMatch(/javascript:/i);
}

describe('hosted pages', () => {
  it.each([
    ['/sandbox/stripe/checkout/cs_test_a1B2', 'checkout.js', 'data-session-id="cs_test_a1B2"'],
    [
      '/sandbox/stripe/3ds/seti_123?client_secret=seti_123_secret_x&return_url=%2Fdone',
      'three-d-secure.js',
      'data-intent-id="seti_123"',
    ],
    ['/sandbox/stripe/invoices/in_123', 'invoice.js', 'data-invoice-id="in_123"'],
    ['/sandbox/stripe/portal/bps_123', 'portal.js', 'data-session-id="bps_123"'],
  ])('%s is an HTML shell with its script, not cached, under a strict CSP', async (url, script, data) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain(
      "default-src 'self'; frame-ancestors 'self'",
    );
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.body).toContain(`<script type="module" src="/sandbox/stripe/assets/${script}"></script>`);
    expect(response.body).toContain(data);
    expect(response.body).toContain(`data-publishable-key="${publishableKey}"`);
    expectNoInlineScript(response.body);
  });

  it('the 3-D Secure page returns only to the console: another origin is refused, the origin is handed over', async () => {
    for (const foreign of ['https://evil.example/done', '//evil.example/done', 'javascript:alert(1)']) {
      const response = await app.inject({
        url: '/sandbox/stripe/3ds/pi_123',
        query: { client_secret: 'pi_123_secret_x', return_url: foreign },
      });
      expect(response.statusCode, foreign).toBe(400);
      expect(response.body).toContain('Invalid return address');
      expect(response.body).not.toContain('three-d-secure.js');
    }
    const own = await app.inject({
      url: '/sandbox/stripe/3ds/pi_123',
      query: { client_secret: 'pi_123_secret_x', return_url: 'http://console.test/teams/1-2/billing' },
    });
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('data-return-origin="http://console.test"');
  });

  it('the checkout form has the labelled fields, the alert region and the Subscribe button', async () => {
    const { body } = await app.inject('/sandbox/stripe/checkout/cs_test_1');
    for (const [id, label] of [
      ['email', 'Email'],
      ['card-number', 'Card number'],
      ['card-expiry', 'Expiration'],
      ['card-cvc', 'CVC'],
      ['cardholder-name', 'Cardholder name'],
    ]) {
      expect(body).toContain(`<label for="${id}">${label}</label>`);
      expect(body).toContain(`<input id="${id}" `);
    }
    expect(body).toContain('placeholder="MM / YY"');
    expect(body).toContain('role="alert"');
    expect(body).toContain('>Subscribe</button>');
    expect(body).toContain('novalidate');
  });

  it('the 3-D Secure page renders nothing of its query, so a hostile return_url stays inert', async () => {
    const hostile = '"><script>alert(1)</script>';
    const response = await app.inject(
      `/sandbox/stripe/3ds/pi_1?client_secret=${encodeURIComponent(hostile)}&return_url=${encodeURIComponent(hostile)}`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toContain('alert(1)');
    expect(response.body).toContain('This is a test 3D Secure authentication page');
    expect(response.body).toContain('>Complete authentication</button>');
    expect(response.body).toContain('>Fail authentication</button>');
  });

  it.each([
    '/sandbox/stripe/checkout/%3Cscript%3Ealert(1)%3C%2Fscript%3E',
    '/sandbox/stripe/checkout/cs%22onload%3D1',
    `/sandbox/stripe/3ds/${'x'.repeat(201)}`,
    '/sandbox/stripe/invoices/in-1.2',
    '/sandbox/stripe/portal/bps%22onload%3D1',
    '/sandbox/stripe/nothing-here',
    '/sandbox/stripe/assets/unknown.js',
    '/sandbox/stripe/assets/..%2Fpages-plugin.ts',
    '/sandbox/stripe/assets/card-checks.d.ts',
  ])('%s is a 404 page that repeats nothing of the address', async (url) => {
    const response = await app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('Page not found');
    expect(response.body).not.toContain('alert(1)');
    expect(response.body).not.toContain('onload');
    expectNoInlineScript(response.body);
  });
});

describe('assets', () => {
  it.each([
    ['checkout.js', 'application/javascript; charset=utf-8'],
    ['card-checks.js', 'application/javascript; charset=utf-8'],
    ['pages.css', 'text/css; charset=utf-8'],
  ])('%s is served as %s', async (name, type) => {
    const response = await app.inject(`/sandbox/stripe/assets/${name}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(type);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('page scripts write text, never markup', async () => {
    for (const name of ['checkout.js', 'three-d-secure.js', 'invoice.js', 'page-kit.js', 'card-form.js']) {
      const { body } = await app.inject(`/sandbox/stripe/assets/${name}`);
      expect(body, name).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
  });
});

describe('the Stripe.js stand-in', () => {
  it('is one classic script that defines window.Stripe as react-stripe-js expects it', async () => {
    const response = await app.inject('/sandbox/stripe/js/v3.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.body).not.toMatch(/^\s*(import|export)\s/m);
    const window: Record<string, unknown> = {};
    const context = {
      window,
      document: { currentScript: { src: 'http://127.0.0.1:9/sandbox/stripe/js/v3.js' } },
      location: { origin: 'http://127.0.0.1:9' },
      URL,
    };
    new Script(response.body).runInNewContext(context);
    const Stripe = window.Stripe as (key: string) => Record<string, unknown>;
    expect(typeof Stripe).toBe('function');
    const stripe = Stripe(publishableKey);
    // @stripe/react-stripe-js's isStripe() checks exactly these.
    for (const method of ['elements', 'createToken', 'createPaymentMethod', 'confirmCardPayment']) {
      expect(typeof stripe[method], method).toBe('function');
    }
    for (const method of [
      'confirmCardSetup',
      'retrieveSetupIntent',
      'retrievePaymentIntent',
      '_registerWrapper',
      'registerAppInfo',
    ]) {
      expect(typeof stripe[method], method).toBe('function');
    }
    expect(() => Stripe('')).toThrow(/publishable key/);
  });
});

describe('html', () => {
  it('escapes every interpolated value unless it is already markup', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
    const name = '<img src=x onerror=alert(1)>';
    expect(html`<p>${name}</p>${html`<b>${'&'}</b>`}${[1, '<']}`.markup).toBe(
      '<p>&lt;img src=x onerror=alert(1)&gt;</p><b>&amp;</b>1&lt;',
    );
  });
});
