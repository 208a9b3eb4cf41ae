import type { Billing, Preview, Product } from '@domain/entities';
import type { Membership } from '../auth/require-membership';
import { TeamEventType } from '../events/team-event';
import { LIVE_STATUSES } from './billing-deps';
import { PaymentFailedError } from './billing-errors';
import { createPromotionCodes } from './promotion-codes';
import { planIdError, type TeamBillingBase } from './team-billing-base';

/** Changing plan: the plans offered, the price of a change, the change itself, a free upgrade asked for. */
export function createTeamPlanChange(base: TeamBillingBase) {
  const { deps, repos, sync, paidPrice, taxRateFor, currentSubscription, getBilling, actorEvent } = base;
  const promotionCodes = createPromotionCodes(deps);
  return {
    /** Basic, the plans on sale, and the team's own plan even when it is legacy (premium). */
    async plans(membership: Membership): Promise<Product[]> {
      const products = await repos.billing.listProducts();
      return products
        .filter((p) => p.offered || p.code === membership.team.plan)
        .map(({ offered: _, ...product }) => product);
    },

    async preview(membership: Membership, planId: string, coupon: string | null): Promise<Preview> {
      const teamId = membership.team.id;
      const subscription = await currentSubscription(teamId);
      const price = await paidPrice(planId, subscription?.planId ?? null);
      const link = await repos.billing.findTeamBilling(teamId);
      const promotionCodeId = await promotionCodes.resolve(coupon, link?.customerId ?? null);
      const customer = link?.customerId ? (await deps.provider.getCustomer(link.customerId)).customer : null;
      const tax = await taxRateFor(customer);
      const preview = await deps.provider.preview({
        customerId: link?.customerId ?? null,
        subscription: subscription && LIVE_STATUSES.has(subscription.status) ? subscription : null,
        priceId: price.id,
        quantity: Math.max(1, await repos.seats.count(teamId)),
        promotionCodeId,
        taxRateIds: tax.ids,
        country: customer?.country ?? null,
      });
      return { ...preview, taxPercent: preview.tax > 0 ? tax.percent : 0 };
    },

    /**
     * PUT plan: a basic plan id cancels at the period's end, the current plan renews a cancelled
     * subscription, another paid plan changes it (proration charged now).
     */
    async changePlan(membership: Membership, planId: string, coupon: string | null): Promise<Billing> {
      const teamId = membership.team.id;
      const target = await repos.billing.findPrice(planId);
      if (!target) throw planIdError();
      await sync.withTeamLock(teamId, async () => {
        const subscription = await currentSubscription(teamId);
        if (!subscription || !LIVE_STATUSES.has(subscription.status))
          throw planIdError('needs a subscription');
        const key = `plan:${subscription.id}:${planId}:${coupon ?? ''}:${await repos.billing.changeCounter(teamId)}`;
        if (target.amount === 0) {
          if (subscription.cancelAt === null) {
            await deps.provider.setCancelAtPeriodEnd(subscription.id, true, `${key}:cancel`);
            await actorEvent(membership, TeamEventType.billingSubscriptionCancelled, {
              planId: subscription.planId,
            });
          }
        } else if (target.id === subscription.planId && !coupon) {
          if (subscription.cancelAt !== null) {
            await deps.provider.setCancelAtPeriodEnd(subscription.id, false, `${key}:renew`);
            await actorEvent(membership, TeamEventType.billingSubscriptionRenewed, {
              planId: subscription.planId,
            });
          }
        } else {
          const price = await paidPrice(planId, subscription.planId);
          const promotionCodeId = await promotionCodes.resolve(coupon, subscription.customerId);
          const result = await deps.provider.changePlan(
            {
              subscription,
              priceId: price.id,
              quantity: Math.max(1, await repos.seats.count(teamId)),
              promotionCodeId,
            },
            key,
          );
          if (result.outcome === 'declined') {
            throw new PaymentFailedError(result.message, result.code, result.declineCode);
          }
          // Applied, or waiting for 3-D Secure with the discount already on the subscription; a code
          // that took nothing (the change came to a credit) is left for later.
          if (promotionCodeId && result.codeSpent) {
            await promotionCodes.recordRedemption(subscription.customerId, promotionCodeId, teamId);
          }
          await actorEvent(
            membership,
            result.outcome === 'applied'
              ? TeamEventType.billingPlanChanged
              : TeamEventType.billingPlanChangePending,
            { from: subscription.planId, to: price.id },
          );
        }
        await sync.syncTeam(teamId);
      });
      return getBilling(membership);
    },

    /** Recorded and mailed to the operator once per team and plan; asking again changes nothing. */
    async requestFreeUpgrade(membership: Membership, planId: string): Promise<void> {
      const price = await repos.billing.findPrice(planId);
      const product = price && (await repos.billing.listProducts()).find((p) => p.code === price.productCode);
      if (!price || !product?.showFreeUpgrade) throw planIdError();
      const { team, teamUser } = membership;
      const isNew = await repos.billing.addFreeUpgradeRequest(team.id, product.code, teamUser.id);
      if (!isNew) return;
      await actorEvent(membership, TeamEventType.billingFreeUpgradeRequested, { planId });
      const text =
        `${teamUser.fullName || teamUser.email} <${teamUser.email}> asks for a free upgrade of the team ` +
        `"${team.name}" (id ${team.id}, ${team.usersCnt} seats, now on ${team.plan}) to ${product.title} (${planId}).\n`;
      if (!deps.operatorEmail) {
        deps.log.info(
          { teamId: team.id, planId },
          'free upgrade requested (OPERATOR_EMAIL unset: not mailed)',
        );
        return;
      }
      try {
        await deps.mailer.send({
          to: deps.operatorEmail,
          subject: `Free upgrade request: ${team.name}`,
          text,
        });
      } catch (error) {
        deps.log.error({ err: error, teamId: team.id }, 'free upgrade request not mailed');
      }
    },
  };
}
