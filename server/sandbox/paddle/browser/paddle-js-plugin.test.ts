// No Postgres database: the Paddle.js stand-in's routes on a bare Fastify app.
import { Script } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paddleJsStandIn } from './paddle-js-plugin';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  await app.register(paddleJsStandIn);
  await app.ready();
});
afterAll(() => app.close());

describe('Paddle.js stand-in routes', () => {
  it('serves the overlay page as a shell under a strict CSP, with no inline script', async () => {
    const response = await app.inject('/sandbox/paddle/checkout');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'; object-src 'none'",
    );
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(response.body).toContain(
      '<script type="module" src="/sandbox/paddle/assets/overlay-checkout.js"></script>',
    );
    expect(response.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(response.body).not.toMatch(/\son[a-z]+\s*=/i);
    expect(response.body).not.toMatch(/<style|\sstyle=/i);
  });

  it("serves the page's files, the Stripe pages' card checks among them, and nothing else", async () => {
    for (const name of [
      'overlay-checkout.js',
      'card-checks.js',
      'card-form.js',
      'page-kit.js',
      'pages.css',
    ]) {
      const response = await app.inject(`/sandbox/paddle/assets/${name}`);
      expect(response.statusCode, name).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.body, name).not.toMatch(/innerHTML|outerHTML|insertAdjacentHTML|document\.write/);
    }
    for (const name of ['paddle-js-plugin.ts', '..%2Fpaddle-js-plugin.ts', 'open-options.d.ts', 'nope.js']) {
      expect((await app.inject(`/sandbox/paddle/assets/${name}`)).statusCode, name).toBe(404);
    }
  });

  it('paddle.js is one classic script that defines window.PaddleBillingV1 and window.Paddle', async () => {
    const response = await app.inject('/sandbox/paddle/paddle.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.body).not.toMatch(/^\s*(import|export)\s/m);
    const window: Record<string, unknown> = {};
    const errors: string[] = [];
    new Script(response.body).runInNewContext({
      window,
      URL,
      document: { currentScript: { src: 'http://127.0.0.1:3000/sandbox/paddle/paddle.js' } },
      URLSearchParams,
      location: { origin: 'http://127.0.0.1:3000', href: 'http://127.0.0.1:3000/', search: '' },
      console: { error: (message: string) => errors.push(message) },
    });
    const paddle = window.PaddleBillingV1 as {
      Initialized: boolean;
      Initialize(options: unknown): void;
      Update(options: unknown): void;
      Environment: { set(environment: string): void };
      Checkout: { open(options: unknown): void; close(): void };
      Version: string;
    };
    expect(window.Paddle).toBe(paddle);
    expect(paddle.Version).toBe('v1');
    paddle.Checkout.open({ items: [{ priceId: 'pri_1' }] });
    expect(errors).toEqual(['[Paddle] Call Paddle.Initialize before Paddle.Checkout.open.']);
    paddle.Environment.set('sandbox');
    paddle.Initialize({ token: 'nope' });
    expect(paddle.Initialized).toBe(false);
    paddle.Initialize({ token: 'test_abc', eventCallback: () => {} });
    expect(paddle.Initialized).toBe(true);
    paddle.Update({ checkout: { settings: { theme: 'dark' } } });
    paddle.Checkout.open({ items: [] });
    expect(errors.at(-1)).toBe('[Paddle] items must be a non-empty list.');
    paddle.Checkout.close();
    expect(errors).toHaveLength(3);
  });
});
