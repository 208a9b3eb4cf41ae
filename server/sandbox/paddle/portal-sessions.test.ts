import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSubscription } from './test-support/checkout-subscription';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

let server: PaddleTestServer;

beforeAll(async () => {
  server = await startPaddleTestServer();
});
afterAll(async () => {
  await server.close();
});

async function page(url: string, init?: RequestInit) {
  const response = await fetch(url, { redirect: 'manual', ...init });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

describe('customer portal sessions', () => {
  it('answers Paddle shape, with links per subscription that open the portal', async () => {
    const { customerId, subscriptionId } = await checkoutSubscription(server, 'pat@press.test');
    const session = await server.paddle.customerPortalSessions.create(customerId, [subscriptionId]);
    expect(session.id).toMatch(/^cpls_/);
    expect(session.customerId).toBe(customerId);
    const overviewUrl = session.urls.general.overview;
    const [links] = session.urls.subscriptions;
    expect(links?.id).toBe(subscriptionId);
    const token = new URL(overviewUrl).searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThan(40);
    // Each session has its own token.
    const again = await server.paddle.customerPortalSessions.create(customerId, []);
    expect(new URL(again.urls.general.overview).searchParams.get('token')).not.toBe(token);
    expect(again.urls.subscriptions).toEqual([]);

    const overview = await page(overviewUrl);
    expect(overview.status).toBe(200);
    expect(overview.text).toContain('Plus monthly \u00d7 3');
    expect(overview.text).not.toContain('<script');
    expect(overview.text).not.toContain('style=');
    expect(overview.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(overview.headers.get('referrer-policy')).toBe('no-referrer');

    const cancel = await page(links?.cancelSubscription ?? '');
    expect(cancel.status).toBe(200);
    expect(cancel.text).toContain('Cancel at the end of the billing period');
    const action = /<form method="post" action="([^"]+)"/.exec(cancel.text)?.[1] ?? '';
    const posted = await page(new URL(action, overviewUrl).toString(), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, subscription_id: subscriptionId }).toString(),
    });
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(overviewUrl);
    const canceled = await server.paddle.subscriptions.get(subscriptionId);
    expect(canceled.scheduledChange?.action).toBe('cancel');
    expect(canceled.scheduledChange?.effectiveAt).toBe(canceled.currentBillingPeriod?.endsAt);
    const events = await server.http('GET', '/events?event_type=subscription.updated');
    expect(events.body.data.at(-1).data.scheduled_change.action).toBe('cancel');
    const after = await page(overviewUrl);
    expect(after.text).toContain(`Cancels on ${canceled.currentBillingPeriod?.endsAt.slice(0, 10)}`);
    expect(after.text).not.toContain('Cancel subscription');
  });

  it('changes the card through the update-payment-method transaction, with declines and 3-D Secure', async () => {
    const { customerId, subscriptionId } = await checkoutSubscription(server, 'card@press.test');
    const session = await server.paddle.customerPortalSessions.create(customerId, [subscriptionId]);
    const cardUrl = session.urls.subscriptions[0]?.updateSubscriptionPaymentMethod ?? '';
    const form = await page(cardUrl);
    expect(form.status).toBe(200);
    expect(form.text).toContain('Save card');
    expect(form.text).not.toContain('<script');
    const action = new URL(
      /<form method="post" action="([^"]+)"/.exec(form.text)?.[1] ?? '',
      cardUrl,
    ).toString();
    const token = new URL(cardUrl).searchParams.get('token') ?? '';
    const post = (fields: Record<string, string>) =>
      page(action, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ token, subscription_id: subscriptionId, ...fields }).toString(),
      });
    const card = (number: string) => ({ number, expiry: '12/34', cvc: '123', name: 'Pat Press' });

    const invalid = await post(card('1234'));
    expect(invalid.status).toBe(400);
    expect(invalid.text).toContain('card.number');
    const declined = await post(card('4000000000000002'));
    expect(declined.status).toBe(402);
    expect(declined.text).toContain('declined');
    const changed = await post(card('5555555555554444'));
    expect(changed.status).toBe(303);
    const transactions = await server.http('GET', `/transactions?subscription_id=${subscriptionId}`);
    const change = transactions.body.data.filter(
      (t: { origin: string; status: string }) =>
        t.origin === 'subscription_payment_method_change' && t.status === 'completed',
    );
    expect(change).toHaveLength(1);
    expect(change[0].payments[0].method_details.card.last4).toBe('4444');

    const challenge = await post(card('4000002500003155'));
    expect(challenge.status).toBe(200);
    const threeDSecureId = /name="three_d_secure_id" value="([^"]+)"/.exec(challenge.text)?.[1] ?? '';
    expect(threeDSecureId).toMatch(/^tds_/);
    const approved = await post({ three_d_secure_id: threeDSecureId, outcome: 'approve' });
    expect(approved.status).toBe(303);
  });

  it('refuses a wrong, foreign or expired token, and another customer subscription', async () => {
    const customer = await server.paddle.customers.create({ email: 'ann@example.test' });
    const bought = await checkoutSubscription(server, 'sam@example.test');
    const stranger = await server.paddle.customers.get(bought.customerId);
    const foreign = await server.http('POST', `/customers/${customer.id}/portal-sessions`, {
      body: { subscription_ids: [bought.subscriptionId] },
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
        subscription_id: bought.subscriptionId,
      }).toString(),
    });
    expect(posted.status).toBe(303);
    expect((await server.paddle.subscriptions.get(bought.subscriptionId)).scheduledChange).toBeNull();

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

