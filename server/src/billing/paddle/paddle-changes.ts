import type { Billing, Preview } from '@domain/entities';
import { allowedPaymentProviders } from '@domain/payment-providers';
import type { Membership } from '../../auth/require-membership';
import { eventPerson, TeamEventType } from '../../events/team-event';
import { productCodeOf, recordTeamEvent } from '../billing-deps';
import { PaymentFailedError } from '../billing-errors';
import { planIdError } from '../team-billing-base';
import { paddleRequestErrorOf } from './paddle-client';
import {
  cardOf,
  scheduledCancelAt,
  toSubscription,
  toTransactionPreview,
  toUpdatePreview,
} from './paddle-mapping';
import { appliedAt, type PaddleTeamBase, stateOf } from './paddle-team-base';

/** What Paddle.js `Checkout.open` takes for a team's first subscription. */
export interface PaddleCheckout {
  priceId: string;
  quantity: number;
  customer: { email: string } | { id: string };
  customData: { teamId: number; checkoutToken: string };
}

/** A refused change: a card problem is the owner's to read (402), anything else names planId. */
function refusal(error: unknown): unknown {
  const refused = paddleRequestErrorOf(error);
  if (!refused) return error;
  if (/payment|declin|card/i.test(refused.code)) return new PaymentFailedError(refused.detail, refused.code);
  return planIdError(refused.detail || 'is invalid');
}

