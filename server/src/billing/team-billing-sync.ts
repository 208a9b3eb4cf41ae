import type { TeamPlan } from '@domain/entities';
import { createRepositories } from '../db/repositories';
import { TeamEventType } from '../events/team-event';
import {
  type BillingDeps,
  createTeamLocks,
  LIVE_STATUSES,
  productCodeOf,
  recordTeamEvent,
} from './billing-deps';
import type { ProviderSubscription } from './provider';

const PLANS: ReadonlySet<string> = new Set(['basic', 'plus', 'premium', 'pro']);

/**
 * The subscription that decides the team's plan: the newest live one (trialing, active, past due),
 * else the newest incomplete one (it may still be paid), else none.
 */
export function currentSubscription(
  subscriptions: readonly ProviderSubscription[],
): ProviderSubscription | null {
  const newestFirst = [...subscriptions].sort((a, b) => b.created - a.created);
  return (
    newestFirst.find((s) => LIVE_STATUSES.has(s.status)) ??
    newestFirst.find((s) => s.status === 'incomplete') ??
    null
  );
}

/** The team's plan fields as a subscription makes them; no live subscription means basic. */
export function teamPlanFrom(subscription: ProviderSubscription | null) {
  const live = subscription && LIVE_STATUSES.has(subscription.status) && subscription.planId;
  const code = live ? productCodeOf(subscription.planId as string) : 'basic';
  return {
    plan: (PLANS.has(code) ? code : 'basic') as TeamPlan,
    trialEndAt: live && subscription.trialEndAt ? new Date(subscription.trialEndAt * 1000) : null,
    cancelAt: live && subscription.cancelAt ? new Date(subscription.cancelAt * 1000) : null,
  };
}

const seconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

/**
 * How the team follows its provider: read the customer's subscriptions now and write what they say
 * onto the team (plan, trial, cancellation). Webhooks only say "look again", so an event that comes
 * late, twice or before another changes nothing wrong. Seats go the other way: the team's billable
 * count is written to the subscription's quantity.
 */
export function createTeamBillingSync(deps: BillingDeps) {
  const withTeamLock = createTeamLocks();
  const repos = createRepositories(deps.db);

  async function syncTeam(teamId: number): Promise<ProviderSubscription | null> {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.customerId) return null;
    const subscription = currentSubscription(await deps.provider.listSubscriptions(link.customerId));
    const next = teamPlanFrom(subscription);
    await deps.db.transaction(async (tx) => {
      const txRepos = createRepositories(tx);
      const team = await txRepos.teams.lockById(teamId);
      // A team that pays through Paddle follows Paddle's events only (spec section 2: no switch back).
      if (!team || team.paymentProvider === 'paddle') return;
      await txRepos.billing.saveTeamBilling(teamId, {
        subscriptionId: subscription?.id ?? null,
        ...(subscription?.trialEndAt ? { trialUsed: true } : {}),
      });
      await txRepos.billing.applyTeamPlan(teamId, { ...next, paymentProvider: 'stripe' });
      const changed =
        team.plan !== next.plan ||
        team.trialEndAt !== seconds(next.trialEndAt) ||
        team.subscriptionCancelAt !== seconds(next.cancelAt);
      if (changed) {
        await txRepos.events.record({
          teamId,
          type: TeamEventType.billingSubscriptionChanged,
          data: {
            from: team.plan,
            to: next.plan,
            status: subscription?.status ?? null,
            trialEndAt: seconds(next.trialEndAt),
            cancelAt: seconds(next.cancelAt),
          },
          at: deps.clock.now(),
        });
      }
    });
    return subscription;
  }

  /**
   * Sets the subscription's quantity to the billable seat count (at least one). The idempotency key
   * names the team's last change, so the same member change never updates twice, and each later
   * change gets its own key. Webhooks never call this, so there is no loop.
   */
  async function syncSeats(teamId: number): Promise<void> {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.subscriptionId) return;
    await withTeamLock(teamId, async () => {
      const subscription = await deps.provider.getSubscription(link.subscriptionId as string);
      if (!subscription || !LIVE_STATUSES.has(subscription.status)) return;
      const seats = Math.max(1, await repos.seats.count(teamId));
      if (subscription.quantity === seats) return;
      const key = `seats:${subscription.id}:${seats}:${await repos.billing.changeCounter(teamId)}`;
      await deps.provider.setQuantity(subscription, seats, key);
      await recordTeamEvent(deps, {
        teamId,
        type: TeamEventType.billingSeatsChanged,
        data: { from: subscription.quantity, to: seats },
      });
    });
  }

  return {
    syncTeam,
    syncSeats,
    withTeamLock,

    /**
     * After a member change (join, ban, unban, kick, leave): the seats follow at once. A provider
     * failure must not undo the member change, so it is logged and the reconciliation corrects it.
     */
    async seatsMayHaveChanged(teamId: number): Promise<void> {
      try {
        await syncSeats(teamId);
      } catch (error) {
        deps.log.warn(
          { err: error, teamId },
          'seat count not sent to the payment provider; reconciliation will',
        );
      }
    },

    /** Corrects drift for every team with a subscription (seats, and plan fields from the provider). */
    async reconcile(): Promise<{ teams: number; failed: number }> {
      const teamIds = await repos.billing.listTeamsWithSubscription();
      let failed = 0;
      for (const teamId of teamIds) {
        try {
          await syncTeam(teamId);
          await syncSeats(teamId);
        } catch (error) {
          failed += 1;
          deps.log.warn({ err: error, teamId }, 'billing reconciliation failed for a team');
        }
      }
      return { teams: teamIds.length, failed };
    },
  };
}

export type TeamBillingSync = ReturnType<typeof createTeamBillingSync>;
