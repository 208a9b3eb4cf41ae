import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type PaddleTestServer, startPaddleTestServer } from '../test-support/paddle-test-server';
import { recordTestEvent } from '../test-support/record-test-event';
import { startWebhookReceiver, type WebhookReceiver } from '../test-support/webhook-receiver';
import { allowed } from './allow-list';
import { type Difference, loadSpec } from './openapi-check';

let server: PaddleTestServer;
let receiver: WebhookReceiver;
const spec = loadSpec();
const differences: Difference[] = [];
let checked = 0;

/** Calls the sandbox as any client would, and checks the answer against the spec's schema. */
async function call(method: string, template: string, path: string, body?: unknown) {
  const answer = await server.http(method, path, { body });
  differences.push(...spec.check(method, template, answer.status, answer.body));
  checked++;
  return answer.body;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startPaddleTestServer({ webhookUrl: () => receiver.url });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe("the sandbox's answers against Paddle's OpenAPI description", () => {
  it('fits the schemas of every entity it serves, but for the allow-list', async () => {
    const product = (
      await call('POST', '/products', '/products', {
        name: 'Plus',
        tax_category: 'saas',
        custom_data: { planCode: 'plus' },
      })
    ).data;
    await call('GET', '/products', '/products');
    await call('GET', '/products/{product_id}', `/products/${product.id}`);
    await call('PATCH', '/products/{product_id}', `/products/${product.id}`, {
      description: 'The plus plan',
    });
    const price = (
      await call('POST', '/prices', '/prices', {
        product_id: product.id,
        description: 'Plus monthly',
        unit_price: { amount: '3000', currency_code: 'USD' },
        billing_cycle: { interval: 'month', frequency: 1 },
        custom_data: { planId: 'plus_30' },
      })
    ).data;
    await call('GET', '/prices', '/prices?include=product');
    await call('GET', '/prices/{price_id}', `/prices/${price.id}`);
    const customer = (
      await call('POST', '/customers', '/customers', { email: 'pat@press.test', name: 'Pat' })
    ).data;
    await call('GET', '/customers', '/customers');
    await call('GET', '/customers/{customer_id}', `/customers/${customer.id}`);
    const base = `/customers/${customer.id}`;
    const address = (
      await call('POST', '/customers/{customer_id}/addresses', `${base}/addresses`, {
        country_code: 'GB',
        postal_code: 'SW1A 1AA',
      })
    ).data;
    await call('GET', '/customers/{customer_id}/addresses', `${base}/addresses`);
    await call('GET', '/customers/{customer_id}/addresses/{address_id}', `${base}/addresses/${address.id}`);
    const business = (
      await call('POST', '/customers/{customer_id}/businesses', `${base}/businesses`, {
        name: 'Press Ltd',
        tax_identifier: 'GB123456789',
      })
    ).data;
    await call('GET', '/customers/{customer_id}/businesses', `${base}/businesses`);
    await call(
      'GET',
      '/customers/{customer_id}/businesses/{business_id}',
      `${base}/businesses/${business.id}`,
    );
    await call('POST', '/customers/{customer_id}/portal-sessions', `${base}/portal-sessions`, {});

    await recordTestEvent(server.testDb.db, 'customer.created', customer);
    await server.sandbox.deliverPendingWebhooks();
    await call('GET', '/events', '/events');
    await call('GET', '/event-types', '/event-types');
    const settings = (await call('GET', '/notification-settings', '/notification-settings')).data;
    const settingPath = `/notification-settings/${settings[0].id}`;
    await call('GET', '/notification-settings/{notification_setting_id}', settingPath);
    await call('PATCH', '/notification-settings/{notification_setting_id}', settingPath, {
      description: 'Console',
    });
    const notifications = (await call('GET', '/notifications', '/notifications')).data;
    await call('GET', '/notifications/{notification_id}', `/notifications/${notifications[0].id}`);
    await call('GET', '/notifications/{notification_id}/logs', `/notifications/${notifications[0].id}/logs`);
    await call(
      'POST',
      '/notifications/{notification_id}/replay',
      `/notifications/${notifications[0].id}/replay`,
    );
    // Errors have a shape too.
    await call('GET', '/products/{product_id}', '/products/pro_01missing0000000000000000');

    const unexplained = differences.filter((difference) => !allowed(difference));
    expect(unexplained).toEqual([]);
    expect(checked).toBeGreaterThan(25);
  });

  it('fits them for transactions and subscriptions a checkout made, and for their webhooks', async () => {
    differences.length = 0;
    const product = (await call('POST', '/products', '/products', { name: 'Team', tax_category: 'saas' }))
      .data;
    const price = (
      await call('POST', '/prices', '/prices', {
        product_id: product.id,
        description: 'Team monthly',
        unit_price: { amount: '1000', currency_code: 'USD' },
        billing_cycle: { interval: 'month', frequency: 1 },
      })
    ).data;
    const paid = await fetch(`${new URL(server.sandbox.apiBaseUrl()).origin}/sandbox/paddle/checkout/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        token: server.sandbox.clientToken,
        items: [{ priceId: price.id, quantity: 2 }],
        customer: { email: 'buyer@example.test' },
        address: { countryCode: 'US', postalCode: '10001' },
        card: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Buyer' },
      }),
    }).then(
      (response) =>
        response.json() as Promise<{
          status: string;
          transactionId: string;
          customerId: string;
          subscriptionId: string;
        }>,
    );
    expect(paid.status).toBe('completed');
    await call('GET', '/transactions', '/transactions');
    await call('GET', '/transactions/{transaction_id}', `/transactions/${paid.transactionId}`);
    await call('GET', '/subscriptions', '/subscriptions');
    await call('GET', '/subscriptions/{subscription_id}', `/subscriptions/${paid.subscriptionId}`);
    await call(
      'POST',
      '/customers/{customer_id}/portal-sessions',
      `/customers/${paid.customerId}/portal-sessions`,
      {
        subscription_ids: [paid.subscriptionId],
      },
    );
    await call('GET', '/events', '/events?event_type=subscription.created,transaction.completed');
    const sub = `/subscriptions/${paid.subscriptionId}`;
    const change = {
      items: [{ price_id: price.id, quantity: 3 }],
      proration_billing_mode: 'prorated_immediately',
    };
    await call('PATCH', '/subscriptions/{subscription_id}/preview', `${sub}/preview`, change);
    await call('PATCH', '/subscriptions/{subscription_id}', sub, change);
    await call(
      'GET',
      '/subscriptions/{subscription_id}/update-payment-method-transaction',
      `${sub}/update-payment-method-transaction`,
    );
    await call(
      'GET',
      '/transactions/{transaction_id}/invoice',
      `/transactions/${paid.transactionId}/invoice`,
    );
    await call('POST', '/transactions/preview', '/transactions/preview', {
      items: [{ price_id: price.id, quantity: 1 }],
      address: { country_code: 'DE' },
    });
    await call('POST', '/subscriptions/{subscription_id}/cancel', `${sub}/cancel`, {
      effective_from: 'next_billing_period',
    });
    await call('PATCH', '/subscriptions/{subscription_id}', sub, { scheduled_change: null });

    // The checkout's events reach the destination, signed, and the SDK parses each into its entity.
    await server.sandbox.deliverPendingWebhooks();
    const types = [];
    for (const hook of receiver.received) {
      // The SDK refuses a signature over 5 s old; a loaded machine can take longer than that to get
      // here from the first delivery, so each is checked at the time it arrived.
      vi.useFakeTimers({ toFake: ['Date'], now: hook.receivedAt });
      const event = await server.paddle.webhooks
        .unmarshal(hook.body, server.sandbox.webhookSecret, hook.signature)
        .finally(() => vi.useRealTimers());
      types.push(event.eventType);
    }
    expect(types).toContain('subscription.created');
    expect(types).toContain('transaction.completed');
    expect(differences.filter((difference) => !allowed(difference))).toEqual([]);
  });
});
