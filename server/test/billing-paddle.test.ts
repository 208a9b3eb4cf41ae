import type { Billing, Invoice, Preview, Team } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../src/mail/outbox';
import { demoAccounts, demoPaddleTeam } from '../src/seed/demo-data';
import { seedPaddleDemo } from '../src/seed/demo-paddle';
import { errorOf, setupTestApp } from './helper';
import {
  deliverPaddleEvents,
  newPaddleTeam,
  PADDLE_CARDS,
  paddleCall,
  payPaddleCheckout,
  postPaddleWebhook,
  sandboxPaddle,
} from './paddle-fixtures';
import { addTeamUser, call, createSignedInTeam, demoPerson, refOf } from './team-fixtures';

// A Paddle team's billing over HTTP against the Paddle sandbox mounted in the test app, through the
// official SDK as with real Paddle: the routes' guards, the signed webhook, the checkout and changes.

const t = setupTestApp({ paddle: true });

async function teamRow(id: number): Promise<Team> {
  return (await t.repos.teams.findById(id)) as Team;
}

describe('Paddle catalogue', () => {
  it('makes each paid plan a product and a price once, matched by custom_data', async () => {
    const paddle = sandboxPaddle(t);
    const prices = await paddle.prices.list({ perPage: 200 }).next();
    const planIds = prices.map((p) => (p.customData as { planId?: string }).planId).sort();
    const paid = (await t.repos.billing.listPaidPrices()).map((p) => p.id).sort();
    expect(planIds).toEqual(paid);
    // Two servers starting at once, then another start: still one price per plan.
    await Promise.all([t.app.paddle.syncCatalogue(), t.app.paddle.syncCatalogue()]);
    await t.app.paddle.syncCatalogue();
    const again = await paddle.prices.list({ status: ['active'], perPage: 200 }).next();
    expect(again.map((p) => (p.customData as { planId?: string }).planId).sort()).toEqual(paid);
    const products = await paddle.products.list({ status: ['active'], perPage: 200 }).next();
    const codes = products.map((p) => (p.customData as { planCode?: string }).planCode);
    expect(new Set(codes).size).toBe(codes.length);
  });
});

