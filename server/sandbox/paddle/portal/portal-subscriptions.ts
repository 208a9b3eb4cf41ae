import { paymentMethodChangeTransaction } from '../billing/subscription-billing';
import { cancelSubscription } from '../billing/subscription-changes';
import type { SubscriptionEntity } from '../billing/subscription-entity';
import { authenticateCheckout, type PayAnswer, payCheckout } from '../checkout/pay';
import type { Ctx } from '../context';
import { list } from '../store';

export type PortalSubscription = SubscriptionEntity;

export async function customerSubscriptions(ctx: Ctx, customerId: string): Promise<SubscriptionEntity[]> {
  return list<SubscriptionEntity>(ctx, 'subscription', customerId);
}

/** Whether the portal offers a cancel: live, and no cancel scheduled yet. */
export const cancellable = (subscription: SubscriptionEntity) =>
  subscription.status !== 'canceled' && subscription.scheduled_change?.action !== 'cancel';

/** Cancels at the end of the billing period, as Paddle's portal does, through the sandbox's model. */
export async function scheduleCancel(ctx: Ctx, subscription: SubscriptionEntity): Promise<void> {
  if (cancellable(subscription))
    await cancelSubscription(ctx, subscription, { effective_from: 'next_billing_period' });
}

/**
 * A new card for the renewals, as Paddle's portal takes it: the subscription's update-payment-method
 * transaction, paid with the card through the checkout's back end (3-D Secure included).
 */
export async function changeCard(
  ctx: Ctx,
  subscription: SubscriptionEntity,
  card: unknown,
): Promise<PayAnswer> {
  const transaction = await paymentMethodChangeTransaction(ctx, subscription);
  return payCheckout(ctx, { transactionId: transaction.id, card });
}

export async function finishThreeDSecure(ctx: Ctx, id: string, outcome: string): Promise<PayAnswer> {
  return authenticateCheckout(ctx, id, { outcome });
}
