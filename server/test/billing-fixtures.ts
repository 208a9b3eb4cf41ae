import type { Billing } from '@domain/entities';
import Stripe from 'stripe';
import type { TestApp } from './helper';
import { call, type Person } from './team-fixtures';

// What a test needs beyond the console's calls: the SDK on the sandbox (as an operator would look at
// Stripe's dashboard), and the browser's part (Stripe.js and the hosted pages) through the sandbox's
// publishable-key calls, as the real pages make them.

export const TEST_CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002500003155',
} as const;

/** The SDK pointed at the test app's sandbox, with its secret key. */
export function sandboxStripe(t: TestApp): Stripe {
  return new Stripe(t.sandbox.secretKey, {
    host: '127.0.0.1',
    port: Number(new URL(t.baseUrl).port),
    protocol: 'http',
    telemetry: false,
  });
}

/** A publishable-key call as Stripe.js or a hosted page makes it (form-encoded). */
export async function browserCall<T = Record<string, unknown>>(
  t: TestApp,
  method: 'GET' | 'POST',
  path: string,
  form: Record<string, string> = {},
): Promise<{ status: number; body: T }> {
  const body = new URLSearchParams(form).toString();
  const response = await fetch(`${t.baseUrl}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${t.sandbox.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    },
    ...(method === 'POST' ? { body } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** A card payment method made in the browser (Stripe.js createPaymentMethod). */
export async function browserCard(t: TestApp, number: string): Promise<string> {
  const { status, body } = await browserCall<{ id: string }>(t, 'POST', '/v1/payment_methods', {
    type: 'card',
    'card[number]': number,
    'card[exp_month]': '12',
    'card[exp_year]': '2034',
    'card[cvc]': '123',
  });
  if (status !== 200) throw new Error(`payment method refused: ${status} ${JSON.stringify(body)}`);
  return body.id;
}

/** The id a hosted checkout URL names: .../sandbox/stripe/checkout/{cs_...}. */
export const checkoutIdOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);

/** Pays a hosted checkout as the checkout page does; answers what the page would do next. */
export async function payCheckout(t: TestApp, url: string, card: string) {
  const payment = await browserCard(t, card);
  return browserCall<{
    status?: string;
    redirect_url?: string;
    next_action?: { redirect_to_url?: { url: string } };
    error?: { message: string };
  }>(t, 'POST', `/v1/payment_pages/${checkoutIdOf(url)}/confirm`, {
    payment_method: payment,
    email: 'buyer@example.test',
  });
}

/** The 3-D Secure page's buttons. */
export function authenticate(t: TestApp, clientSecret: string, outcome: 'complete' | 'fail') {
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  return browserCall(t, 'POST', `/v1/sandbox/three_d_secure/${intentId}`, {
    client_secret: clientSecret,
    outcome,
  });
}

/** A new card through a setup intent (Stripe.js confirmCardSetup), then PUT card, as the console does. */
export async function changeCard(t: TestApp, owner: Person, ref: string, number: string) {
  const intent = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/setup-intent`);
  const { clientSecret } = intent.json<{ clientSecret: string }>();
  const intentId = clientSecret.slice(0, clientSecret.indexOf('_secret_'));
  const payment = await browserCard(t, number);
  const confirmed = await browserCall<{ status: string }>(
    t,
    'POST',
    `/v1/setup_intents/${intentId}/confirm`,
    {
      client_secret: clientSecret,
      payment_method: payment,
    },
  );
  return { confirmed, payment, clientSecret };
}

export async function getBilling(t: TestApp, who: Person, ref: string): Promise<Billing> {
  const response = await call(t, who, 'GET', `/api/v1/collab/${ref}/billing`);
  if (response.statusCode !== 200) throw new Error(`billing: ${response.statusCode} ${response.body}`);
  return response.json<Billing>();
}
