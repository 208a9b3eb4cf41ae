import type { Invoice, Preview, Product, Team } from '@domain/entities';
import { beforeAll, describe, expect, it } from 'vitest';
import { listOutbox } from '../src/mail/outbox';
import { demoBilling } from '../src/seed/demo-billing';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import {
  authenticate,
  browserCall,
  changeCard,
  checkoutIdOf,
  getBilling,
  payCheckout,
  sandboxStripe,
  TEST_CARDS,
} from './billing-fixtures';
import { errorOf, setupTestApp, TEST_OPERATOR_EMAIL } from './helper';
import { call, createSignedInTeam, demoMember, demoPerson, type Person, refOf } from './team-fixtures';

// Team billing over HTTP against the built-in Stripe sandbox, through the SDK exactly as in
// production: the demo world's billing, then fresh teams for each lifecycle.

const t = setupTestApp({ demoBilling: true });
const DAY = 86_400;

async function teamOf(who: Person, ref: string): Promise<Team> {
  return (await call(t, who, 'GET', `/api/v1/collab/teams/${ref}`)).json<{ team: Team }>().team;
}

/** A new team of three (owner, admin, member) on basic, and its owner's ref. */
async function newBasicTeam() {
  const cast = await createSignedInTeam(t, { plan: 'basic' });
  return { ...cast, ref: refOf(cast.world.owner) };
}

/** A new team subscribed through the hosted checkout with a card; trialing unless it had a trial. */
async function newSubscribedTeam(planId = 'plus_30', card: string = TEST_CARDS.visa) {
  const team = await newBasicTeam();
  const checkout = await call(t, team.owner, 'POST', `/api/v2/collab/${team.ref}/billing/checkout`, {
    planId,
  });
  expect(checkout.statusCode).toBe(200);
  const paid = await payCheckout(t, checkout.json<{ url: string }>().url, card);
  expect(paid.body.status).toBe('complete');
  await t.sandbox.deliverPendingWebhooks();
  return team;
}

/**
 * Ends the team's trial (so changes charge money) and makes `number` its card, attached straight at
 * the provider, without the setup a browser would do.
 */
async function payingTeamWithCard(teamId: number, number: string) {
  const stripe = sandboxStripe(t);
  const link = await t.repos.billing.findTeamBilling(teamId);
  const customer = link?.customerId as string;
  const subscription = link?.subscriptionId as string;
  await stripe.subscriptions.update(subscription, { trial_end: 'now' });
  const card = await stripe.paymentMethods.create({
    type: 'card',
    card: { number, exp_month: 12, exp_year: 2034, cvc: '123' },
  } as never);
  await stripe.paymentMethods.attach(card.id, { customer });
  await stripe.customers.update(customer, { invoice_settings: { default_payment_method: card.id } });
  await stripe.subscriptions.update(subscription, { default_payment_method: card.id });
}

