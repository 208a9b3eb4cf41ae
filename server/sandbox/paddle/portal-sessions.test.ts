import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

let server: PaddleTestServer;

beforeAll(async () => {
  server = await startPaddleTestServer();
});
afterAll(async () => {
  await server.close();
});

/** A subscription as the checkout makes one, stored directly: this test is about the portal. */
async function storeSubscription(customerId: string, id: string): Promise<void> {
  const data = {
    id,
    status: 'active',
    customer_id: customerId,
    currency_code: 'USD',
    current_billing_period: {
      starts_at: '2026-11-01T00:00:00.000000Z',
      ends_at: '2026-12-01T00:00:00.000000Z',
    },
    next_billed_at: '2026-12-01T00:00:00.000000Z',
    scheduled_change: null,
    items: [{ quantity: 3, price: { name: 'Plus monthly', description: 'Plus, monthly' } }],
    updated_at: '2026-11-01T00:00:00.000000Z',
  };
  await server.testDb.db.query(
    `INSERT INTO paddle_sandbox_entities (id, type, customer_id, data) VALUES ($1, 'subscription', $2, $3::jsonb)`,
    [id, customerId, JSON.stringify(data)],
  );
}

async function page(url: string, init?: RequestInit) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('customer portal sessions', () => {
  it('answers Paddle shape, with links per subscription that open the portal', async () => {
    const customer = await server.paddle.customers.create({ email: 'pat@press.test', name: 'Pat Press' });
    await storeSubscription(customer.id, 'sub_01portaltest0000000000000');
    const session = await server.paddle.customerPortalSessions.create(customer.id, [
      'sub_01portaltest0000000000000',
    ]);
    expect(session.id).toMatch(/^cpls_/);
    expect(session.customerId).toBe(customer.id);
    const overviewUrl = session.urls.general.overview;
    const [links] = session.urls.subscriptions;
    expect(links?.id).toBe('sub_01portaltest0000000000000');
    const token = new URL(overviewUrl).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(40);
    // Each session has its own token.
    const again = await server.paddle.customerPortalSessions.create(customer.id, []);
    expect(new URL(again.urls.general.overview).searchParams.get('token')).not.toBe(token);
    expect(again.urls.subscriptions).toEqual([]);

    const overview = await page(overviewUrl);
    expect(overview.status).toBe(200);
    expect(overview.text).toContain('Plus monthly');
    expect(overview.text).not.toContain('<script');
    expect(overview.text).not.toContain('style=');
    expect(overview.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(overview.headers.get('referrer-policy')).toBe('no-referrer');

    const card = await page(links?.updateSubscriptionPaymentMethod ?? '');
    expect(card.status).toBe(200);
    expect(card.text).toContain('Update payment method');

    const cancel = await page(links?.cancelSubscription ?? '');
    expect(cancel.status).toBe(200);
    expect(cancel.text).toContain('Cancel at the end of the billing period');
    const action = /<form method="post" action="([^"]+)"/.exec(cancel.text)?.[1] ?? '';
    const posted = await page(new URL(action, overviewUrl).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, subscription_id: links?.id ?? '' }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(overviewUrl);
    const [row] = await server.testDb.db.query<{ data: { scheduled_change: unknown } }>(
      "SELECT data FROM paddle_sandbox_entities WHERE id = 'sub_01portaltest0000000000000'",
    );
    expect(row?.data.scheduled_change).toEqual({
      action: 'cancel',
      effective_at: '2026-12-01T00:00:00.000000Z',
      resume_at: null,
    });
    const events = await server.http('GET', '/events?event_type=subscription.updated');
    expect(events.body.data).toHaveLength(1);
    expect(events.body.data[0].data.scheduled_change.action).toBe('cancel');
    expect((await page(overviewUrl)).text).toContain('Cancels on 2026-12-01');
  });

  it('refuses a wrong, foreign or expired token, and another customer subscription', async () => {
    const customer = await server.paddle.customers.create({ email: 'ann@example.test' });
    const stranger = await server.paddle.customers.create({ email: 'sam@example.test' });
    await storeSubscription(stranger.id, 'sub_01strangers0000000000000');
    const foreign = await server.http('POST', `/customers/${customer.id}/portal-sessions`, {
      body: { subscription_ids: ['sub_01strangers0000000000000'] },
    });
    expect(foreign.status).toBe(404);
    const bad = await server.http('POST', `/customers/${customer.id}/portal-sessions`, {
      body: { subscription_ids: 'sub_x' },
    });
    expect(bad.status).toBe(400);
    expect((await server.http('POST', '/customers/ctm_missing/portal-sessions', { body: {} })).status).toBe(
      404,
    );

    const session = await server.paddle.customerPortalSessions.create(customer.id, []);
    const url = new URL(session.urls.general.overview);
    const wrong = new URL(url);
    wrong.searchParams.set('token', 'pga_guess');
    expect((await page(wrong.toString())).status).toBe(403);
    // Another session's address with this token opens nothing.
    const other = await server.paddle.customerPortalSessions.create(stranger.id, []);
    const mixed = new URL(other.urls.general.overview);
    mixed.searchParams.set('token', url.searchParams.get('token') ?? '');
    expect((await page(mixed.toString())).status).toBe(403);
    // Nor can this token cancel the stranger's subscription through its own session.
    const posted = await page(`${url.origin}${url.pathname}/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: url.searchParams.get('token') ?? '',
        subscription_id: 'sub_01strangers0000000000000',
      }).toString(),
    });
    expect(posted.status).toBe(303);
    const [row] = await server.testDb.db.query<{ data: { scheduled_change: unknown } }>(
      "SELECT data FROM paddle_sandbox_entities WHERE id = 'sub_01strangers0000000000000'",
    );
    expect(row?.data.scheduled_change).toBeNull();

    await server.testDb.db.query(
      "UPDATE paddle_sandbox_portal_tokens SET expires_at = now() - interval '1 second'",
    );
    const expired = await page(url.toString());
    expect(expired.status).toBe(403);
    expect(expired.text).toContain('expired');
    const tokens = await server.testDb.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM paddle_sandbox_portal_tokens',
    );
    expect(tokens.every((t) => !t.token_hash.startsWith('pga_'))).toBe(true);
  });
});
