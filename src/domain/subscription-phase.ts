// The subscription lifecycle's rules (spec section 4): which phase a team's subscription is in, and
// which basic plan id cancels it. Pure: the lifecycle statechart and the cancel flow use them.
import type { Subscription } from './entities';
import { isAnnualPlanId } from './price';

export type SubscriptionPhase = 'none' | 'paymentPending' | 'trialing' | 'active' | 'unexpected';

export const SUBSCRIPTION_EXPECTED_MESSAGE = 'Subscription expected';
export const UNEXPECTED_STATUS_MESSAGE = 'Unexpected subscription status';

/**
 * none: no subscription, or an incomplete one without a payment waiting (incomplete counts as none);
 * paymentPending: a payment waits for the card's confirmation (incomplete with a secret, or an active
 * or trialing subscription whose plan change waits for 3-D Secure); trialing and active as the
 * provider says; any other status is unexpected.
 */
export function subscriptionPhase(subscription: Subscription | null): SubscriptionPhase {
  if (!subscription) return 'none';
  const { status, pendingPaymentIntentSecret } = subscription;
  if (status === 'incomplete') return pendingPaymentIntentSecret ? 'paymentPending' : 'none';
  if (status !== 'active' && status !== 'trialing') return 'unexpected';
  if (pendingPaymentIntentSecret) return 'paymentPending';
  return status === 'active' ? 'active' : 'trialing';
}

/** Cancelled: the subscription ends at cancelAt, which is still ahead (seconds since epoch). */
export function isCancelled(subscription: Subscription | null, nowMs: number): boolean {
  return subscription?.cancelAt != null && subscription.cancelAt * 1000 > nowMs;
}

/** The basic plan that cancels a subscription at its period's end: basic_365 for annual plans. */
export function basicPlanIdFor(planId: string): string {
  return isAnnualPlanId(planId) ? 'basic_365' : 'basic_30';
}

/** Whether an upgrade goes to the hosted checkout (no live subscription) rather than the dialog. */
export function upgradeNeedsHostedCheckout(subscription: Subscription | null): boolean {
  return subscription === null || subscription.status === 'incomplete';
}