describe('subscriptions’ management_urls', () => {
  it('link into the customer portal with a session of their own, on every answer but the events', async () => {
    const { customerId, subscriptionId } = await checkoutSubscription(server, 'links@press.test');
    const subscription = await server.paddle.subscriptions.get(subscriptionId);
    const urls = subscription.managementUrls;
    const cardUrl = new URL(urls?.updatePaymentMethod ?? '');
    const cancelUrl = new URL(urls?.cancel ?? '');
    expect(cardUrl.pathname).toMatch(/^\/sandbox\/paddle\/portal\/cpls_[a-z0-9]{26}$/);
    expect(cardUrl.searchParams.get('action')).toBe('update_subscription_payment_method');
    expect(cancelUrl.searchParams.get('action')).toBe('cancel_subscription');
    for (const url of [cardUrl, cancelUrl]) {
      expect(url.searchParams.get('subscription_id')).toBe(subscriptionId);
      expect(url.searchParams.get('token')).toMatch(/^pga_/);
    }
    // Temporary, as Paddle's: each answer has a token of its own.
    const again = await server.paddle.subscriptions.get(subscriptionId);
    expect(again.managementUrls?.cancel).not.toBe(urls?.cancel);

    const form = await page(cardUrl.toString());
    expect(form.status).toBe(200);
    expect(form.text).toContain('Save card');
    const cancel = await page(cancelUrl.toString());
    expect(cancel.status).toBe(200);
    expect(cancel.text).toContain('Cancel at the end of the billing period');
    // A link opens only its own customer's portal: another subscription's id shows the overview.
    const other = await checkoutSubscription(server, 'other@press.test');
    const foreign = new URL(cancelUrl);
    foreign.searchParams.set('subscription_id', other.subscriptionId);
    const overview = await page(foreign.toString());
    expect(overview.text).not.toContain('Cancel at the end of the billing period');
    // The token is the session's: on another session's address it opens nothing.
    const session = await server.paddle.customerPortalSessions.create(customerId, []);
    const elsewhere = new URL(session.urls.general.overview);
    elsewhere.searchParams.set('token', cardUrl.searchParams.get('token') ?? '');
    expect((await page(elsewhere.toString())).status).toBe(403);

    // Lists and changes answer them too; the stored subscription, and so its events, carry none.
    const listed = await server.http('GET', `/subscriptions?customer_id=${customerId}`);
    expect(listed.body.data[0].management_urls.cancel).toMatch(/token=pga_/);
    const canceled = await server.paddle.subscriptions.cancel(subscriptionId, {
      effectiveFrom: 'next_billing_period',
    });
    expect(canceled.managementUrls?.cancel).toMatch(/token=pga_/);
    const events = await server.http('GET', '/events?event_type=subscription.created,subscription.updated');
    const mine = events.body.data.filter(
      (event: { data: { id: string } }) => event.data.id === subscriptionId,
    );
    expect(mine.length).toBeGreaterThan(1);
    for (const event of mine) expect(event.data.management_urls).toBeNull();
  });
});
