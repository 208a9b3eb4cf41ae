import type { Team, TeamPlan } from '@domain/entities';
import type { Subscription as PaddleSubscription, Price } from '@paddle/paddle-node-sdk';
import type { Queryable } from '../../db/db';
import { createRepositories } from '../../db/repositories';
import type { CataloguePrice } from '../../db/repositories/billing.repository';
import { TeamEventType } from '../../events/team-event';
import { type BillingDeps, createTeamLocks, productCodeOf } from '../billing-deps';
import { planIdError } from '../team-billing-base';
import { findPaddlePrice, planIdOf } from './paddle-catalogue';
import { createCheckoutTokens } from './paddle-checkout-token';
import { createPaddleClient, type PaddleSettings } from './paddle-client';
import { PADDLE_LIVE, scheduledCancelAt, seconds } from './paddle-mapping';

const PLANS: ReadonlySet<string> = new Set(['basic', 'plus', 'premium', 'pro']);

/** What the product keeps of a Paddle subscription, from an API answer or a webhook's data. */
export interface PaddleSubscriptionState {
  id: string;
  customerId: string;
  status: string;
  planId: string | null;
  trialEndAt: number | null;
  cancelAt: number | null;
}

export const stateOf = (
  subscription: Pick<
    PaddleSubscription,
    'id' | 'customerId' | 'status' | 'scheduledChange' | 'currentBillingPeriod'
  > & { items: { price: { customData: unknown } | null }[] },
): PaddleSubscriptionState => ({
  id: subscription.id,
  customerId: subscription.customerId,
  status: subscription.status,
  planId: planIdOf(subscription.items[0]?.price),
  trialEndAt: subscription.status === 'trialing' ? seconds(subscription.currentBillingPeriod?.endsAt) : null,
  cancelAt: scheduledCancelAt(subscription),
});

/**
 * When Paddle last changed a subscription it answered, for applying that answer at once: an event
 * about an earlier change, delivered later, is then older than the state applied and changes nothing.
 */
export function appliedAt(subscription: { updatedAt?: string | null }): Date | null {
  const date = subscription.updatedAt ? new Date(subscription.updatedAt) : null;
  return date && Number.isFinite(date.getTime()) ? date : null;
}

export interface PaddleDeps extends BillingDeps {
  /** The key of the checkout token's HMAC: the server's JWT secret, the same on every server. */
  checkoutSecret: Uint8Array;
}

/** The team's plan fields as a Paddle subscription makes them; none live means basic. */
function planFrom(state: PaddleSubscriptionState | null) {
  const live = state && PADDLE_LIVE.has(state.status) && state.planId;
  const code = live ? productCodeOf(state.planId as string) : 'basic';
  return {
    plan: (PLANS.has(code) ? code : 'basic') as TeamPlan,
    trialEndAt: live && state.trialEndAt ? new Date(state.trialEndAt * 1000) : null,
    cancelAt: live && state.cancelAt ? new Date(state.cancelAt * 1000) : null,
  };
}

/**
 * What the Paddle capabilities share: the client, the repositories, one lock per team, the checkout
 * token, the price a plan id names, the team's live subscription at Paddle, and the one write that
 * makes the team follow a subscription.
 */
export function createPaddleTeamBase(settings: PaddleSettings, deps: PaddleDeps) {
  const client = createPaddleClient(settings);
  const repos = createRepositories(deps.db);
  const withTeamLock = createTeamLocks();
  const tokens = createCheckoutTokens(deps.checkoutSecret);

  /** A paid plan of the catalogue that may be sold (a legacy one only to a team already on it). */
  async function paidPrice(planId: string, currentPlan: TeamPlan | null = null): Promise<CataloguePrice> {
    const price = await repos.billing.findPrice(planId);
    if (!price || price.amount === 0) throw planIdError();
    const product = (await repos.billing.listProducts()).find((p) => p.code === price.productCode);
    if (!product || (!product.offered && product.code !== currentPlan)) throw planIdError();
    return price;
  }

  async function paddlePrice(planId: string): Promise<Price> {
    const price = await findPaddlePrice(client, planId);
    if (!price) throw planIdError('is not sold through Paddle');
    return price;
  }

  /** The team's live Paddle subscription, read now with its next transaction; null when none. */
  async function liveSubscription(teamId: number): Promise<PaddleSubscription | null> {
    if (!client.configured) return null;
    const link = await repos.paddleBilling.findLink(teamId);
    if (!link?.subscriptionId) return null;
    const id = link.subscriptionId;
    const found = await client.call((paddle) =>
      paddle.subscriptions.get(id, { include: ['next_transaction'] }),
    );
    return PADDLE_LIVE.has(found.status) ? found : null;
  }

  /**
   * Writes what a subscription says onto the team (plan, trial, scheduled cancel), makes Paddle the
   * team's provider and links its customer and subscription, in the caller's transaction. Answers
   * the team as it was before, or null when it is gone.
   */
  async function applySubscription(
    tx: Queryable,
    teamId: number,
    state: PaddleSubscriptionState,
    eventAt: Date | null,
  ): Promise<Team | null> {
    const txRepos = createRepositories(tx);
    const team = await txRepos.teams.lockById(teamId);
    if (!team) return null;
    const link = await txRepos.paddleBilling.findLink(teamId);
    // A subscription that ended does not replace the team's other, live one.
    if (link?.subscriptionId && link.subscriptionId !== state.id && !PADDLE_LIVE.has(state.status))
      return team;
    await txRepos.paddleBilling.saveLink(teamId, {
      customerId: state.customerId,
      subscriptionId: PADDLE_LIVE.has(state.status) ? state.id : null,
      ...(eventAt ? { eventAt } : {}),
    });
    const next = planFrom(state);
    await txRepos.billing.applyTeamPlan(teamId, { ...next, paymentProvider: 'paddle' });
    const at = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);
    if (
      team.plan !== next.plan ||
      team.trialEndAt !== at(next.trialEndAt) ||
      team.subscriptionCancelAt !== at(next.cancelAt)
    ) {
      await txRepos.events.record({
        teamId,
        type: TeamEventType.billingSubscriptionChanged,
        data: {
          from: team.plan,
          to: next.plan,
          status: state.status,
          trialEndAt: at(next.trialEndAt),
          cancelAt: at(next.cancelAt),
          provider: 'paddle',
        },
        at: deps.clock.now(),
      });
    }
    return team;
  }

  return {
    deps,
    settings,
    client,
    repos,
    withTeamLock,
    tokens,
    paidPrice,
    paddlePrice,
    liveSubscription,
    applySubscription,
  };
}

export type PaddleTeamBase = ReturnType<typeof createPaddleTeamBase>;
