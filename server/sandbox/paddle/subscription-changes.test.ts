import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

/** Subscription changes through the SDK: update and its preview, cancel, renew, activate, a new card. */
describe('Paddle sandbox: subscription changes', () => {
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

  /** A subscription of `quantity` seats on `price`, paid with 4242 in Germany. */
  async function subscribe(email: string, price = prices.plus as string, quantity = 3) {
    const paid = await checkout('pay', {
      items: [{ priceId: price, quantity }],
      customer: { email },
      address: { countryCode: 'DE', postalCode: '10115' },
      card: card('4242424242424242'),
    });
    return paddle.subscriptions.get(paid.subscriptionId);
  }

  const transactionsOf = async (subscriptionId: string) => {
    const found = [];
    for await (const transaction of paddle.transactions.list({ subscriptionId: [subscriptionId] }))
      found.push(transaction);
    return found;
  };

  beforeAll(async () => {
    server = await startPaddleTestServer();
    paddle = server.paddle;
    const make = async (name: string, amount: string, interval: 'month' | 'year', trial = false) => {
      const product = await paddle.products.create({ name, taxCategory: 'saas' });
      const price = await paddle.prices.create({
        productId: product.id,
        description: `${name} ${interval}ly`,
        unitPrice: { amount, currencyCode: 'EUR' },
        billingCycle: { interval, frequency: 1 },
        ...(trial ? { trialPeriod: { interval: 'day' as const, frequency: 14 } } : {}),
      });
      return price.id;
    };
    prices.plus = await make('Plus', '3000', 'month');
    prices.pro = await make('Pro', '6000', 'month');
    prices.plusYear = await make('Plus', '30000', 'year');
    prices.trial = await make('Trial', '3000', 'month', true);
  });
  afterAll(() => server?.close());

  it('previews a prorated change of seats without making it, then makes it: a charge with the credit taken off', async () => {
    const subscription = await subscribe('seats@press.test');
    const change = {
      items: [{ priceId: prices.plus as string, quantity: 5 }],
      prorationBillingMode: 'prorated_immediately' as const,
    };
    const preview = await paddle.subscriptions.previewUpdate(subscription.id, change);
    expect(preview.items[0]?.quantity).toBe(5);
    expect(preview.updateSummary?.result.action).toBe('charge');
    const charged = Number(preview.immediateTransaction?.details.totals.total);
    // Almost the whole month is left: 2 more seats at 30 EUR, 19% VAT.
    expect(charged).toBeGreaterThan(15_000);
    expect(charged).toBeLessThanOrEqual(5 * 3570);
    expect((await paddle.subscriptions.get(subscription.id)).items[0]?.quantity).toBe(3);

    const updated = await paddle.subscriptions.update(subscription.id, change);
    expect(updated.items[0]?.quantity).toBe(5);
    const update = (await transactionsOf(subscription.id)).find(
      (transaction) => transaction.origin === 'subscription_update',
    );
    expect(update?.status).toBe('completed');
    expect(Number(update?.details?.totals?.credit)).toBeGreaterThan(0);
    expect(Number(update?.details?.totals?.grandTotal)).toBe(
      Number(update?.details?.totals?.total) - Number(update?.details?.totals?.credit),
    );
    expect(update?.payments[0]?.methodDetails?.card?.last4).toBe('4242');
  });

  it('changes the plan, and to a yearly price starts a new year today', async () => {
    const subscription = await subscribe('plans@press.test');
    const pro = await paddle.subscriptions.update(subscription.id, {
      items: [{ priceId: prices.pro as string, quantity: 3 }],
      prorationBillingMode: 'prorated_immediately',
    });
    expect(pro.items[0]?.price.id).toBe(prices.pro);
    expect(pro.currentBillingPeriod).toEqual(subscription.currentBillingPeriod);
    const yearly = await paddle.subscriptions.update(subscription.id, {
      items: [{ priceId: prices.plusYear as string, quantity: 3 }],
      prorationBillingMode: 'prorated_immediately',
    });
    expect(yearly.billingCycle).toEqual({ interval: 'year', frequency: 1 });
    const period = yearly.currentBillingPeriod;
    expect(
      new Date(period?.endsAt ?? 0).getUTCFullYear() - new Date(period?.startsAt ?? 0).getUTCFullYear(),
    ).toBe(1);
  });

  it('cancels at the period’s end, renews by removing the scheduled change, and cancels at once', async () => {
    const subscription = await subscribe('cancel@press.test');
    const scheduled = await paddle.subscriptions.cancel(subscription.id, {
      effectiveFrom: 'next_billing_period',
    });
    expect(scheduled.status).toBe('active');
    expect(scheduled.scheduledChange).toEqual({
      action: 'cancel',
      effectiveAt: subscription.currentBillingPeriod?.endsAt,
      resumeAt: null,
    });
    const renewed = await paddle.subscriptions.update(subscription.id, { scheduledChange: null });
    expect(renewed.scheduledChange).toBeNull();
    const canceled = await paddle.subscriptions.cancel(subscription.id, { effectiveFrom: 'immediately' });
    expect(canceled.status).toBe('canceled');
    expect(canceled.canceledAt).not.toBeNull();
    const refused = await server.http('PATCH', `/subscriptions/${subscription.id}`, {
      body: {
        items: [{ price_id: prices.pro, quantity: 1 }],
        proration_billing_mode: 'prorated_immediately',
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('subscription_update_when_canceled');
  });

  it('takes a new card through the update-payment-method transaction, and charges it from then on', async () => {
    const subscription = await subscribe('card@press.test');
    const transaction = await paddle.subscriptions.getPaymentMethodChangeTransaction(subscription.id);
    expect(transaction).toMatchObject({
      status: 'ready',
      origin: 'subscription_payment_method_change',
      subscriptionId: subscription.id,
    });
    expect(transaction.details?.totals?.grandTotal).toBe('0');
    const paid = await checkout('pay', { transactionId: transaction.id, card: card('5555555555554444') });
    expect(paid).toMatchObject({ status: 'completed', subscriptionId: subscription.id });
    await paddle.subscriptions.update(subscription.id, {
      items: [{ priceId: prices.plus as string, quantity: 4 }],
      prorationBillingMode: 'prorated_immediately',
    });
    const update = (await transactionsOf(subscription.id)).find(
      (item) => item.origin === 'subscription_update',
    );
    expect(update?.payments[0]?.methodDetails?.card).toMatchObject({ type: 'mastercard', last4: '4444' });
  });

  it('starts a trial with nothing charged, and activating it bills the first month', async () => {
    const trialing = await subscribe('trial@press.test', prices.trial as string, 1);
    expect(trialing.status).toBe('trialing');
    expect(trialing.items[0]?.trialDates).not.toBeNull();
    const [first] = await transactionsOf(trialing.id);
    expect(first?.details?.totals?.grandTotal).toBe('0');
    const active = await paddle.subscriptions.activate(trialing.id);
    expect(active.status).toBe('active');
    const charges = (await transactionsOf(trialing.id)).filter(
      (item) => item.origin === 'subscription_charge',
    );
    expect(charges.map((item) => item.details?.totals?.grandTotal)).toEqual(['3570']);
    const again = await server.http('POST', `/subscriptions/${trialing.id}/activate`);
    expect(again.status).toBe(400);
  });

  it('asks for the proration mode when items change, naming the field', async () => {
    const subscription = await subscribe('mode@press.test');
    const answer = await server.http('PATCH', `/subscriptions/${subscription.id}`, {
      body: { items: [{ price_id: prices.plus, quantity: 4 }] },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.error.errors).toEqual([
      { field: 'proration_billing_mode', message: 'is required when items change' },
    ]);
  });
});
