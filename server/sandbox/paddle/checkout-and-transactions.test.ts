import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPaddleSandbox } from './reset';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

/** The overlay checkout's back end (contract section B), transactions and subscriptions, through the SDK. */
describe('Paddle sandbox: checkout, transactions, subscriptions', () => {
  let server: PaddleTestServer;
  let paddle: Paddle;
  let monthly: string;

  /** A POST to the checkout's back end, as the overlay page makes it. */
  async function checkout(path: string, body: Record<string, unknown>, token = server.sandbox.clientToken) {
    const response = await fetch(`${server.sandbox.apiBaseUrl().replace(/\/api$/, '')}/checkout/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, ...body }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: raw answers, checked field by field
    return { status: response.status, body: (await response.json()) as any };
  }

  const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Pat Press' });
  const pay = (email: string, number: string, extra: Record<string, unknown> = {}) =>
    checkout('pay', {
      items: [{ priceId: monthly, quantity: 3 }],
      customer: { email },
      customData: { teamId: 7 },
      address: { countryCode: 'DE', postalCode: '10115' },
      card: card(number),
      ...extra,
    });
  const eventTypes = async () =>
    (
      await server.testDb.db.query<{ event_type: string }>(
        'SELECT event_type FROM paddle_sandbox_events ORDER BY seq',
      )
    ).map((row) => row.event_type);

  beforeAll(async () => {
    server = await startPaddleTestServer();
    paddle = server.paddle;
    const product = await paddle.products.create({
      name: 'Plus',
      taxCategory: 'saas',
      customData: { planCode: 'plus' },
    });
    const price = await paddle.prices.create({
      productId: product.id,
      description: 'Plus monthly',
      unitPrice: { amount: '3000', currencyCode: 'EUR' },
      billingCycle: { interval: 'month', frequency: 1 },
      customData: { planId: 'plus_30' },
    });
    monthly = price.id;
  });
  afterAll(() => server?.close());

  it('previews a checkout with the tax of the buyer’s country and what recurs', async () => {
    const answer = await checkout('preview', {
      items: [{ priceId: monthly, quantity: 3 }],
      address: { countryCode: 'DE', postalCode: '10115' },
    });
    expect(answer.status).toBe(200);
    expect(answer.body.currencyCode).toBe('EUR');
    expect(answer.body.items[0]).toMatchObject({ priceId: monthly, quantity: 3, unitPrice: '3000' });
    expect(answer.body.totals).toEqual({ subtotal: '9000', tax: '1710', total: '10710' });
    expect(answer.body.recurringTotals).toEqual({ subtotal: '9000', tax: '1710', total: '10710' });
    const untaxed = await checkout('preview', {
      items: [{ priceId: monthly, quantity: 1 }],
      address: { countryCode: 'US', postalCode: '10001' },
    });
    expect(untaxed.body.totals).toEqual({ subtotal: '3000', tax: '0', total: '3000' });
  });

  it('pays with 4242: a customer, a completed transaction with its card and invoice number, an active subscription', async () => {
    const paid = await pay('pat@press.test', '4242424242424242');
    expect(paid.status).toBe(200);
    expect(paid.body).toMatchObject({ status: 'completed', transactionId: expect.stringMatching(/^txn_/) });
    const transaction = await paddle.transactions.get(paid.body.transactionId);
    expect(transaction.status).toBe('completed');
    expect(transaction.customerId).toBe(paid.body.customerId);
    expect(transaction.subscriptionId).toBe(paid.body.subscriptionId);
    expect(transaction.customData).toEqual({ teamId: 7 });
    expect(transaction.invoiceNumber).toMatch(/^\d{4}-\d+$/);
    expect(transaction.details?.totals).toMatchObject({ subtotal: '9000', tax: '1710', grandTotal: '10710' });
    expect(transaction.payments[0]?.status).toBe('captured');
    expect(transaction.payments[0]?.methodDetails?.card).toMatchObject({
      type: 'visa',
      last4: '4242',
      expiryMonth: 12,
      expiryYear: 2034,
    });

    const subscription = await paddle.subscriptions.get(paid.body.subscriptionId);
    expect(subscription.status).toBe('active');
    expect(subscription.customerId).toBe(paid.body.customerId);
    expect(subscription.items[0]).toMatchObject({
      quantity: 3,
      price: { id: monthly, customData: { planId: 'plus_30' } },
    });
    expect(subscription.customData).toEqual({ teamId: 7 });
    const period = subscription.currentBillingPeriod;
    expect(period && new Date(period.endsAt).getUTCMonth()).toBe(
      (new Date(period?.startsAt ?? 0).getUTCMonth() + 1) % 12,
    );

    const listed = [];
    for await (const item of paddle.transactions.list({ customerId: [paid.body.customerId] }))
      listed.push(item.id);
    expect(listed).toEqual([paid.body.transactionId]);
    const subscriptions = [];
    for await (const item of paddle.subscriptions.list({ customerId: [paid.body.customerId] }))
      subscriptions.push(item.id);
    expect(subscriptions).toEqual([paid.body.subscriptionId]);
    // The same email pays again as the same customer.
    const again = await pay('PAT@press.test', '4242424242424242');
    expect(again.body.customerId).toBe(paid.body.customerId);
  });

  it('serves the invoice PDF behind a signed link that refuses a changed signature', async () => {
    const paid = await pay('ivy@press.test', '4242424242424242');
    const { url } = await paddle.transactions.getInvoicePDF(paid.body.transactionId);
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer()).toString('latin1');
    expect(bytes.startsWith('%PDF-1.4')).toBe(true);
    expect(bytes).toContain('Total: 107.10 EUR');
    const forged = await fetch(
      url.replace(/signature=[0-9a-f]/, (match) => `${match.slice(0, -1)}${match.endsWith('0') ? '1' : '0'}`),
    );
    expect(forged.status).toBe(403);
    const other = await fetch(url.replace(paid.body.transactionId, 'txn_00000000000000000000000000'));
    expect(other.status).toBe(403);
  });

  it('declines 4000 0000 0000 0002: the attempt is kept, nothing is paid, no subscription starts', async () => {
    const declined = await pay('dee@press.test', '4000000000000002');
    expect(declined.body).toEqual({ status: 'declined', message: 'Your card was declined.' });
    const customers = await server.http('GET', '/customers?email=dee@press.test');
    const customerId = customers.body.data[0].id;
    const transactions = await server.http('GET', `/transactions?customer_id=${customerId}`);
    expect(transactions.body.data).toHaveLength(1);
    expect(transactions.body.data[0]).toMatchObject({ status: 'ready', subscription_id: null });
    expect(transactions.body.data[0].payments[0]).toMatchObject({ status: 'error', error_code: 'declined' });
    expect((await server.http('GET', `/subscriptions?customer_id=${customerId}`)).body.data).toEqual([]);
  });

  it('asks 4000 0025 0000 3155 for 3-D Secure: approved it pays, failed it declines, and a step is answered once', async () => {
    const asked = await pay('tess@press.test', '4000002500003155');
    expect(asked.body).toMatchObject({
      status: 'requires_action',
      threeDSecureId: expect.stringMatching(/^tds_/),
    });
    const approved = await checkout(`3ds/${asked.body.threeDSecureId}`, { outcome: 'approve' });
    expect(approved.body).toMatchObject({
      status: 'completed',
      subscriptionId: expect.stringMatching(/^sub_/),
    });
    const again = await checkout(`3ds/${asked.body.threeDSecureId}`, { outcome: 'approve' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ type: 'request_error', code: 'invalid_field' });

    const second = await pay('tom@press.test', '4000002500003155');
    const failed = await checkout(`3ds/${second.body.threeDSecureId}`, { outcome: 'fail' });
    expect(failed.body).toEqual({
      status: 'declined',
      message:
        'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    });
  });

  it('refuses a wrong client token and bad input with Paddle’s error shape, naming the field', async () => {
    const forbidden = await checkout('pay', {}, 'test_wrong');
    expect(forbidden.status).toBe(403);
    expect(forbidden.body).toMatchObject({
      error: { type: 'request_error', code: 'forbidden' },
      meta: { request_id: expect.any(String) },
    });
    const noAddress = await pay('ann@press.test', '4242424242424242', { address: undefined });
    expect(noAddress.status).toBe(400);
    expect(noAddress.body.error.errors).toEqual([{ field: 'address', message: 'is required' }]);
    const badCard = await pay('ann@press.test', '4242424242424241');
    expect(badCard.body.error.errors[0].field).toBe('card.number');
    const unknownPrice = await checkout('preview', {
      items: [{ priceId: 'pri_00000000000000000000000000', quantity: 1 }],
    });
    expect(unknownPrice.status).toBe(404);
    const tooMany = await checkout('preview', { items: [{ priceId: monthly, quantity: 1000 }] });
    expect(tooMany.body.error.errors[0].field).toBe('items[0].quantity');
  });

  it('creates and previews transactions through the SDK, and records the events of a payment in order', async () => {
    const customer = await paddle.customers.create({ email: 'api@press.test' });
    const address = await paddle.addresses.create(customer.id, { countryCode: 'FR', postalCode: '75001' });
    const preview = await paddle.transactions.preview({
      items: [{ priceId: monthly, quantity: 2 }],
      addressId: address.id,
      customerId: customer.id,
    });
    expect(preview.details.totals).toMatchObject({ subtotal: '6000', tax: '1200', total: '7200' });
    const made = await paddle.transactions.create({
      items: [{ priceId: monthly, quantity: 2 }],
      customerId: customer.id,
      addressId: address.id,
    });
    expect(made).toMatchObject({
      status: 'ready',
      origin: 'api',
      checkout: { url: expect.stringContaining(`_ptxn=${made.id}`) },
    });
    const paid = await checkout('pay', { transactionId: made.id, card: card('4242424242424242') });
    expect(paid.body).toMatchObject({ status: 'completed', transactionId: made.id, subscriptionId: null });
    const types = await eventTypes();
    expect(types.slice(-4)).toEqual([
      'transaction.created',
      'transaction.ready',
      'transaction.paid',
      'transaction.completed',
    ]);
    const deliveries = await server.testDb.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM paddle_sandbox_deliveries',
    );
    expect(deliveries[0]?.count).toBe(types.length);
  });

  it('is emptied by a reset', async () => {
    await resetPaddleSandbox(server.testDb.db);
    expect((await server.http('GET', '/transactions')).body.data).toEqual([]);
    expect((await server.http('GET', '/subscriptions')).body.data).toEqual([]);
    expect(await eventTypes()).toEqual([]);
  });
});
