import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPaddleSandbox } from './paddle-sandbox';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';
import { recordTestEvent } from './test-support/record-test-event';
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
afterEach(async () => {
  receiver.received.length = 0;
  receiver.respond.status = 200;
  receiver.respond.delayMs = 0;
  receiver.respond.failWhen = null;
  await server.http('PATCH', `/notification-settings/${await settingId()}`, {
    body: { active: true, subscribed_events: (await server.paddle.eventTypes.list()).map((t) => t.name) },
  });
  // The PATCH's commit started a delivery pass of its own; a test's events must not meet it.
  await server.sandbox.webhooksIdle();
});

async function settingId(): Promise<string> {
  const [setting] = await server.paddle.notificationSettings.list();
  return setting?.id ?? '';
}

const customer = (id: string) => ({ id, email: `${id}@example.test`, status: 'active' });

describe('webhook delivery', () => {
  it('posts the event as Paddle does, signed so that the SDK takes it', async () => {
    const event = await recordTestEvent(server.testDb.db, 'customer.created', customer('ctm_one'));
    expect(await server.sandbox.pendingWebhooks()).toBe(1);
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(1);
    const [hook] = receiver.received;
    expect(hook?.userAgent).toBe('Paddle');
    expect(hook?.signature).toMatch(/^ts=\d+;h1=[0-9a-f]{64}$/);
    const body = JSON.parse(hook?.body ?? '{}');
    expect(Object.keys(body)).toEqual(['event_id', 'event_type', 'occurred_at', 'notification_id', 'data']);
    const parsed = await server.paddle.webhooks.unmarshal(
      hook?.body ?? '',
      server.sandbox.webhookSecret,
      hook?.signature ?? '',
    );
    expect(parsed.eventId).toBe(event.event_id);
    expect(parsed.eventType).toBe('customer.created');
    expect(parsed.notificationId).toMatch(/^ntf_/);
    expect(await server.sandbox.pendingWebhooks()).toBe(0);
    const notification = await server.paddle.notifications.get(parsed.notificationId ?? '');
    expect(notification.status).toBe('delivered');
    expect(notification.timesAttempted).toBe(1);
    expect(notification.origin).toBe('event');
  });

  it('counts in a drain what a delivery pass already under way delivered', async () => {
    receiver.respond.delayMs = 150;
    await recordTestEvent(server.testDb.db, 'customer.created', customer('ctm_drain'));
    // Any call's commit starts a pass in the background, which finds that event; the drain waits for it.
    await server.http('PATCH', `/notification-settings/${await settingId()}`, { body: { active: true } });
    const drained = await server.sandbox.deliverPendingWebhooks();
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    // Two servers' drains go round until both say 0: a 0 here would stop them with a webhook just landed.
    expect(drained).toBe(receiver.received.length);
  });

  it('is refused by the SDK when the secret is wrong', async () => {
    await recordTestEvent(server.testDb.db, 'customer.updated', customer('ctm_two'));
    await server.sandbox.deliverPendingWebhooks();
    const [hook] = receiver.received;
    await expect(
      server.paddle.webhooks.unmarshal(hook?.body ?? '', 'pdl_ntfset_wrong', hook?.signature ?? ''),
    ).rejects.toThrow();
  });

  it('retries a failed delivery later, signed afresh, then marks it delivered', async () => {
    receiver.respond.status = 500;
    await recordTestEvent(server.testDb.db, 'customer.updated', customer('ctm_retry'));
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(0);
    const [failed] = await collect(server.paddle.notifications.list({ status: ['needs_retry'] }));
    expect(failed?.timesAttempted).toBe(1);
    const retryIn = new Date(failed?.retryAt ?? 0).getTime() - Date.now();
    expect(retryIn).toBeGreaterThan(50_000);
    expect(retryIn).toBeLessThan(61_000);
    expect(await server.sandbox.pendingWebhooks()).toBe(1);
    receiver.respond.status = 204;
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(1);
    const [first, second] = receiver.received;
    expect(second?.signature).not.toBe(first?.signature);
    const parsed = await server.paddle.webhooks.unmarshal(
      second?.body ?? '',
      server.sandbox.webhookSecret,
      second?.signature ?? '',
    );
    const done = await server.paddle.notifications.get(parsed.notificationId ?? '');
    expect(done.status).toBe('delivered');
    expect(done.timesAttempted).toBe(2);
    const logs = await collect(server.paddle.notifications.getLogs(done.id));
    expect(logs.map((log) => log.responseCode)).toEqual([500, 204]);
    expect(logs[0]?.responseBody).toBe('{"ok":false}');
    expect(logs[0]?.id).toMatch(/^ntflog_/);
  });

  it('gives up after the retries as failed, and a replay sends it again as a new notification', async () => {
    receiver.respond.status = 503;
    await recordTestEvent(server.testDb.db, 'customer.updated', customer('ctm_failed'));
    for (let attempt = 0; attempt < 4; attempt++) await server.sandbox.deliverPendingWebhooks();
    expect(receiver.received).toHaveLength(4);
    await server.sandbox.deliverPendingWebhooks();
    expect(receiver.received).toHaveLength(4);
    const [failed] = await collect(server.paddle.notifications.list({ status: ['failed'] }));
    expect(failed?.timesAttempted).toBe(4);
    expect(failed?.retryAt).toBeNull();
    expect(await server.sandbox.pendingWebhooks()).toBe(0);

    receiver.respond.status = 200;
    const replay = await server.paddle.notifications.replay(failed?.id ?? '');
    expect(replay.notificationId).toMatch(/^ntf_/);
    expect(replay.notificationId).not.toBe(failed?.id);
    // The replay's commit has started a delivery already; this waits for it.
    await server.sandbox.deliverPendingWebhooks();
    expect(receiver.received).toHaveLength(5);
    const replayed = await server.paddle.notifications.get(replay.notificationId);
    expect(replayed.origin).toBe('replay');
    expect(replayed.status).toBe('delivered');
    expect((await server.paddle.notifications.get(failed?.id ?? '')).replayedAt).not.toBeNull();
    const body = JSON.parse(receiver.received.at(-1)?.body ?? '{}');
    expect(body.notification_id).toBe(replay.notificationId);
    expect(body.event_id).toBe(failed?.payload.eventId);
  });

  it('counts an answer slower than five seconds as failed', { timeout: 15_000 }, async () => {
    receiver.respond.delayMs = 5_600;
    await recordTestEvent(server.testDb.db, 'customer.updated', customer('ctm_slow'));
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(0);
    const [slow] = await collect(
      server.paddle.notifications.list({ status: ['needs_retry'], filter: 'ctm_slow' }),
    );
    expect(slow?.timesAttempted).toBe(1);
    const [log] = await collect(server.paddle.notifications.getLogs(slow?.id ?? ''));
    expect(log?.responseCode).toBe(0);
  });

  it('delivers each event once when several servers share the database', async () => {
    // A second sandbox on the same database, as a second server behind a load balancer.
    const second = createPaddleSandbox({
      db: server.testDb.db,
      publicUrl: () => 'http://127.0.0.1:1',
      webhookUrl: () => receiver.url,
    });
    await second.migrate();
    await server.sandbox.deliverPendingWebhooks();
    receiver.received.length = 0;
    for (let i = 0; i < 6; i++)
      await recordTestEvent(server.testDb.db, 'customer.updated', customer(`ctm_${i}`));
    const [a, b] = await Promise.all([
      server.sandbox.deliverPendingWebhooks(),
      second.deliverPendingWebhooks(),
    ]);
    expect(a + b).toBe(6);
    const ids = receiver.received.map((hook) => JSON.parse(hook.body).event_id);
    expect(new Set(ids).size).toBe(6);
    expect(ids).toHaveLength(6);
    await second.close();
  });
});

