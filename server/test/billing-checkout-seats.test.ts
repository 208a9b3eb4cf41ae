import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { getBilling, payCheckout, sandboxStripe, TEST_CARDS } from './billing-fixtures';
import { setupTestApp } from './helper';
import { addTeamUser, call, createSignedInTeam, refOf } from './team-fixtures';

// The first subscription is priced for the seats the team had when its hosted checkout opened; members
// who join or leave while it is open must be billed as the team is when it is paid. plus_30 is
// $5.00 a seat a month.

const t = setupTestApp({ demoBilling: true });
const DAY = 86_400;
const SEAT = 500;

/** A basic team of three (owner, admin, member); `paidStart`: its trial is used, so checkout charges. */
async function teamAtCheckout(options: { paidStart: boolean }) {
  const cast = await createSignedInTeam(t, { plan: 'basic' });
  const teamId = cast.world.team.id;
  const ref = refOf(cast.world.owner);
  if (options.paidStart) await t.repos.billing.saveTeamBilling(teamId, { trialUsed: true });
  const checkout = await call(t, cast.owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
    planId: 'plus_30',
  });
  expect(checkout.statusCode).toBe(200);
  return { ...cast, teamId, ref, url: checkout.json<{ url: string }>().url };
}

async function subscriptionOf(teamId: number): Promise<Stripe.Subscription> {
  const link = await t.repos.billing.findTeamBilling(teamId);
  return sandboxStripe(t).subscriptions.retrieve(link?.subscriptionId as string);
}

/** The team's invoices at the provider, oldest first. */
async function invoicesOf(teamId: number): Promise<Stripe.Invoice[]> {
  const link = await t.repos.billing.findTeamBilling(teamId);
  const { data } = await sandboxStripe(t).invoices.list({ customer: link?.customerId as string, limit: 20 });
  return data.reverse();
}

async function chargesOf(teamId: number): Promise<Stripe.Charge[]> {
  const link = await t.repos.billing.findTeamBilling(teamId);
  return (await sandboxStripe(t).charges.list({ customer: link?.customerId as string })).data;
}

async function nextPeriod(days: number) {
  await t.sandbox.advance(days * DAY);
  await t.sandbox.deliverPendingWebhooks();
}

describe('seats that changed while the first checkout was open', () => {
  it('a member who joined before payment is charged at once, and every renewal bills the new count', async () => {
    const team = await teamAtCheckout({ paidStart: true });
    await addTeamUser(t, team.teamId);
    expect((await payCheckout(t, team.url, TEST_CARDS.visa)).body.status).toBe('complete');
    // Back on the billing page before any webhook: the early read settles the seats too.
    expect((await getBilling(t, team.owner, team.ref)).usage.usersCnt).toBe(4);
    expect((await subscriptionOf(team.teamId)).items.data[0]?.quantity).toBe(4);
    const [first, extraSeat, ...more] = await invoicesOf(team.teamId);
    expect(first).toMatchObject({ status: 'paid', amount_paid: 3 * SEAT });
    // The fourth seat for the first period, which has barely begun, charged now.
    expect(extraSeat?.status).toBe('paid');
    expect(extraSeat?.amount_paid).toBeGreaterThanOrEqual(SEAT - 5);
    expect(extraSeat?.amount_paid).toBeLessThanOrEqual(SEAT);
    expect(more).toEqual([]);
    // The webhook that follows finds the seats settled and changes nothing.
    await t.sandbox.deliverPendingWebhooks();
    expect(await invoicesOf(team.teamId)).toHaveLength(2);

    await nextPeriod(31);
    expect((await invoicesOf(team.teamId)).at(-1)).toMatchObject({ status: 'paid', amount_paid: 4 * SEAT });
  });

  it('a member removed before payment is refunded at once and not billed at renewal', async () => {
    const team = await teamAtCheckout({ paidStart: true });
    const kicked = await call(
      t,
      team.owner,
      'POST',
      `/api/v1/collab/${team.ref}/users/${team.world.member.id}/kick`,
    );
    expect(kicked.statusCode).toBeLessThan(300);
    expect((await payCheckout(t, team.url, TEST_CARDS.visa)).body.status).toBe('complete');
    // This time the webhook comes first.
    await t.sandbox.deliverPendingWebhooks();
    expect((await subscriptionOf(team.teamId)).items.data[0]?.quantity).toBe(2);
    const [charge, ...otherCharges] = await chargesOf(team.teamId);
    expect(otherCharges).toEqual([]);
    expect(charge).toMatchObject({ amount: 3 * SEAT, amount_refunded: SEAT, refunded: false });
    // The billing page's read changes nothing more.
    await getBilling(t, team.owner, team.ref);
    expect((await chargesOf(team.teamId))[0]?.amount_refunded).toBe(SEAT);
    expect(await invoicesOf(team.teamId)).toHaveLength(1);

    await nextPeriod(31);
    expect((await invoicesOf(team.teamId)).at(-1)).toMatchObject({ status: 'paid', amount_paid: 2 * SEAT });
  });

  it('on a trial nothing is charged at once; the trial ends billing the seats the team had at payment', async () => {
    const team = await teamAtCheckout({ paidStart: false });
    await addTeamUser(t, team.teamId);
    await addTeamUser(t, team.teamId);
    expect((await payCheckout(t, team.url, TEST_CARDS.visa)).body.status).toBe('complete');
    await t.sandbox.deliverPendingWebhooks();
    expect((await subscriptionOf(team.teamId)).items.data[0]?.quantity).toBe(5);
    expect((await invoicesOf(team.teamId)).map((i) => i.amount_paid)).toEqual([0]);
    await nextPeriod(15);
    expect((await invoicesOf(team.teamId)).at(-1)).toMatchObject({ status: 'paid', amount_paid: 5 * SEAT });
  });
});

