import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPaddleSandbox } from './reset';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';
import { recordTestEvent } from './test-support/record-test-event';
import { startWebhookReceiver, type WebhookReceiver } from './test-support/webhook-receiver';

let server: PaddleTestServer;
let receiver: WebhookReceiver;
/** The last event of the first test: later ones list after it. */
let lastMade = '';
const made0 = () => lastMade;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  server = await startPaddleTestServer({ webhookUrl: () => receiver.url });
});
afterAll(async () => {
  await server.close();
  await receiver.close();
});

describe('events', () => {
  it('lists events oldest first, filtered by type, paged after an event id', async () => {
    const made = [];
    for (const type of [
      'customer.created',
      'transaction.completed',
      'customer.updated',
      'transaction.completed',
    ])
      made.push(await recordTestEvent(server.testDb.db, type, { id: `x_${made.length}` }));
    const ids = (body: { data: { event_id: string }[] }) => body.data.map((e) => e.event_id);
    expect(ids((await server.http('GET', '/events')).body)).toEqual(made.map((e) => e.event_id));
    const completed = await server.http('GET', '/events?event_type=transaction.completed');
    expect(ids(completed.body)).toEqual([made[1]?.event_id, made[3]?.event_id]);

    const first = await server.http('GET', '/events?per_page=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.meta.pagination).toMatchObject({ per_page: 2, has_more: true, estimated_total: 4 });
    const next = new URL(first.body.meta.pagination.next);
    expect(next.searchParams.get('after')).toBe(made[1]?.event_id);
    const second = await server.http('GET', `/events${next.search}`);
    expect(second.body.data.map((e: { event_id: string }) => e.event_id)).toEqual([
      made[2]?.event_id,
      made[3]?.event_id,
    ]);
    expect(second.body.meta.pagination).toMatchObject({ has_more: false, estimated_total: 4 });
    lastMade = made[3]?.event_id ?? '';
    expect(second.body.data[0]).toEqual({
      event_id: made[2]?.event_id,
      event_type: 'customer.updated',
      occurred_at: made[2]?.occurred_at,
      data: { id: 'x_2' },
    });
  });

  it('hands the SDK events it parses into its own entities', async () => {
    // The API records its own event for what it made, as Paddle does.
    const created = await server.paddle.customers.create({ email: 'eve@example.test', name: 'Eve' });
    const [recorded] = await server.testDb.db.query<{ id: string }>(
      "SELECT id FROM paddle_sandbox_events WHERE event_type = 'customer.created' AND data->>'id' = $1",
      [created.id],
    );
    const [parsed] = await server.paddle.events
      .list({ eventType: ['customer.created'], after: made0() })
      .next();
    expect(parsed?.eventId).toBe(recorded?.id);
    expect(parsed?.eventType).toBe('customer.created');
    expect(parsed?.data).toMatchObject({ id: created.id, email: 'eve@example.test', name: 'Eve' });
  });

  it('names the event types the sandbox sends', async () => {
    const types = await server.paddle.eventTypes.list();
    const names = types.map((t) => t.name);
    expect(names).toContain('subscription.updated');
    expect(names).toContain('transaction.completed');
    expect(types.find((t) => t.name === 'subscription.updated')).toMatchObject({
      group: 'Subscription',
      availableVersions: [1],
    });
  });

  it('answers bad paging with Paddle error body, and needs the key', async () => {
    const bad = await server.http('GET', '/events?per_page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_field');
    expect((await server.http('GET', '/events', { key: null })).status).toBe(401);
    const status = await server.http('GET', '/notifications?status=lost');
    expect(status.status).toBe(400);
    const from = await server.http('GET', '/notifications?from=yesterday');
    expect(from.status).toBe(400);
    expect((await server.http('POST', '/notifications/ntf_missing/replay')).status).toBe(404);
  });

  it('is emptied by a reset, with the setting back to every event', async () => {
    const [setting] = await server.paddle.notificationSettings.list();
    await server.paddle.notificationSettings.update(setting?.id ?? '', {
      subscribedEvents: ['customer.created'],
    });
    await resetPaddleSandbox(server.testDb.db);
    expect((await server.http('GET', '/events')).body.data).toEqual([]);
    expect((await server.http('GET', '/notifications')).body.data).toEqual([]);
    const [after] = await server.paddle.notificationSettings.list();
    expect(after?.id).toBe(setting?.id);
    expect(after?.subscribedEvents.length).toBeGreaterThan(10);
  });
});