describe('demo billing', () => {
  let olivia: Person;
  let ref: string;
  beforeAll(async () => {
    olivia = await demoPerson(t, demoAccounts.olivia.email);
    ref = refOf(await demoMember(t, demoAccounts.olivia.email, demoTeams.acme.name));
  });

  it('Acme Inc: an active annual premium subscription, a Visa 4242 12 / 30, a customer in Germany with a VAT id', async () => {
    const billing = await getBilling(t, olivia, ref);
    expect(billing.subscription).toMatchObject({ status: 'active', planId: 'premium_365', cancelAt: null });
    expect(billing.subscription?.nextPaymentAt).toBeGreaterThan(Date.now() / 1000 + 300 * DAY);
    expect(billing.card).toEqual({ last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 });
    expect(billing.customer).toMatchObject({ country: 'DE', vatId: demoBilling.acme.vatId, city: 'Berlin' });
    expect(billing.usage.usersCnt).toBe(3);
  });

  it('Acme Inc: three invoices, two paid with a download link, one open with a pay link', async () => {
    const invoices = (await call(t, olivia, 'GET', `/api/v1/collab/${ref}/billing/invoices`)).json<
      Invoice[]
    >();
    expect(invoices).toHaveLength(3);
    const paid = invoices.filter((i) => i.status === 'paid');
    const open = invoices.filter((i) => i.status === 'open');
    expect(paid).toHaveLength(2);
    expect(open).toHaveLength(1);
    for (const invoice of paid) expect(invoice).toMatchObject({ payUrl: null, pdfUrl: expect.any(String) });
    expect(open[0]).toMatchObject({
      pdfUrl: null,
      payUrl: expect.any(String),
      amount: 1500,
      currency: 'USD',
    });
    const page = await call(t, olivia, 'GET', `/api/v1/collab/${ref}/billing/invoices/${paid[0]?.id}.html`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain(`Invoice ${paid[0]?.number}`);
  });

  it('Trial Tech: a premium trial ending with the team trial, no card; Basic Bakery has nothing', async () => {
    const tara = await demoPerson(t, demoAccounts.tara.email);
    const trialRef = refOf(await demoMember(t, demoAccounts.tara.email, demoTeams.trial.name));
    const billing = await getBilling(t, tara, trialRef);
    const team = await teamOf(tara, trialRef);
    expect(billing.subscription).toMatchObject({ status: 'trialing', planId: 'premium_365' });
    expect(billing.subscription?.trialEndAt).toBe(team.trialEndAt);
    expect(billing.card).toBeNull();
    const bella = await demoPerson(t, demoAccounts.bella.email);
    const bakeryRef = refOf(await demoMember(t, demoAccounts.bella.email, demoTeams.bakery.name));
    expect(await getBilling(t, bella, bakeryRef)).toEqual({
      customer: null,
      card: null,
      subscription: null,
      usage: { usersCnt: 2 },
      endedTrial: null,
    });
  });

  it('plans: basic, the plans on sale and the legacy premium for the team on it', async () => {
    const plans = (await call(t, olivia, 'GET', `/api/v1/collab/${ref}/billing/plans`)).json<Product[]>();
    expect(plans.map((p) => p.code)).toEqual(['basic', 'plus', 'premium', 'pro']);
    expect(plans[0]?.templatesLim).toBe(0);
    expect(plans.find((p) => p.code === 'pro')?.plans.map((p) => p.id)).toEqual(['pro_30', 'pro_365']);
  });

  it('only the owner reaches billing: admin, member and an outsider get the error body and no data', async () => {
    const adam = await demoPerson(t, demoAccounts.adam.email);
    const adamRef = refOf(await demoMember(t, demoAccounts.adam.email, demoTeams.acme.name));
    const mia = await demoPerson(t, demoAccounts.mia.email);
    const miaRef = refOf(await demoMember(t, demoAccounts.mia.email, demoTeams.acme.name));
    for (const [who, whoRef] of [
      [adam, adamRef],
      [mia, miaRef],
    ] as const) {
      for (const path of ['', '/invoices', '/plans', '/stripe-token', '/usage']) {
        const response = await call(t, who, 'GET', `/api/v1/collab/${whoRef}/billing${path}`);
        expect(errorOf(response)).toMatchObject({ status: 403, code: 1700 });
        expect(response.body).not.toContain('4242');
      }
    }
    const bella = await demoPerson(t, demoAccounts.bella.email);
    expect(errorOf(await call(t, bella, 'GET', `/api/v1/collab/${ref}/billing`))).toMatchObject({
      status: 403,
      code: 1600,
    });
  });

  it('another team cannot open an invoice of Acme Inc', async () => {
    const invoices = (await call(t, olivia, 'GET', `/api/v1/collab/${ref}/billing/invoices`)).json<
      Invoice[]
    >();
    const { owner, ref: otherRef } = await newBasicTeam();
    const response = await call(
      t,
      owner,
      'GET',
      `/api/v1/collab/${otherRef}/billing/invoices/${invoices[0]?.id}.html`,
    );
    expect(errorOf(response)).toMatchObject({ status: 404, code: 2200 });
  });
});

describe('first subscription through the hosted checkout', () => {
  it('a basic team subscribes: trial of 14 days, plan shown on return before the webhook', async () => {
    const { owner, ref } = await newBasicTeam();
    const checkout = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
      planId: 'pro_365',
      redirectParams: { planId: 'pro_365' },
    });
    expect(checkout.statusCode).toBe(200);
    const { url } = checkout.json<{ url: string }>();
    expect(url).toContain('/sandbox/stripe/checkout/cs_');
    const paid = await payCheckout(t, url, TEST_CARDS.visa);
    expect(paid.body.redirect_url).toBe(
      `http://console.test/teams/${ref}/billing?result=success&mode=checkout&planId=pro_365&session_id=${checkoutIdOf(url)}`,
    );
    // Back in the console before any webhook arrived: billing reads the session itself.
    const billing = await getBilling(t, owner, ref);
    expect(billing.subscription).toMatchObject({ status: 'trialing', planId: 'pro_365' });
    expect(billing.subscription?.trialEndAt).toBeCloseTo(Date.now() / 1000 + 14 * DAY, -3);
    expect(billing.card?.last4).toBe('4242');
    const team = await teamOf(owner, ref);
    expect(team).toMatchObject({ plan: 'pro', trialStatus: 'in_progress', paymentProvider: 'stripe' });
    await t.sandbox.deliverPendingWebhooks();
    expect((await teamOf(owner, ref)).plan).toBe('pro');
  });

  it('a double click on checkout gets the same session; a team with a subscription gets none', async () => {
    const { owner, ref } = await newBasicTeam();
    const [a, b] = await Promise.all([
      call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, { planId: 'plus_30' }),
      call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, { planId: 'plus_30' }),
    ]);
    expect(a.json<{ url: string }>().url).toBe(b.json<{ url: string }>().url);
    await payCheckout(t, a.json<{ url: string }>().url, TEST_CARDS.visa);
    const again = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
      planId: 'plus_30',
    });
    expect(errorOf(again)).toMatchObject({ status: 400, code: 10, data: [{ field: 'planId' }] });
  });

  it('a declined card at checkout shows the card message and subscribes nothing', async () => {
    const { owner, ref } = await newBasicTeam();
    const checkout = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
      planId: 'plus_30',
    });
    const paid = await payCheckout(t, checkout.json<{ url: string }>().url, TEST_CARDS.declined);
    expect(paid.status).toBe(402);
    expect(paid.body.error?.message).toBe('Your card was declined.');
    expect((await getBilling(t, owner, ref)).subscription).toBeNull();
    expect((await teamOf(owner, ref)).plan).toBe('basic');
  });

  it('3-D Secure at checkout: completed subscribes, failed does not', async () => {
    for (const outcome of ['complete', 'fail'] as const) {
      const { owner, ref } = await newBasicTeam();
      const checkout = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
        planId: 'plus_30',
      });
      const { url } = checkout.json<{ url: string }>();
      const paid = await payCheckout(t, url, TEST_CARDS.threeDSecure);
      expect(paid.body.status).toBe('requires_action');
      const challenge = new URL(paid.body.next_action?.redirect_to_url?.url ?? '', 'http://x');
      await authenticate(t, challenge.searchParams.get('client_secret') ?? '', outcome);
      await t.sandbox.deliverPendingWebhooks();
      const page = await browserCall<{ status: string }>(t, 'GET', `/v1/payment_pages/${checkoutIdOf(url)}`);
      expect(page.body.status).toBe(outcome === 'complete' ? 'complete' : 'open');
      expect((await teamOf(owner, ref)).plan).toBe(outcome === 'complete' ? 'plus' : 'basic');
    }
  });
});