describe('a team deleted while its checkout is open', () => {
  it('closes the checkout: the hosted page refuses payment and nothing is subscribed', async () => {
    const team = await teamAtCheckout({ paidStart: true });
    const deleted = await call(t, team.owner, 'DELETE', `/api/v1/collab/teams/${team.ref}`);
    expect(deleted.statusCode).toBe(204);
    const stripe = sandboxStripe(t);
    const sessionId = team.url.slice(team.url.lastIndexOf('/') + 1);
    expect((await stripe.checkout.sessions.retrieve(sessionId)).status).toBe('expired');
    const paid = await payCheckout(t, team.url, TEST_CARDS.visa);
    expect(paid.status).toBe(400);
    const link = await t.repos.billing.findTeamBilling(team.teamId);
    const subscriptions = await stripe.subscriptions.list({
      customer: link?.customerId as string,
      status: 'all',
    });
    expect(subscriptions.data).toEqual([]);
    const expired = await stripe.events.list({ type: 'checkout.session.expired', limit: 10 });
    expect(expired.data.some((e) => (e.data.object as { id: string }).id === sessionId)).toBe(true);
  });

  it('a completion that still arrives is cancelled at once and refunded in full', async () => {
    const team = await teamAtCheckout({ paidStart: true });
    // Deleted while the provider could not be reached: the checkout stayed open and is paid.
    await t.repos.teams.markDeleted(team.teamId, new Date());
    expect((await payCheckout(t, team.url, TEST_CARDS.visa)).body.status).toBe('complete');
    await t.sandbox.deliverPendingWebhooks();
    const link = await t.repos.billing.findTeamBilling(team.teamId);
    const stripe = sandboxStripe(t);
    const { data } = await stripe.subscriptions.list({ customer: link?.customerId as string, status: 'all' });
    expect(data.map((s) => s.status)).toEqual(['canceled']);
    const [charge] = await chargesOf(team.teamId);
    expect(charge).toMatchObject({ amount: 3 * SEAT, amount_refunded: 3 * SEAT, refunded: true });
    // Nothing more is billed later.
    await nextPeriod(31);
    expect((await invoicesOf(team.teamId)).map((i) => i.amount_paid)).toEqual([3 * SEAT]);
  });
});
