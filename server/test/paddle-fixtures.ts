import { Paddle } from '@paddle/paddle-node-sdk';
import { expect } from 'vitest';
import { paddleSignature } from '../sandbox/paddle/signature';
import type { TestApp } from './helper';
import { call, createSignedInTeam, type Person, refOf } from './team-fixtures';

// A Paddle team's world against the Paddle sandbox mounted in the test app: checkout through the
// sandbox's checkout back end over HTTP (as the overlay page calls it), and the sandbox's recorded
// events posted, signed, to the product's webhook.

export const PADDLE_CARDS = { visa: '4242424242424242', declined: '4000000000000002' } as const;

/** The official SDK at the test app's Paddle sandbox, for what a test checks at Paddle itself. */
export function sandboxPaddle(t: TestApp): Paddle {
  const sandbox = t.paddleSandbox;
  if (!sandbox) throw new Error('the test app has no Paddle sandbox (setupTestApp({ paddle: true }))');
  return new Paddle(sandbox.apiKey, { environment: `${t.baseUrl}/sandbox/paddle/api` as never });
}

/** Posts a webhook body, signed with the sandbox's secret (or the given header). */
export function postPaddleWebhook(t: TestApp, body: string, signature?: string | null) {
  const secret = t.paddleSandbox?.webhookSecret ?? '';
  const header = signature === undefined ? paddleSignature(secret, body) : signature;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/webhooks/paddle',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { 'paddle-signature': header }),
    },
    payload: body,
  });
}

/** Every webhook the sandbox has pending, delivered now (signed by the sandbox) to the product. */
export async function deliverPaddleEvents(t: TestApp): Promise<number> {
  if (!t.paddleSandbox) throw new Error('the test app has no Paddle sandbox');
  return t.paddleSandbox.deliverPendingWebhooks();
}

/** The overlay checkout's pay call, with the client token, as the browser makes it. */
export async function payPaddleCheckout(
  t: TestApp,
  body: Record<string, unknown>,
  card: string = PADDLE_CARDS.visa,
) {
  const response = await fetch(`${t.baseUrl}/sandbox/paddle/checkout/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      token: t.paddleSandbox?.clientToken,
      address: { countryCode: 'US', postalCode: '10001' },
      card: { number: card, expiry: '12/34', cvc: '123', name: 'Pat Press' },
      ...body,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** A new basic team (owner, admin, member) that bought `planId` through Paddle's checkout. */
export async function newPaddleTeam(t: TestApp, planId = 'plus_30') {
  const cast = await createSignedInTeam(t, { plan: 'basic' });
  const ref = refOf(cast.world.owner);
  const checkout = await call(t, cast.owner, 'POST', `/api/v1/collab/${ref}/billing-paddle/checkout`, {
    planId,
  });
  expect(checkout.statusCode, checkout.body).toBe(200);
  const open = checkout.json<{ priceId: string; quantity: number; customer: object; customData: object }>();
  const paid = await payPaddleCheckout(t, {
    items: [{ priceId: open.priceId, quantity: open.quantity }],
    customer: open.customer,
    customData: open.customData,
  });
  expect(paid.body.status, JSON.stringify(paid.body)).toBe('completed');
  await deliverPaddleEvents(t);
  return { ...cast, ref, checkout: open };
}

export async function paddleCall(
  t: TestApp,
  who: Person,
  method: 'GET' | 'POST' | 'PUT',
  ref: string,
  path: string,
  payload?: unknown,
) {
  return call(t, who, method, `/api/v1/collab/${ref}/billing-paddle${path}`, payload);
}