describe('plan changes, coupons and tax', () => {
  it('an upgrade: the preview shows the proration, and the change charges exactly that', async () => {
    const team = await newSubscribedTeam('plus_30');
    // End the trial now so the upgrade charges money.
    await sandboxStripe(t).subscriptions.update(
      (await t.repos.billing.findTeamBilling(team.world.team.id))?.subscriptionId as string,
      { trial_end: 'now' },
    );
    const preview = (
      await call(t, team.owner, 'POST', `/api/v1/collab/${team.ref}/billing/preview`, { planId: 'pro_30' })
    ).json<Preview>();
    expect(preview.lines.length).toBeGreaterThanOrEqual(2);
    expect(preview.lines.some((line) => line.amount < 0)).toBe(true);
    expect(preview.amountDue).toBeGreaterThan(0);
    expect(preview.currency).toBe('USD');
    const changed = await call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, {
      planId: 'pro_30',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json<{ subscription: { planId: string } }>().subscription.planId).toBe('pro_30');
    expect((await teamOf(team.owner, team.ref)).plan).toBe('pro');
    const invoices = (await call(t, team.owner, 'GET', `/api/v1/collab/${team.ref}/billing/invoices`)).json<
      Invoice[]
    >();
    expect(invoices[0]).toMatchObject({ status: 'paid', amount: preview.amountDue });
  });

  it('a promotion code lowers the preview; an unknown one is a coupon field error', async () => {
    const team = await newSubscribedTeam('plus_30');
    const stripe = sandboxStripe(t);
    const coupon = await stripe.coupons.create({ percent_off: 50, duration: 'once' });
    const code = `HALF${Date.now()}`;
    await stripe.promotionCodes.create({ promotion: { type: 'coupon', coupon: coupon.id }, code });
    const base = `/api/v1/collab/${team.ref}/billing/preview`;
    const plain = (await call(t, team.owner, 'POST', base, { planId: 'pro_365' })).json<Preview>();
    const discounted = (
      await call(t, team.owner, 'POST', base, { planId: 'pro_365', coupon: code })
    ).json<Preview>();
    expect(discounted.discount).toBeGreaterThan(0);
    expect(discounted.amountDue).toBeLessThan(plain.amountDue);
    const bad = await call(t, team.owner, 'POST', base, { planId: 'pro_365', coupon: 'NOPE' });
    expect(errorOf(bad)).toMatchObject({
      status: 400,
      code: 10,
      data: [{ field: 'coupon', message: 'is invalid' }],
    });
  });

  it('tax: German VAT without a VAT id, none with one (reverse charge); VAT ids normalised', async () => {
    const team = await newSubscribedTeam('plus_30');
    const address = {
      name: 'Beta GmbH',
      line1: 'Hauptstr. 1',
      line2: '',
      city: 'Köln',
      state: '',
      postalCode: '50667',
    };
    const put = (body: object) =>
      call(t, team.owner, 'PUT', `/api/v1/collab/${team.ref}/billing/customer`, body);
    expect((await put({ ...address, country: 'DE', vatId: '' })).statusCode).toBe(200);
    const preview = () =>
      call(t, team.owner, 'POST', `/api/v1/collab/${team.ref}/billing/preview`, { planId: 'pro_365' }).then(
        (r) => r.json<Preview>(),
      );
    const taxed = await preview();
    expect(taxed.taxPercent).toBe(19);
    expect(taxed.tax).toBe(Math.round(taxed.subtotal * 0.19));
    const saved = await put({ ...address, country: 'GR', vatId: ' 123 456 789 ' });
    expect(saved.json()).toMatchObject({ country: 'GR', vatId: 'EL123456789' });
    const untaxed = await preview();
    expect(untaxed).toMatchObject({ tax: 0, taxPercent: 0 });
    const wrong = await put({ ...address, country: 'US', state: 'XX', postalCode: '1234', vatId: '' });
    expect(errorOf(wrong).data).toEqual([
      { field: 'state', message: 'is invalid' },
      { field: 'postalCode', message: 'is invalid' },
    ]);
  });

  it('two plan changes at once leave one subscription on one of the plans', async () => {
    const team = await newSubscribedTeam('plus_30');
    const [a, b] = await Promise.all([
      call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, { planId: 'pro_30' }),
      call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, { planId: 'pro_365' }),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    const link = await t.repos.billing.findTeamBilling(team.world.team.id);
    const subscriptions = await sandboxStripe(t).subscriptions.list({ customer: link?.customerId as string });
    expect(subscriptions.data).toHaveLength(1);
    expect(['pro_30', 'pro_365']).toContain((await getBilling(t, team.owner, team.ref)).subscription?.planId);
  });
});

