import type { SeatCost } from '@domain/seat-cost';
import { createRepositories } from '../db/repositories';
import type { BillingDeps } from './billing-deps';

/** Statuses in which a seat added is charged; a trial charges nothing until it ends. */
const PAYING = new Set(['active', 'past_due']);

/**
 * A read-only look at the provider: the invoice preview of the team's subscription with one more
 * seat, exactly as the seat sync would set it (server/src/billing/team-billing-sync.ts). Nothing
 * changes at the provider. Null for a team that pays nothing now (basic, trialing, incomplete).
 */
export function createSeatCosts(deps: BillingDeps) {
  const repos = createRepositories(deps.db);
  return {
    async oneMoreSeat(teamId: number): Promise<SeatCost | null> {
      const link = await repos.billing.findTeamBilling(teamId);
      if (!link?.subscriptionId) return null;
      const subscription = await deps.provider.getSubscription(link.subscriptionId);
      if (!subscription?.planId || !PAYING.has(subscription.status)) return null;
      const price = await repos.billing.findPrice(subscription.planId);
      if (!price) return null;
      const seats = Math.max(1, await repos.seats.count(teamId));
      const preview = await deps.provider.preview({
        customerId: subscription.customerId,
        subscription,
        priceId: price.id,
        quantity: seats + 1,
        promotionCodeId: null,
        taxRateIds: subscription.taxRateIds,
        country: null,
      });
      return {
        perSeat: price.amount,
        interval: price.interval,
        prorated: preview.amountDue,
        currency: price.currency,
        periodEnd: subscription.currentPeriodEnd,
      };
    },
  };
}

export type SeatCosts = ReturnType<typeof createSeatCosts>;