describe('the order', () => {
  it('holds an event about a subscription behind an earlier undelivered one about it, and no other', async () => {
    await server.sandbox.deliverPendingWebhooks();
    receiver.received.length = 0;
    const sub = (id: string, status: string) => ({ id, status, customer_id: 'ctm_x' });
    const created = await recordTestEvent(server.testDb.db, 'subscription.created', sub('sub_a', 'active'));
    const paid = await recordTestEvent(server.testDb.db, 'transaction.completed', {
      id: 'txn_a',
      subscription_id: 'sub_a',
    });
    const other = await recordTestEvent(server.testDb.db, 'subscription.created', sub('sub_b', 'active'));
    const updated = await recordTestEvent(server.testDb.db, 'subscription.updated', sub('sub_a', 'canceled'));
    receiver.respond.failWhen = (body) => body.includes(created.event_id);
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(1);
    const sent = () => receiver.received.map((hook) => JSON.parse(hook.body).event_id);
    // The failing one is tried again in the next pass; the two behind it are not tried at all.
    expect(new Set(sent())).toEqual(new Set([created.event_id, other.event_id]));
    const before = sent().length;
    receiver.respond.failWhen = null;
    await server.sandbox.deliverPendingWebhooks();
    expect(sent().slice(before)).toEqual([created.event_id, paid.event_id, updated.event_id]);
  });
});