describe('cards', () => {
  it('a new card through a setup intent becomes the default', async () => {
    const team = await newSubscribedTeam('plus_30');
    const { confirmed, payment } = await changeCard(t, team.owner, team.ref, '5555555555554444');
    expect(confirmed.body.status).toBe('succeeded');
    const put = await call(t, team.owner, 'PUT', `/api/v1/collab/${team.ref}/billing/card`, {
      paymentMethodId: payment,
    });
    expect(put.json()).toMatchObject({ last4: '4444', brand: 'mastercard' });
    expect((await getBilling(t, team.owner, team.ref)).card?.last4).toBe('4444');
  });

  it('declined and insufficient-funds cards are refused at setup with the card message', async () => {
    const team = await newBasicTeam();
    const declined = await changeCard(t, team.owner, team.ref, TEST_CARDS.declined);
    expect(declined.confirmed.status).toBe(402);
    expect(JSON.stringify(declined.confirmed.body)).toContain('Your card was declined.');
  });

  it('another customer’s payment method is refused', async () => {
    const a = await newSubscribedTeam('plus_30');
    const b = await newBasicTeam();
    const { payment } = await changeCard(t, a.owner, a.ref, TEST_CARDS.visa);
    await call(t, a.owner, 'PUT', `/api/v1/collab/${a.ref}/billing/card`, { paymentMethodId: payment });
    const stolen = await call(t, b.owner, 'PUT', `/api/v1/collab/${b.ref}/billing/card`, {
      paymentMethodId: payment,
    });
    expect(errorOf(stolen)).toMatchObject({ status: 400, code: 10, data: [{ field: 'paymentMethodId' }] });
  });

  it('a plan change on a declining card answers 402 with the message and changes nothing', async () => {
    const team = await newSubscribedTeam('plus_30');
    // Insufficient funds sets up fine and fails when charged.
    await payingTeamWithCard(team.world.team.id, TEST_CARDS.insufficientFunds);
    const changed = await call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, {
      planId: 'pro_365',
    });
    expect(errorOf(changed)).toMatchObject({ status: 402, code: 1900 });
    expect(changed.json<{ errorMessage: string }>().errorMessage).toBe('Your card has insufficient funds.');
    expect((await getBilling(t, team.owner, team.ref)).subscription?.planId).toBe('plus_30');
  });
});

