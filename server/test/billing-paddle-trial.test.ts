import type { Team } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { setupTestApp } from './helper';
import { deliverPaddleEvents, newPaddleTeam, paddleCall, sandboxPaddle } from './paddle-fixtures';

// A Paddle team on a trial: Paddle's trials are its prices' (`trial_period`), which an operator may
// give the catalogue's prices in Paddle's dashboard. The team follows `subscription.trialing` and
// its dates, so the billing page and the overview show the trial's days as for a Stripe team.

const t = setupTestApp({ paddle: true });
const DAY_S = 86_400;
const seconds = (iso: string | null | undefined) => (iso ? Math.floor(Date.parse(iso) / 1000) : null);

describe('a Paddle team on a trial', () => {
  it('is trialing until the trial’s end, with its end date on the team and the subscription', async () => {
    const paddle = sandboxPaddle(t);
    let priceId = '';
    for await (const price of paddle.prices.list({ status: ['active'] })) {
      if ((price.customData as { planId?: string } | null)?.planId === 'plus_30') priceId = price.id;
    }
    await paddle.prices.update(priceId, { trialPeriod: { interval: 'day', frequency: 14 } });

    const team = await newPaddleTeam(t, 'plus_30');
    const teamId = team.world.team.id;
    const link = await t.repos.paddleBilling.findLink(teamId);
    const atPaddle = await paddle.subscriptions.get(link?.subscriptionId as string);
    expect(atPaddle.status).toBe('trialing');
    const trialEnd = seconds(atPaddle.nextBilledAt) as number;
    expect(trialEnd).toBe(seconds(atPaddle.currentBillingPeriod?.endsAt));

    // subscription.trialing set the team's trial: the overview's 'Trial ends in N days'.
    const trialing = (await t.repos.teams.findById(teamId)) as Team;
    expect(trialing).toMatchObject({ plan: 'plus', trialStatus: 'in_progress', trialEndAt: trialEnd });
    // The billing page's: status trialing with the trial's end, and what the first bill will be.
    const subscription = await paddleCall(t, team.owner, 'GET', team.ref, '/subscription');
    expect(subscription.json()).toMatchObject({
      status: 'trialing',
      trialEndAt: trialEnd,
      nextPaymentAt: trialEnd,
      card: { last4: '4242' },
    });
    expect(subscription.json<{ nextPaymentAmount: number }>().nextPaymentAmount).toBeGreaterThan(0);
    const events = await t.repos.events.listTeamEvents(teamId, 0, 100);
    expect(events.find((event) => event.type === 'billing.subscription_changed')?.data).toMatchObject({
      status: 'trialing',
      trialEndAt: trialEnd,
      provider: 'paddle',
    });

    // The trial ends: its first month is billed, and the team's trial is over.
    await t.paddleSandbox?.advance(15 * DAY_S);
    await deliverPaddleEvents(t);
    expect(await t.repos.teams.findById(teamId)).toMatchObject({
      plan: 'plus',
      trialStatus: null,
      trialEndAt: null,
    });
    const after = await paddleCall(t, team.owner, 'GET', team.ref, '/subscription');
    expect(after.json()).toMatchObject({ status: 'active', trialEndAt: null });
  });
});
