import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSubscription } from './test-support/checkout-subscription';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver';

let server: PaddleTestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startPaddleTestServer({ webhookUrl: () => receiver.url });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('the clock and the webhooks', () => {
  it('answers an advance once the events of what fell due are delivered, signed with real time', async () => {
    const { subscriptionId } = await checkoutSubscription(server, 'clock@press.test');
    await server.paddle.subscriptions.cancel(subscriptionId, { effectiveFrom: 'next_billing_period' });
    await server.sandbox.deliverPendingWebhooks();
    receiver.received.length = 0;

    const summary = await server.sandbox.advance(40 * 24 * 3600);
    expect(summary.happened.length).toBeGreaterThan(0);
    const events = [];
    for (const hook of receiver.received) {
      // Signed now, though the sandbox clock is 40 days ahead: the SDK refuses a ts over 5 s old.
      events.push(
        await server.paddle.webhooks.unmarshal(hook.body, server.sandbox.webhookSecret, hook.signature),
      );
    }
    const canceled = events.find((event) => event.eventType === 'subscription.canceled');
    expect(canceled?.data).toMatchObject({ id: subscriptionId, status: 'canceled' });
    // The event happened at the sandbox's time, 40 days on.
    expect(new Date(canceled?.occurredAt ?? 0).getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(await server.sandbox.pendingWebhooks()).toBe(0);
  });
});