describe('cancel, renew, the clock and seats', () => {
  it('cancel at period end, renew, cancel again; the period ends and the team is basic', async () => {
    const team = await newSubscribedTeam('plus_30');
    const plan = (planId: string) =>
      call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, { planId });
    const cancelled = (await plan('basic_30')).json<{ subscription: { cancelAt: number | null } }>();
    expect(cancelled.subscription.cancelAt).toBeGreaterThan(Date.now() / 1000);
    expect((await teamOf(team.owner, team.ref)).subscriptionCancelAt).toBe(cancelled.subscription.cancelAt);
    const renewed = (await plan('plus_30')).json<{ subscription: { cancelAt: number | null } }>();
    expect(renewed.subscription.cancelAt).toBeNull();
    expect((await teamOf(team.owner, team.ref)).subscriptionCancelAt).toBeNull();
    await plan('basic_30');
    await t.sandbox.advance(16 * DAY);
    await t.sandbox.deliverPendingWebhooks();
    expect(await teamOf(team.owner, team.ref)).toMatchObject({ plan: 'basic', subscriptionCancelAt: null });
    expect((await getBilling(t, team.owner, team.ref)).subscription).toBeNull();
  });

  it('seats follow member actions at once: ban, unban, kick', async () => {
    const team = await newSubscribedTeam('plus_30');
    const quantity = async () => {
      const link = await t.repos.billing.findTeamBilling(team.world.team.id);
      const subscription = await sandboxStripe(t).subscriptions.retrieve(link?.subscriptionId as string);
      return subscription.items.data[0]?.quantity;
    };
    expect(await quantity()).toBe(3);
    const member = `/api/v1/collab/${team.ref}/users/${team.world.member.id}`;
    await call(t, team.owner, 'POST', `${member}/ban`);
    expect(await quantity()).toBe(2);
    await call(t, team.owner, 'POST', `${member}/ban`);
    expect(await quantity()).toBe(2);
    await call(t, team.owner, 'POST', `${member}/unban`);
    expect(await quantity()).toBe(3);
    await call(t, team.owner, 'POST', `${member}/kick`);
    expect(await quantity()).toBe(2);
    expect((await getBilling(t, team.owner, team.ref)).usage.usersCnt).toBe(2);
  });
});

