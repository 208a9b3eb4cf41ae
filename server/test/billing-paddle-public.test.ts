import { describe, expect, it } from 'vitest';
import { PADDLE_JS_READS_PER_MINUTE } from '../src/routes/billing-paddle-public.routes';
import { errorOf, setupTestApp } from './helper';

// GET /api/v1/billing-paddle/paddle-js: what the payment link page (/paddle-pay) needs to load
// Paddle.js, for anyone, no token; nothing but the public client token, and null without Paddle.

const url = '/api/v1/billing-paddle/paddle-js';
const withPaddle = setupTestApp({ paddle: true });
const withoutPaddle = setupTestApp();

describe('the Paddle.js settings of the payment link page', () => {
  it('answers anyone, with no token, the client token, environment and stand-in script only', async () => {
    const answer = await withPaddle.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.1' });
    expect(answer.statusCode).toBe(200);
    const body = answer.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['clientToken', 'environment', 'scriptUrl']);
    expect(body).toMatchObject({ environment: 'sandbox', scriptUrl: '/sandbox/paddle/paddle.js' });
    const sandbox = withPaddle.paddleSandbox;
    if (!sandbox) throw new Error('the test app has no Paddle sandbox');
    expect(body.clientToken).toBe(sandbox.clientToken);
    // The secret keys never leave the server.
    expect(answer.body).not.toContain(sandbox.apiKey);
    expect(answer.body).not.toContain(sandbox.webhookSecret);
    expect(answer.headers['cache-control'] ?? '').not.toMatch(/public/);
  });

  it('answers null while Paddle is not configured', async () => {
    const answer = await withoutPaddle.app.inject({ method: 'GET', url, remoteAddress: '198.51.100.2' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toBeNull();
  });

  it('is limited per client address: past the limit 429 1800, another address still answered', async () => {
    const read = (remoteAddress: string) => withPaddle.app.inject({ method: 'GET', url, remoteAddress });
    for (let i = 0; i < PADDLE_JS_READS_PER_MINUTE; i += 1) {
      expect((await read('198.51.100.3')).statusCode).toBe(200);
    }
    const refused = await read('198.51.100.3');
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await read('198.51.100.4')).statusCode).toBe(200);
  });
});
