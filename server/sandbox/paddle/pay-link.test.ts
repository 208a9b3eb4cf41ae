import type { Paddle, Transaction } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

const DAY_S = 86_400;
const CARDS = {
  visa: '4242424242424242',
  declined: '4000000000000002',
  threeDSecure: '4000002500003155',
  goesBad: '4000000000000341',
};

/**
 * The default payment link: a past-due renewal's `checkout.url` is a page of the sandbox that opens
 * the checkout for it; paid there once (declines, 3-D Secure, replays and a stranger refused), the
 * subscription is active again.
 */
describe('Paddle sandbox: the payment link of a past-due transaction', () => {
  let server: PaddleTestServer;
  let paddle: Paddle;
  let origin: string;
  let pastDue: Transaction;
  let subscriptionId: string;
  let strangerId: string;
  /** The seller's default payment link, as a test sets it (null: the sandbox's own page). */
  let sellerLink: string | null = null;

  async function checkout(path: string, body: Record<string, unknown>) {
    const response = await fetch(`${origin}/sandbox/paddle/checkout/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: server.sandbox.clientToken, ...body }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: raw answers, checked field by field
    return { status: response.status, body: (await response.json()) as any };
  }
  const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Pat Press' });
  const payLink = (id: string) => `${origin}/sandbox/paddle/pay?_ptxn=${id}`;
  const eventsAbout = async (type: string, id: string) =>
    (
      await server.testDb.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM paddle_sandbox_events WHERE event_type = $1 AND data->>'id' = $2`,
        [type, id],
      )
    )[0]?.n;

  async function subscribe(email: string, price: string) {
    const paid = await checkout('pay', {
      items: [{ priceId: price, quantity: 2 }],
      customer: { email },
      address: { countryCode: 'DE', postalCode: '10115' },
      card: card(CARDS.visa),
    });
    return paid.body as { subscriptionId: string; customerId: string };
  }

  beforeAll(async () => {
    server = await startPaddleTestServer({ defaultPaymentLink: () => sellerLink });
    paddle = server.paddle;
    origin = new URL(server.sandbox.apiBaseUrl()).origin;
    const product = await paddle.products.create({ name: 'Spark Plus', taxCategory: 'saas' });
    const price = await paddle.prices.create({
      productId: product.id,
      description: 'Plus monthly',
      unitPrice: { amount: '3000', currencyCode: 'EUR' },
      billingCycle: { interval: 'month', frequency: 1 },
    });
    const bought = await subscribe('pat@press.test', price.id);
    subscriptionId = bought.subscriptionId;
    strangerId = (await subscribe('someone@else.test', price.id)).customerId;
    // The card on file goes bad (0341 is taken, then declines every charge); the renewal is declined.
    const change = await paddle.subscriptions.getPaymentMethodChangeTransaction(subscriptionId);
    await checkout('pay', { transactionId: change.id, card: card(CARDS.goesBad) });
    await server.sandbox.advance(31 * DAY_S);
    const found = [];
    for await (const t of paddle.transactions.list({
      subscriptionId: [subscriptionId],
      status: ['past_due'],
    }))
      found.push(t);
    expect(found).toHaveLength(1);
    pastDue = found[0] as Transaction;
  });
  afterAll(() => server?.close());

  it('is the transaction’s checkout.url: a page that opens the checkout for it', async () => {
    expect(pastDue.checkout?.url).toBe(payLink(pastDue.id));
    expect(pastDue.invoiceNumber).toMatch(/^\d{4}-\d+$/);
    const response = await fetch(payLink(pastDue.id));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(response.headers.get('cache-control')).toBe('no-store');
    const page = await response.text();
    expect(page).toContain(`<meta name="paddle-client-token" content="${server.sandbox.clientToken}">`);
    expect(page).toContain('<script src="/sandbox/paddle/paddle.js"></script>');
    expect(page).toContain('/sandbox/paddle/assets/pay-link.js');
    expect(page).toContain('Payment past due');
    expect(page).toContain('€71.40'); // 2 seats at €30, with Germany's 19%
    expect(page).toContain(pastDue.invoiceNumber as string);
    const script = await fetch(`${origin}/sandbox/paddle/assets/pay-link.js`);
    expect(script.status).toBe(200);
    expect(await script.text()).toContain('paddle.Initialize');
  });

  it('shows the checkout the transaction’s own customer, and refuses another customer’s checkout', async () => {
    const preview = await checkout('preview', { transactionId: pastDue.id });
    expect(preview.body.customer).toEqual({
      email: 'pat@press.test',
      countryCode: 'DE',
      postalCode: '10115',
    });
    const stranger = await checkout('pay', {
      transactionId: pastDue.id,
      customer: { id: strangerId },
      card: card(CARDS.visa),
    });
    expect(stranger.status).toBe(400);
    expect(stranger.body.error).toMatchObject({ code: 'transaction_customer_mismatch' });
    expect((await paddle.transactions.get(pastDue.id)).status).toBe('past_due');
  });

  it('takes the test cards: a decline leaves it past due, a 3-D Secure step waits', async () => {
    const declined = await checkout('pay', { transactionId: pastDue.id, card: card(CARDS.declined) });
    expect(declined.body).toMatchObject({ status: 'declined' });
    expect((await paddle.transactions.get(pastDue.id)).status).toBe('past_due');
    expect((await paddle.subscriptions.get(subscriptionId)).status).toBe('past_due');
    const asked = await checkout('pay', { transactionId: pastDue.id, card: card(CARDS.threeDSecure) });
    expect(asked.body).toMatchObject({ status: 'requires_action' });
    expect((await paddle.transactions.get(pastDue.id)).status).toBe('past_due');
  });

  it('settles once: two pays at once, then the waiting 3-D Secure step and a replay, are refused', async () => {
    const activatedBefore = (await eventsAbout('subscription.activated', subscriptionId)) ?? 0;
    const waiting = await checkout('pay', { transactionId: pastDue.id, card: card(CARDS.threeDSecure) });
    const both = await Promise.all([
      checkout('pay', { transactionId: pastDue.id, card: card(CARDS.visa) }),
      checkout('pay', { transactionId: pastDue.id, card: card(CARDS.visa) }),
    ]);
    expect(both.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(both.find((answer) => answer.status === 200)?.body).toMatchObject({
      status: 'completed',
      transactionId: pastDue.id,
      subscriptionId,
    });
    const late = await checkout(`3ds/${waiting.body.threeDSecureId}`, { outcome: 'approve' });
    expect(late.status).toBe(400);
    expect(late.body.error).toMatchObject({ code: 'transaction_not_payable' });
    expect(late.body.error.detail).toMatch(/already paid/);
    const replay = await checkout('pay', { transactionId: pastDue.id, card: card(CARDS.visa) });
    expect(replay.status).toBe(400);
    expect(replay.body.error.detail).toBe(
      `Transaction ${pastDue.id} is already paid: there is nothing to pay.`,
    );

    const paid = await paddle.transactions.get(pastDue.id);
    expect(paid.status).toBe('completed');
    expect(paid.payments.filter((payment) => payment.status === 'captured')).toHaveLength(1);
    expect(await eventsAbout('transaction.completed', pastDue.id)).toBe(1);
    expect(await eventsAbout('subscription.activated', subscriptionId)).toBe(activatedBefore + 1);
    const active = await paddle.subscriptions.get(subscriptionId);
    expect(active.status).toBe('active');
    expect(active.nextBilledAt).toBe(pastDue.billingPeriod?.endsAt);
  });

  it('is the seller’s default payment link with ?_ptxn= once one is set, as in Paddle’s dashboard', async () => {
    sellerLink = 'https://console.example/paddle-pay';
    try {
      const change = await paddle.subscriptions.getPaymentMethodChangeTransaction(subscriptionId);
      expect(change.checkout?.url).toBe(`https://console.example/paddle-pay?_ptxn=${change.id}`);
      // The sandbox's own page still serves the transaction, for links made before.
      expect((await fetch(payLink(change.id))).status).toBe(200);
    } finally {
      sellerLink = null;
    }
  });

  it('says why a link cannot be paid: already paid, unknown, not a payment link', async () => {
    const settled = await fetch(payLink(pastDue.id));
    expect(settled.status).toBe(409);
    const settledPage = await settled.text();
    expect(settledPage).toContain('This invoice is already paid.');
    expect(settledPage).not.toContain('paddle.js');
    const unknown = await fetch(payLink('txn_0000000000000000000000000a'));
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain('No payment found');
    for (const query of ['', '?_ptxn=', '?_ptxn=sub_01', '?_ptxn=%3Cscript%3E']) {
      const bad = await fetch(`${origin}/sandbox/paddle/pay${query}`);
      expect(bad.status, query).toBe(400);
      expect(await bad.text()).not.toContain('<script');
    }
  });
});