describe('webhooks', () => {
  it('a bad or missing signature is 400 and changes nothing', async () => {
    const body = JSON.stringify({
      id: 'evt_forged',
      type: 'customer.subscription.deleted',
      data: { object: {} },
    });
    for (const headers of [{}, { 'stripe-signature': 't=1,v1=deadbeef' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', ...headers },
        payload: body,
      });
      expect(errorOf(response)).toMatchObject({ status: 400, code: 10 });
    }
    expect(await t.repos.billing.isWebhookEventDone('evt_forged')).toBe(false);
  });

  it('a replayed event is done once; events out of order leave the provider’s state', async () => {
    const team = await newSubscribedTeam('plus_30');
    const stripe = sandboxStripe(t);
    const link = await t.repos.billing.findTeamBilling(team.world.team.id);
    const events = await stripe.events.list({ limit: 100 });
    const mine = events.data.filter(
      (event) => (event.data.object as { customer?: string }).customer === link?.customerId,
    );
    expect(mine.length).toBeGreaterThan(1);
    const send = (event: (typeof mine)[number]) => {
      const payload = JSON.stringify(event);
      const signature = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: t.sandbox.webhookSecret,
      });
      return t.app.inject({
        method: 'POST',
        url: '/api/v1/webhooks/stripe',
        headers: { 'content-type': 'application/json', 'stripe-signature': signature },
        payload,
      });
    };
    const before = await teamOf(team.owner, team.ref);
    // Oldest last: every event only makes the server look at the subscription again.
    for (const event of [...mine].reverse()) expect((await send(event)).statusCode).toBe(200);
    for (const event of mine) expect((await send(event)).statusCode).toBe(200);
    expect(await teamOf(team.owner, team.ref)).toEqual(before);
  });
});

