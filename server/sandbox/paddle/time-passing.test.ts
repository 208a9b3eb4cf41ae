import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

const DAY_S = 86_400;

/** The sandbox's clock: renewals, trial ends, scheduled cancels, a declined renewal and its payment. */
describe('Paddle sandbox: time passing', () => {
  let server: PaddleTestServer;
  let paddle: Paddle;
  const prices: Record<string, string> = {};

  async function checkout(path: string, body: Record<string, unknown>) {
    const base = server.sandbox.apiBaseUrl().replace(/\/api$/, '');
    const response = await fetch(`${base}/checkout/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: server.sandbox.clientToken, ...body }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: raw answers, checked field by field
    return (await response.json()) as any;
  }
  const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Pat Press' });
  async function subscribe(email: string, price = prices.plus as string) {
    const paid = await checkout('pay', {
      items: [{ priceId: price, quantity: 2 }],
      customer: { email },
      address: { countryCode: 'DE', postalCode: '10115' },
      card: card('4242424242424242'),
    });
    return paddle.subscriptions.get(paid.subscriptionId);
  }
  const origins = async (subscriptionId: string) => {
    const found: string[] = [];
    for await (const transaction of paddle.transactions.list({ subscriptionId: [subscriptionId] })) {
      found.push(`${transaction.origin}:${transaction.status}`);
    }
    return found;
  };

  beforeAll(async () => {
    server = await startPaddleTestServer();
    paddle = server.paddle;
    const product = await paddle.products.create({ name: 'Plus', taxCategory: 'saas' });
    const price = async (trial: boolean) =>
      (
        await paddle.prices.create({
          productId: product.id,
          description: 'Plus monthly',
          unitPrice: { amount: '3000', currencyCode: 'EUR' },
          billingCycle: { interval: 'month', frequency: 1 },
          ...(trial ? { trialPeriod: { interval: 'day' as const, frequency: 14 } } : {}),
        })
      ).id;
    prices.plus = await price(false);
    prices.trial = await price(true);
  });
  afterAll(() => server?.close());

  it('renews a month later, billing the card on file, and says so', async () => {
    const subscription = await subscribe('renew@press.test');
    const summary = await server.sandbox.advance(31 * DAY_S);
    expect(summary.happened.some((line) => line.startsWith(`${subscription.id}: renewed`))).toBe(true);
    const renewed = await paddle.subscriptions.get(subscription.id);
    expect(renewed.currentBillingPeriod?.startsAt).toBe(subscription.currentBillingPeriod?.endsAt);
    expect(await origins(subscription.id)).toEqual(['web:completed', 'subscription_recurring:completed']);
  });

  it('ends a subscription whose cancel was scheduled, at its period’s end', async () => {
    const subscription = await subscribe('ends@press.test');
    await paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'next_billing_period' });
    await server.sandbox.advance(31 * DAY_S);
    const ended = await paddle.subscriptions.get(subscription.id);
    expect(ended.status).toBe('canceled');
    expect(ended.canceledAt).toBe(subscription.currentBillingPeriod?.endsAt);
    expect(await origins(subscription.id)).toEqual(['web:completed']);
  });

  it('ends a trial by billing its first month', async () => {
    const trialing = await subscribe('trial-ends@press.test', prices.trial);
    expect(trialing.status).toBe('trialing');
    await server.sandbox.advance(15 * DAY_S);
    const active = await paddle.subscriptions.get(trialing.id);
    expect(active.status).toBe('active');
    expect(await origins(trialing.id)).toEqual(['web:completed', 'subscription_charge:completed']);
  });

  it('leaves a declined renewal past due, until the buyer pays it through the checkout', async () => {
    const subscription = await subscribe('past-due@press.test');
    // The card goes bad: 4000 0000 0000 0341 is taken, and declines every charge.
    const change = await paddle.subscriptions.getPaymentMethodChangeTransaction(subscription.id);
    expect(await checkout('pay', { transactionId: change.id, card: card('4000000000000341') })).toMatchObject(
      {
        status: 'completed',
      },
    );
    const summary = await server.sandbox.advance(31 * DAY_S);
    expect(summary.happened.some((line) => line.includes('declined; past due'))).toBe(true);
    expect((await paddle.subscriptions.get(subscription.id)).status).toBe('past_due');
    const pastDue = [];
    for await (const item of paddle.transactions.list({
      subscriptionId: [subscription.id],
      status: ['past_due'],
    }))
      pastDue.push(item);
    expect(pastDue).toHaveLength(1);
    const paid = await checkout('pay', { transactionId: pastDue[0]?.id, card: card('4242424242424242') });
    expect(paid).toMatchObject({ status: 'completed', subscriptionId: subscription.id });
    const active = await paddle.subscriptions.get(subscription.id);
    expect(active.status).toBe('active');
    expect(active.nextBilledAt).toBe(pastDue[0]?.billingPeriod?.endsAt);
  });
});