/** Checkout, preview, plan change (change, cancel, renew) and the card, for a Paddle team. */
export function createPaddleChanges(base: PaddleTeamBase) {
  const { deps, settings, client, repos, withTeamLock, tokens } = base;

  async function actorEvent(membership: Membership, type: string, data: Record<string, unknown>) {
    await recordTeamEvent(deps, {
      teamId: membership.team.id,
      type,
      data: { actor: eventPerson(membership.teamUser), ...data },
    });
  }

  async function seats(teamId: number) {
    return Math.max(1, await repos.seats.count(teamId));
  }

  /** The subscription a change needs; none is a planId error (there is nothing to change). */
  async function subscriptionToChange(teamId: number) {
    const live = await base.liveSubscription(teamId);
    if (!live) throw planIdError('has no Paddle subscription to change');
    return live;
  }

  async function billingOf(membership: Membership): Promise<Billing> {
    const teamId = membership.team.id;
    const live = await base.liveSubscription(teamId);
    const link = await repos.paddleBilling.findLink(teamId);
    const customerId = link?.customerId;
    const latest =
      live && customerId
        ? await client.call((paddle) =>
            paddle.transactions
              .list({
                subscriptionId: [live.id],
                status: ['completed', 'paid'],
                orderBy: 'created_at[DESC]',
                perPage: 10,
              })
              .next(),
          )
        : [];
    return {
      customer: null,
      card: latest.map(cardOf).find((c) => c !== null) ?? null,
      subscription: live ? toSubscription(live) : null,
      usage: { usersCnt: await repos.seats.count(teamId) },
      endedTrial: null,
    };
  }

  return {
    /**
     * What the browser opens Paddle's checkout with, for a team whose allowed providers include
     * Paddle and that has no live subscription (at either provider).
     */
    async checkout(membership: Membership, planId: string): Promise<PaddleCheckout> {
      const { team, teamUser } = membership;
      if (!allowedPaymentProviders(team.paymentProvider, settings.defaultProvider ?? null).includes('paddle'))
        throw planIdError('cannot be bought through Paddle by this team');
      if (team.plan !== 'basic' && team.paymentProvider !== 'paddle')
        throw planIdError('already has a subscription');
      await base.paidPrice(planId);
      const price = await base.paddlePrice(planId);
      if (await base.liveSubscription(team.id)) throw planIdError('already has a subscription');
      const customerId = (await repos.paddleBilling.findLink(team.id))?.customerId;
      await actorEvent(membership, TeamEventType.billingCheckoutStarted, { planId, provider: 'paddle' });
      return {
        priceId: price.id,
        quantity: await seats(team.id),
        customer: customerId ? { id: customerId } : { email: teamUser.email },
        customData: { teamId: team.id, checkoutToken: tokens.sign(team.id) },
      };
    },

    /** Paddle's preview of the change to `planId` (of the first purchase when there is no subscription). */
    async preview(membership: Membership, planId: string): Promise<Preview> {
      const { team } = membership;
      await base.paidPrice(planId, team.plan);
      const price = await base.paddlePrice(planId);
      const quantity = await seats(team.id);
      const items = [{ priceId: price.id, quantity }];
      const live = await base.liveSubscription(team.id);
      try {
        if (live) {
          const id = live.id;
          const preview = await client.call((paddle) =>
            paddle.subscriptions.previewUpdate(id, { items, prorationBillingMode: 'prorated_immediately' }),
          );
          return toUpdatePreview(preview);
        }
        const customerId = (await repos.paddleBilling.findLink(team.id))?.customerId ?? undefined;
        const preview = await client.call((paddle) =>
          paddle.transactions.preview({ items, ...(customerId ? { customerId } : {}) }),
        );
        return toTransactionPreview(preview);
      } catch (error) {
        throw refusal(error);
      }
    },

    /**
     * A plan change (prorated and charged now), `basic` = cancel at the next billing period, or the
     * current plan while a cancel is scheduled = renew (the scheduled change removed).
     */
    async changePlan(membership: Membership, planId: string): Promise<Billing> {
      const { team } = membership;
      await withTeamLock(team.id, async () => {
        const live = await subscriptionToChange(team.id);
        const current = stateOf(live);
        const id = live.id;
        let changed: typeof live;
        let event: string;
        try {
          if (productCodeOf(planId) === 'basic' || planId === 'basic') {
            if (scheduledCancelAt(live) !== null) return;
            changed = await client.call((paddle) =>
              paddle.subscriptions.cancel(id, { effectiveFrom: 'next_billing_period' }),
            );
            event = TeamEventType.billingSubscriptionCancelled;
          } else if (planId === current.planId && scheduledCancelAt(live) !== null) {
            changed = await client.call((paddle) =>
              paddle.subscriptions.update(id, { scheduledChange: null }),
            );
            event = TeamEventType.billingSubscriptionRenewed;
          } else {
            if (planId === current.planId) throw planIdError('is the current plan');
            await base.paidPrice(planId, team.plan);
            const price = await base.paddlePrice(planId);
            const items = [{ priceId: price.id, quantity: await seats(team.id) }];
            changed = await client.call((paddle) =>
              paddle.subscriptions.update(id, { items, prorationBillingMode: 'prorated_immediately' }),
            );
            event = TeamEventType.billingPlanChanged;
          }
        } catch (error) {
          throw refusal(error);
        }
        // The team follows at once; the webhook that comes later finds the same state.
        await deps.db.transaction((tx) =>
          base.applySubscription(tx, team.id, stateOf(changed), appliedAt(changed)),
        );
        await actorEvent(membership, event, { from: current.planId, to: planId, provider: 'paddle' });
      });
      return billingOf(membership);
    },

    /**
     * A deleted team is billed no more: its live Paddle subscription ends now, without a refund, as
     * a Stripe team's does. The team is already gone, so a failure is logged.
     */
    async teamDeleted(teamId: number): Promise<void> {
      try {
        const live = await base.liveSubscription(teamId);
        if (!live) return;
        const id = live.id;
        await client.call((paddle) => paddle.subscriptions.cancel(id, { effectiveFrom: 'immediately' }));
      } catch (error) {
        deps.log.error({ err: error, teamId }, 'Paddle subscription of a deleted team not ended');
      }
    },

    /** Paddle's update-payment-method transaction, which the browser opens with `Checkout.open({ transactionId })`. */
    async card(membership: Membership): Promise<{ transactionId: string }> {
      const live = await subscriptionToChange(membership.team.id);
      const id = live.id;
      const transaction = await client
        .call((paddle) => paddle.subscriptions.getPaymentMethodChangeTransaction(id))
        .catch((error: unknown) => {
          throw refusal(error);
        });
      return { transactionId: transaction.id };
    },
  };
}