describe('3-D Secure on a plan change', () => {
  for (const outcome of ['complete', 'fail'] as const) {
    it(`the change waits with a pending payment secret; authentication ${outcome === 'complete' ? 'completed' : 'failed'}`, async () => {
      const team = await newSubscribedTeam('plus_30');
      // A 3-D Secure card attached without a setup intent: every payment asks the customer.
      await payingTeamWithCard(team.world.team.id, TEST_CARDS.threeDSecure);
      const changed = await call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, {
        planId: 'pro_30',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const pending = changed.json<{
        subscription: { planId: string; pendingPaymentIntentSecret: string };
      }>();
      expect(pending.subscription.planId).toBe('plus_30');
      expect(pending.subscription.pendingPaymentIntentSecret).toMatch(/^pi_.+_secret_/);
      await authenticate(t, pending.subscription.pendingPaymentIntentSecret, outcome);
      await t.sandbox.deliverPendingWebhooks();
      const after = await getBilling(t, team.owner, team.ref);
      expect(after.subscription?.pendingPaymentIntentSecret).toBeNull();
      expect(after.subscription?.planId).toBe(outcome === 'complete' ? 'pro_30' : 'plus_30');
      expect((await teamOf(team.owner, team.ref)).plan).toBe(outcome === 'complete' ? 'pro' : 'plus');
    });
  }
});

describe('free upgrade requests and events', () => {
  it('is recorded and mailed to the operator once per team and plan; every change is an event', async () => {
    const team = await newBasicTeam();
    const ask = (planId: string) =>
      call(t, team.owner, 'POST', `/api/v1/collab/${team.ref}/billing/request-free`, { planId });
    expect((await ask('pro_365')).statusCode).toBe(204);
    expect((await ask('pro_365')).statusCode).toBe(204);
    const mails = (await listOutbox(t.outboxDir)).filter((m) => m.to === TEST_OPERATOR_EMAIL);
    expect(mails.filter((m) => m.subject.includes(team.world.team.name))).toHaveLength(1);
    // Plus shows no free-upgrade link in the catalogue.
    expect(errorOf(await ask('plus_30'))).toMatchObject({ status: 400, data: [{ field: 'planId' }] });
    const events = (await call(t, team.owner, 'GET', `/api/v3/collab/${team.ref}/events`)).json<
      { type: string }[]
    >();
    expect(events.filter((e) => e.type === 'billing.free_upgrade_requested')).toHaveLength(1);
  });

  it('checkout, subscription, customer and cancel each leave their event', async () => {
    const team = await newSubscribedTeam('plus_30');
    await call(t, team.owner, 'PUT', `/api/v1/collab/${team.ref}/billing/customer`, {
      name: 'Gamma Ltd',
      line1: '1 High St',
      line2: '',
      city: 'London',
      state: '',
      postalCode: 'SW1A 1AA',
      country: 'GB',
      vatId: '',
    });
    await call(t, team.owner, 'PUT', `/api/v2/collab/${team.ref}/billing/plan`, { planId: 'basic_30' });
    const types = (await call(t, team.owner, 'GET', `/api/v3/collab/${team.ref}/events`))
      .json<{ type: string }[]>()
      .map((e) => e.type);
    for (const type of [
      'billing.checkout_started',
      'billing.subscription_changed',
      'billing.customer_updated',
      'billing.subscription_cancelled',
    ]) {
      expect(types).toContain(type);
    }
  });
});

describe('reconciliation and the second provider', () => {
  it('corrects a seat count that drifted at the provider', async () => {
    const team = await newSubscribedTeam('plus_30');
    const stripe = sandboxStripe(t);
    const link = await t.repos.billing.findTeamBilling(team.world.team.id);
    const subscription = await stripe.subscriptions.retrieve(link?.subscriptionId as string);
    await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]?.id as string, quantity: 9 }],
      proration_behavior: 'none',
    });
    const result = await t.app.billing.sync.reconcile();
    expect(result.failed).toBe(0);
    const after = await stripe.subscriptions.retrieve(subscription.id);
    expect(after.items.data[0]?.quantity).toBe(3);
  });

  it('paddle: settings with the provider switch, the same plans, no subscription without a key', async () => {
    const { owner, ref } = await newBasicTeam();
    const base = `/api/v1/collab/${ref}/billing-paddle`;
    expect((await call(t, owner, 'GET', `${base}/settings`)).json()).toEqual({
      provider: 'paddle',
      enabled: false,
      environment: 'sandbox',
      clientToken: null,
      scriptUrl: null,
      currentProvider: null,
      allowedProviders: ['stripe', 'paddle'],
    });
    const plans = (await call(t, owner, 'GET', `${base}/plans`)).json<Product[]>();
    expect(plans.map((p) => p.code)).toEqual(['basic', 'plus', 'pro']);
    expect((await call(t, owner, 'GET', `${base}/subscription`)).json()).toBeNull();
    expect((await call(t, owner, 'GET', `${base}/payments`)).json()).toEqual([]);
    const subscribed = await newSubscribedTeam('plus_30');
    const settings = await call(
      t,
      subscribed.owner,
      'GET',
      `/api/v1/collab/${subscribed.ref}/billing-paddle/settings`,
    );
    expect(settings.json()).toMatchObject({ currentProvider: 'stripe', allowedProviders: ['stripe'] });
  });
});

describe('a deleted team', () => {
  it('is billed no more: its subscription ends at once', async () => {
    const team = await newSubscribedTeam('pro_30');
    const link = await t.repos.billing.findTeamBilling(team.world.team.id);
    const deleted = await call(t, team.owner, 'DELETE', `/api/v1/collab/teams/${team.ref}`);
    expect(deleted.statusCode).toBe(204);
    const subscription = await sandboxStripe(t).subscriptions.retrieve(link?.subscriptionId as string);
    expect(subscription.status).toBe('canceled');
  });
});

describe('checkouts for two plans', () => {
  it('closes the older checkout when the owner picks another plan, so only one can be paid', async () => {
    const { owner, ref } = await newBasicTeam();
    const start = (planId: string) =>
      call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, { planId }).then(
        (r) => r.json<{ url: string }>().url,
      );
    const first = await start('plus_30');
    const second = await start('pro_30');
    expect(second).not.toBe(first);
    const stale = await payCheckout(t, first, TEST_CARDS.visa);
    expect(stale.status).toBe(400);
    expect((await payCheckout(t, second, TEST_CARDS.visa)).body.status).toBe('complete');
    expect((await getBilling(t, owner, ref)).subscription?.planId).toBe('pro_30');
  });
});
