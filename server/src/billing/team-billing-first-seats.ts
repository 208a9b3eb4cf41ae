import { createRepositories } from '../db/repositories';
import { TeamEventType } from '../events/team-event';
import { type BillingDeps, LIVE_STATUSES, recordTeamEvent } from './billing-deps';
import type { ProviderSubscription } from './provider';

/**
 * The first subscription's seats when its checkout completes. The hosted checkout was priced for the
 * seats the team had when it opened; members may have joined or left while it stayed open (it can
 * for a day), and the member changes could not reach a subscription that did not exist yet. So the
 * moment it completes, the subscription takes the seats the team has now, as if the checkout had
 * been opened now:
 * - trialing: nothing was paid, so the quantity changes with no proration; the trial's end bills it;
 * - more seats: the first invoice just paid for fewer, so the difference is charged at once
 *   (`always_invoice`: a proration over the whole first period, which has barely begun). Prorations
 *   left for the next invoice would let a team cancel at period end and never pay for them;
 * - fewer seats: the share of the first invoice paid for seats the team no longer has is refunded to
 *   the card, and the quantity changes with no proration (a proration would only leave a credit for
 *   a renewal that may never come).
 */
export function createFirstSeats(deps: BillingDeps) {
  const repos = createRepositories(deps.db);

  async function settle(teamId: number, subscription: ProviderSubscription, seats: number) {
    const paidFor = subscription.quantity;
    const key = `first-seats:${subscription.id}:${seats}:${await repos.billing.changeCounter(teamId)}`;
    let refunded = 0;
    if (subscription.status === 'trialing') {
      await deps.provider.setQuantity(subscription, seats, key, 'none');
    } else if (seats > paidFor) {
      await deps.provider.setQuantity(subscription, seats, key, 'always_invoice');
    } else {
      // Refund first: should the quantity change fail, the next settle still sees the old count.
      const share = (paidFor - seats) / paidFor;
      refunded = await deps.provider.refundLatestInvoice(subscription.id, share, `${key}:refund`);
      await deps.provider.setQuantity(subscription, seats, key, 'none');
    }
    await recordTeamEvent(deps, {
      teamId,
      type: TeamEventType.billingSeatsChanged,
      data: { from: paidFor, to: seats, ...(refunded > 0 ? { refunded } : {}) },
    });
  }

  /**
   * After the team's checkout completed (its webhook, or the billing page's early read).
   * `checkoutQuantity` is the seat count the checkout was opened with: a subscription holding another
   * count was settled already (by the other of the two paths) or changed since, and is left alone.
   * The caller holds the team's lock.
   */
  return async function seatsAtCheckoutCompletion(
    teamId: number,
    checkoutQuantity: number | null,
  ): Promise<void> {
    const link = await repos.billing.findTeamBilling(teamId);
    if (!link?.subscriptionId) return;
    const subscription = await deps.provider.getSubscription(link.subscriptionId);
    if (!subscription || !LIVE_STATUSES.has(subscription.status)) return;
    if (checkoutQuantity !== null && subscription.quantity !== checkoutQuantity) return;
    const seats = Math.max(1, await repos.seats.count(teamId));
    if (subscription.quantity === seats) return;
    await settle(teamId, subscription, seats);
  };
}