describe('Paddle routes: who may call them, and bad input', () => {
  it('answer the owner only; a member gets 1700, another team 1600, no token 401', async () => {
    const cast = await createSignedInTeam(t, { plan: 'basic' });
    const other = await createSignedInTeam(t, { plan: 'basic' });
    const ref = refOf(cast.world.owner);
    const settings = await paddleCall(t, cast.owner, 'GET', ref, '/settings');
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({
      enabled: true,
      scriptUrl: '/sandbox/paddle/paddle.js',
      currentProvider: null,
      allowedProviders: ['stripe', 'paddle'],
    });
    expect(settings.json().clientToken).toMatch(/^test_/);
    for (const [method, path, body] of [
      ['GET', '/subscription', undefined],
      ['GET', '/payments', undefined],
      ['POST', '/checkout', { planId: 'plus_30' }],
      ['POST', '/preview', { planId: 'plus_30' }],
      ['PUT', '/plan', { planId: 'basic' }],
      ['POST', '/card', undefined],
    ] as const) {
      const member = await paddleCall(t, cast.member, method, refOf(cast.world.member), path, body);
      expect(errorOf(member).code, `${method} ${path}`).toBe(1700);
      const outsider = await paddleCall(t, other.owner, method, ref, path, body);
      expect(errorOf(outsider).code).toBe(1600);
      const anonymous = await t.app.inject({ method, url: `/api/v1/collab/${ref}/billing-paddle${path}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });

  it('refuse bad input with the spec error body, never a 500', async () => {
    const cast = await createSignedInTeam(t, { plan: 'basic' });
    const ref = refOf(cast.world.owner);
    for (const body of [{}, { planId: 'nope' }, { planId: 'plus_30', extra: 1 }, { planId: 7 }, [1]]) {
      const response = await paddleCall(t, cast.owner, 'POST', ref, '/checkout', body);
      expect(errorOf(response)).toMatchObject({ status: 400, code: 10 });
    }
    const unknown = await paddleCall(t, cast.owner, 'POST', ref, '/checkout', { planId: 'gold_30' });
    expect(errorOf(unknown)).toMatchObject({ status: 400, code: 10, data: [{ field: 'planId' }] });
    const nothingToChange = await paddleCall(t, cast.owner, 'PUT', ref, '/plan', { planId: 'pro_30' });
    expect(errorOf(nothingToChange)).toMatchObject({ status: 400, code: 10 });
    const badId = await paddleCall(t, cast.owner, 'GET', ref, '/payments/../../x/invoice');
    expect(badId.statusCode).toBeLessThan(500);
    const notTxn = await paddleCall(t, cast.owner, 'GET', ref, '/payments/txn_nope/invoice');
    expect(errorOf(notTxn)).toMatchObject({ status: 400, code: 10 });
    const missing = await paddleCall(t, cast.owner, 'GET', ref, `/payments/txn_${'a'.repeat(26)}/invoice`);
    expect(errorOf(missing)).toMatchObject({ status: 404, code: 2200 });
  });
});

describe('Paddle webhook', () => {
  const subscriptionEvent = (id: string, data: Record<string, unknown>, occurredAt = new Date()) =>
    JSON.stringify({
      event_id: id,
      event_type: 'subscription.created',
      occurred_at: occurredAt.toISOString(),
      notification_id: 'ntf_01hv8x2a3b4c5d6e7f8g9h0j1k',
      data: {
        id: `sub_${id.slice(4)}`,
        status: 'active',
        customer_id: `ctm_${id.slice(4)}`,
        address_id: 'add_01hv8x2a3b4c5d6e7f8g9h0j1k',
        currency_code: 'USD',
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
        collection_mode: 'automatic',
        billing_cycle: { interval: 'month', frequency: 1 },
        items: [{ status: 'active', quantity: 1, price: { id: 'pri_x', custom_data: { planId: 'pro_30' } } }],
        ...data,
      },
    });

  it('refuses a missing or wrong signature with a 400 and the spec body', async () => {
    const body = subscriptionEvent('evt_01hv8x2a3b4c5d6e7f8g9h0j10', {});
    expect(errorOf(await postPaddleWebhook(t, body, null))).toMatchObject({ status: 400, code: 10 });
    const wrong = await postPaddleWebhook(
      t,
      body,
      `ts=${Math.floor(Date.now() / 1000)};h1=${'0'.repeat(64)}`,
    );
    expect(errorOf(wrong)).toMatchObject({ status: 400, code: 10, data: [{ field: 'Paddle-Signature' }] });
    expect(errorOf(await postPaddleWebhook(t, body, 'garbage'))).toMatchObject({ status: 400 });
    expect(
      await t.db.query('SELECT 1 FROM paddle_events_taken WHERE event_id = $1', [
        'evt_01hv8x2a3b4c5d6e7f8g9h0j10',
      ]),
    ).toEqual([]);
  });

  it('trusts custom_data.teamId only with its checkoutToken; takes an event once', async () => {
    const cast = await createSignedInTeam(t, { plan: 'basic' });
    const teamId = cast.world.team.id;
    const forged = subscriptionEvent('evt_01hv8x2a3b4c5d6e7f8g9h0j11', {
      custom_data: { teamId, checkoutToken: 'forged' },
    });
    expect((await postPaddleWebhook(t, forged)).statusCode).toBe(200);
    expect(await teamRow(teamId)).toMatchObject({ plan: 'basic', paymentProvider: null });

    const checkout = await paddleCall(t, cast.owner, 'POST', refOf(cast.world.owner), '/checkout', {
      planId: 'pro_30',
    });
    const { customData } = checkout.json<{ customData: { teamId: number; checkoutToken: string } }>();
    const real = subscriptionEvent('evt_01hv8x2a3b4c5d6e7f8g9h0j12', { custom_data: customData });
    expect((await postPaddleWebhook(t, real)).statusCode).toBe(200);
    expect(await teamRow(teamId)).toMatchObject({ plan: 'pro', paymentProvider: 'paddle' });
    expect(await t.repos.billing.findPaddleCustomerId(teamId)).toBe('ctm_01hv8x2a3b4c5d6e7f8g9h0j12');

    // The same event again (a replay, signed afresh) changes nothing, even after the team moved on.
    await t.db.query(`UPDATE teams SET plan = 'plus' WHERE id = $1`, [teamId]);
    expect((await postPaddleWebhook(t, real)).statusCode).toBe(200);
    expect((await teamRow(teamId)).plan).toBe('plus');
    // Another team's token does not move this one.
    const other = await createSignedInTeam(t, { plan: 'basic' });
    const stolen = subscriptionEvent('evt_01hv8x2a3b4c5d6e7f8g9h0j13', {
      custom_data: { teamId: other.world.team.id, checkoutToken: customData.checkoutToken },
    });
    expect((await postPaddleWebhook(t, stolen)).statusCode).toBe(200);
    expect((await teamRow(other.world.team.id)).plan).toBe('basic');
  });
});

describe('Paddle webhook order', () => {
  it('lets an event older than the last one applied change nothing', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const teamId = team.world.team.id;
    const link = await t.repos.paddleBilling.findLink(teamId);
    const data = (planId: string) => ({
      id: link?.subscriptionId,
      status: 'active',
      customer_id: link?.customerId,
      address_id: 'add_01hv8x2a3b4c5d6e7f8g9h0j1k',
      currency_code: 'USD',
      created_at: new Date().toISOString(),
      updated_at: new Date().toISOString(),
      collection_mode: 'automatic',
      billing_cycle: { interval: 'month', frequency: 1 },
      items: [{ status: 'active', quantity: 1, price: { id: 'pri_x', custom_data: { planId } } }],
    });
    const event = (id: string, planId: string, at: Date) =>
      JSON.stringify({
        event_id: id,
        event_type: 'subscription.updated',
        occurred_at: at.toISOString(),
        notification_id: 'ntf_01hv8x2a3b4c5d6e7f8g9h0j1k',
        data: data(planId),
      });
    const later = new Date(Date.now() + 60_000);
    expect(
      (await postPaddleWebhook(t, event('evt_01hv8x2a3b4c5d6e7f8g9h0j20', 'pro_30', later))).statusCode,
    ).toBe(200);
    expect((await teamRow(teamId)).plan).toBe('pro');
    const earlier = new Date(Date.now() - 60_000);
    expect(
      (await postPaddleWebhook(t, event('evt_01hv8x2a3b4c5d6e7f8g9h0j21', 'plus_30', earlier))).statusCode,
    ).toBe(200);
    expect((await teamRow(teamId)).plan).toBe('pro');
  });
});

describe('a Paddle team, end to end against the sandbox', () => {
  it('checkout -> webhook -> plan; subscription with card; payments with invoice URL', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const teamId = team.world.team.id;
    expect(await teamRow(teamId)).toMatchObject({ plan: 'plus', paymentProvider: 'paddle' });
    const settings = await paddleCall(t, team.owner, 'GET', team.ref, '/settings');
    expect(settings.json()).toMatchObject({ currentProvider: 'paddle', allowedProviders: ['paddle'] });
    const subscription = await paddleCall(t, team.owner, 'GET', team.ref, '/subscription');
    expect(subscription.statusCode, subscription.body).toBe(200);
    expect(subscription.json()).toMatchObject({
      status: 'active',
      planId: 'plus_30',
      cancelAt: null,
      card: { last4: '4242', brand: 'visa' },
    });
    const payments = await paddleCall(t, team.owner, 'GET', team.ref, '/payments');
    const invoices = payments.json<Invoice[]>();
    expect(invoices).toHaveLength(1);
    expect(invoices[0]).toMatchObject({ status: 'paid', payUrl: null, currency: 'USD' });
    expect(invoices[0]?.amount).toBeGreaterThan(0);
    const pdf = await call(t, team.owner, 'GET', invoices[0]?.pdfUrl as string);
    expect(pdf.statusCode, pdf.body).toBe(200);
    expect(pdf.json<{ url: string }>().url).toMatch(/^https?:\/\//);
    // Another team's owner cannot read this team's invoice through its own ref.
    const other = await createSignedInTeam(t, { plan: 'basic' });
    const stolen = await paddleCall(
      t,
      other.owner,
      'GET',
      refOf(other.world.owner),
      `/payments/${invoices[0]?.id}/invoice`,
    );
    expect(errorOf(stolen)).toMatchObject({ status: 404, code: 2200 });
    // Stripe's checkout is closed to a Paddle team (no switch back), and so is a second Paddle checkout.
    const stripe = await call(t, team.owner, 'POST', `/api/v2/collab/${team.ref}/billing/checkout`, {
      planId: 'pro_30',
    });
    expect(errorOf(stripe)).toMatchObject({ status: 400, code: 10 });
    const again = await paddleCall(t, team.owner, 'POST', team.ref, '/checkout', { planId: 'pro_30' });
    expect(errorOf(again)).toMatchObject({ status: 400, code: 10 });
  });

  it('previews and changes the plan, cancels and renews, and makes the card transaction', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const teamId = team.world.team.id;
    const preview = await paddleCall(t, team.owner, 'POST', team.ref, '/preview', { planId: 'pro_30' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<Preview>().currency).toBe('USD');

    const changed = await paddleCall(t, team.owner, 'PUT', team.ref, '/plan', { planId: 'pro_30' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<Billing>().subscription).toMatchObject({ planId: 'pro_30' });
    expect((await teamRow(teamId)).plan).toBe('pro');

    const cancelled = await paddleCall(t, team.owner, 'PUT', team.ref, '/plan', { planId: 'basic' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json<Billing>().subscription?.cancelAt).toBeGreaterThan(0);
    expect((await teamRow(teamId)).subscriptionCancelAt).not.toBeNull();
    // The event of the earlier change, delivered only now, is older than the state the cancel's
    // answer applied: it changes nothing (Paddle does not promise order).
    const link = await t.repos.paddleBilling.findLink(teamId);
    const live = await sandboxPaddle(t).subscriptions.get(link?.subscriptionId as string);
    const stale = JSON.stringify({
      event_id: 'evt_01hv8x2a3b4c5d6e7f8g9h0s01',
      event_type: 'subscription.updated',
      occurred_at: new Date(Date.parse(live.updatedAt) - 1).toISOString(),
      notification_id: 'ntf_01hv8x2a3b4c5d6e7f8g9h0s01',
      data: {
        id: live.id,
        status: 'active',
        customer_id: live.customerId,
        address_id: live.addressId,
        currency_code: 'USD',
        created_at: live.createdAt,
        updated_at: new Date(Date.parse(live.updatedAt) - 1).toISOString(),
        collection_mode: 'automatic',
        billing_cycle: { interval: 'month', frequency: 1 },
        scheduled_change: null,
        items: [{ status: 'active', quantity: 1, price: { id: 'pri_x', custom_data: { planId: 'pro_30' } } }],
      },
    });
    expect((await postPaddleWebhook(t, stale)).statusCode).toBe(200);
    expect((await teamRow(teamId)).subscriptionCancelAt).not.toBeNull();

    const renewed = await paddleCall(t, team.owner, 'PUT', team.ref, '/plan', { planId: 'pro_30' });
    expect(renewed.statusCode, renewed.body).toBe(200);
    expect(renewed.json<Billing>().subscription?.cancelAt).toBeNull();
    expect((await teamRow(teamId)).subscriptionCancelAt).toBeNull();
    await deliverPaddleEvents(t);
    expect((await teamRow(teamId)).plan).toBe('pro');

    const card = await paddleCall(t, team.owner, 'POST', team.ref, '/card');
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json<{ transactionId: string }>().transactionId).toMatch(/^txn_/);
  });
});

describe('seats of a Paddle team', () => {
  it('follow a member change, prorated, once', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const teamId = team.world.team.id;
    const paddle = sandboxPaddle(t);
    const link = await t.repos.paddleBilling.findLink(teamId);
    const before = await paddle.subscriptions.get(link?.subscriptionId as string);
    const seats = await t.repos.seats.count(teamId);
    expect(before.items[0]?.quantity).toBe(seats);
    await addTeamUser(t, teamId);
    await Promise.all([
      t.app.billing.sync.seatsMayHaveChanged(teamId),
      t.app.billing.sync.seatsMayHaveChanged(teamId),
    ]);
    const after = await paddle.subscriptions.get(link?.subscriptionId as string);
    expect(after.items[0]?.quantity).toBe(seats + 1);
    const events = await t.repos.events.listTeamEvents(teamId, 0, 100);
    expect(events.filter((e) => e.type === 'billing.seats_changed')).toHaveLength(1);
  });
});

describe('the Paddle demo team', () => {
  it('is Paddle Press on plus monthly, with a Visa ending 4242 and two paid invoices; made once', async () => {
    const checkout = {
      payUrl: `${t.baseUrl}/sandbox/paddle/checkout/pay`,
      clientToken: t.paddleSandbox?.clientToken as string,
    };
    await seedPaddleDemo(t.app, checkout);
    await seedPaddleDemo(t.app, checkout);
    const teams = await t.repos.teams.findByName(demoPaddleTeam.name);
    expect(teams).toHaveLength(1);
    const team = teams[0] as Team;
    expect(team).toMatchObject({ plan: 'plus', paymentProvider: 'paddle' });
    const users = await t.repos.teamUsers.listByTeam(team.id);
    expect(users.map((u) => [u.email, u.role]).sort()).toEqual([
      [demoAccounts.olivia.email, 'member'],
      [demoPaddleTeam.owner.email, 'owner'],
    ]);
    const pat = await demoPerson(t, demoPaddleTeam.owner.email);
    const ref = refOf(users.find((u) => u.role === 'owner') as { teamId: number; id: number });
    const subscription = await paddleCall(t, pat, 'GET', ref, '/subscription');
    expect(subscription.json()).toMatchObject({
      planId: 'plus_30',
      status: 'active',
      card: { last4: '4242' },
    });
    const invoices = (await paddleCall(t, pat, 'GET', ref, '/payments')).json<Invoice[]>();
    expect(invoices.map((i) => i.status)).toEqual(['paid', 'paid']);
  });
});

describe('billing notices of a Paddle team', () => {
  it('mails the owners once when a subscription payment fails; a declined first checkout mails nobody', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const card = await paddleCall(t, team.owner, 'POST', team.ref, '/card');
    const { transactionId } = card.json<{ transactionId: string }>();
    const declined = await payPaddleCheckout(t, { transactionId }, PADDLE_CARDS.declined);
    expect(declined.body.status).toBe('declined');
    await deliverPaddleEvents(t);
    const owner = team.owner.account.email;
    const failed = (await listOutbox(t.outboxDir)).filter(
      (m) => m.to === owner && m.subject.startsWith('The payment for'),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.text).toContain('/billing?provider=paddle');

    const fresh = await createSignedInTeam(t, { plan: 'basic' });
    const ref = refOf(fresh.world.owner);
    const open = (await paddleCall(t, fresh.owner, 'POST', ref, '/checkout', { planId: 'plus_30' })).json<{
      priceId: string;
      customer: object;
      customData: object;
    }>();
    const refused = await payPaddleCheckout(
      t,
      {
        items: [{ priceId: open.priceId, quantity: 1 }],
        customer: open.customer,
        customData: open.customData,
      },
      PADDLE_CARDS.declined,
    );
    expect(refused.body.status).toBe('declined');
    await deliverPaddleEvents(t);
    expect((await listOutbox(t.outboxDir)).filter((m) => m.to === fresh.owner.account.email)).toEqual([]);
    expect(await teamRow(fresh.world.team.id)).toMatchObject({ plan: 'basic', paymentProvider: null });
  });
});

describe('a Paddle subscription that ends', () => {
  it('drops the team to Basic with its event and one mail; the provider stays Paddle', async () => {
    const team = await newPaddleTeam(t, 'pro_30');
    const teamId = team.world.team.id;
    const link = await t.repos.paddleBilling.findLink(teamId);
    await sandboxPaddle(t).subscriptions.cancel(link?.subscriptionId as string, {
      effectiveFrom: 'immediately',
    });
    await deliverPaddleEvents(t);
    expect(await teamRow(teamId)).toMatchObject({ plan: 'basic', paymentProvider: 'paddle' });
    const events = await t.repos.events.listTeamEvents(teamId, 0, 100);
    expect(events.filter((e) => e.type === 'billing.dropped_to_basic')).toHaveLength(1);
    const mails = (await listOutbox(t.outboxDir)).filter(
      (m) => m.to === team.owner.account.email && m.subject.endsWith('is now on Basic'),
    );
    expect(mails).toHaveLength(1);
    const settings = await paddleCall(t, team.owner, 'GET', team.ref, '/settings');
    expect(settings.json()).toMatchObject({ currentProvider: 'paddle', allowedProviders: ['paddle'] });
    // Buying again goes through Paddle's checkout, never Stripe's.
    const again = await paddleCall(t, team.owner, 'POST', team.ref, '/checkout', { planId: 'plus_30' });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('a deleted Paddle team', () => {
  it('is billed no more: its Paddle subscription ends at once', async () => {
    const team = await newPaddleTeam(t, 'plus_30');
    const link = await t.repos.paddleBilling.findLink(team.world.team.id);
    const deleted = await call(t, team.owner, 'DELETE', `/api/v1/collab/teams/${team.ref}`);
    expect(deleted.statusCode).toBe(204);
    const subscription = await sandboxPaddle(t).subscriptions.get(link?.subscriptionId as string);
    expect(subscription.status).toBe('canceled');
  });
});