describe('the worker with the server', () => {
  it('starts with the server, and on stop finishes the delivery in flight and leaves the rest pending', async () => {
    await server.sandbox.deliverPendingWebhooks();
    receiver.received.length = 0;
    const second = createPaddleSandbox({
      db: server.testDb.db,
      publicUrl: () => 'http://127.0.0.1:1',
      webhookUrl: () => receiver.url,
    });
    await second.migrate();
    // The receiver holds its answer, so the first delivery is still in flight when close() is called.
    receiver.respond.delayMs = 1_000;
    for (let i = 0; i < 3; i++)
      await recordTestEvent(server.testDb.db, 'customer.updated', customer(`ctm_stop_${i}`));
    second.start();
    await vi.waitFor(() => expect(receiver.received).toHaveLength(1), { timeout: 5_000, interval: 10 });
    await second.close();
    expect(receiver.received).toHaveLength(1);
    expect(await server.sandbox.pendingWebhooks()).toBe(2);
    receiver.respond.delayMs = 0;
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(2);
  });
});

describe('the notification setting', () => {
  it('is the one destination, the product webhook address, with its secret', async () => {
    const settings = await server.paddle.notificationSettings.list();
    expect(settings).toHaveLength(1);
    const [setting] = settings;
    expect(setting?.id).toMatch(/^ntfset_/);
    expect(setting?.destination).toBe(receiver.url);
    expect(setting?.endpointSecretKey).toBe(server.sandbox.webhookSecret);
    expect(setting?.active).toBe(true);
    expect((await server.paddle.notificationSettings.get(setting?.id ?? '')).type).toBe('url');
  });

  it('sends only the events it subscribes to, and none while inactive', async () => {
    const id = await settingId();
    const updated = await server.paddle.notificationSettings.update(id, {
      subscribedEvents: ['transaction.completed'],
    });
    expect(updated.subscribedEvents.map((t) => t.name)).toEqual(['transaction.completed']);
    await server.sandbox.webhooksIdle();
    await recordTestEvent(server.testDb.db, 'customer.updated', customer('ctm_unsubscribed'));
    await recordTestEvent(server.testDb.db, 'transaction.completed', { id: 'txn_sub' });
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(1);
    expect(JSON.parse(receiver.received[0]?.body ?? '{}').event_type).toBe('transaction.completed');

    await server.paddle.notificationSettings.update(id, { active: false });
    await server.sandbox.webhooksIdle();
    await recordTestEvent(server.testDb.db, 'transaction.completed', { id: 'txn_off' });
    expect(await server.sandbox.deliverPendingWebhooks()).toBe(0);
    expect(await server.sandbox.pendingWebhooks()).toBe(0);
  });

  it('refuses a change of destination or an unknown event, and an unknown setting', async () => {
    const id = await settingId();
    const moved = await server.http('PATCH', `/notification-settings/${id}`, {
      body: { destination: 'https://attacker.example/hooks' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.errors[0].field).toBe('destination');
    const unknown = await server.http('PATCH', `/notification-settings/${id}`, {
      body: { subscribed_events: ['nope.happened'] },
    });
    expect(unknown.status).toBe(400);
    expect((await server.http('GET', '/notification-settings/ntfset_missing')).status).toBe(404);
    expect((await server.http('GET', '/notification-settings', { key: null })).status).toBe(401);
  });
});

async function collect<T>(collection: { next(): Promise<T[]>; hasMore: boolean }): Promise<T[]> {
  const all: T[] = [];
  do all.push(...(await collection.next()));
  while (collection.hasMore);
  return all;
}
