import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { PaddleError } from '../errors';
import { recordEvent } from '../events';
import { put, type Row } from '../store';
import { chargeOutcome } from './cards';
import { addCycle } from './periods';
import { itemsOfSubscription, refuseCanceled } from './subscription-changes';
import type { SubscriptionEntity, SubscriptionInternal } from './subscription-entity';
import type { TransactionEntity } from './transaction-entity';
import { completeTransaction, createTransaction } from './transactions';

/**
 * `POST /subscriptions/{id}/activate`: a trial ends now. The first period is billed to the card on
 * file at once and starts today; a declined card leaves the trial as it was.
 */
export async function activateSubscription(
  ctx: Ctx,
  row: Row<SubscriptionEntity>,
): Promise<SubscriptionEntity> {
  const subscription = row.data;
  if (subscription.status !== 'trialing') {
    throw new PaddleError(400, 'subscription_not_trialing', 'Only a trialing subscription can be activated.');
  }
  const now = await sandboxIso(ctx);
  const ends = addCycle(now, subscription.billing_cycle);
  const internal = row.internal as unknown as SubscriptionInternal;
  const transaction = await createTransaction(ctx, {
    items: itemsOfSubscription(subscription),
    customerId: subscription.customer_id,
    addressId: subscription.address_id,
    businessId: subscription.business_id,
    origin: 'subscription_charge',
    subscriptionId: subscription.id,
    billingPeriod: { starts_at: now, ends_at: ends },
  });
  const outcome = chargeOutcome(internal.cardNumber, true);
  if (outcome.kind === 'declined') {
    throw new PaddleError(
      400,
      'subscription_payment_declined',
      `The payment was declined: ${outcome.message}`,
    );
  }
  await completeTransaction(ctx, transaction, internal.card, internal.paymentMethodId);
  const active = await put<SubscriptionEntity>(ctx, 'subscription', {
    ...subscription,
    status: 'active',
    first_billed_at: now,
    next_billed_at: ends,
    current_billing_period: { starts_at: now, ends_at: ends },
    items: subscription.items.map((item) => ({
      ...item,
      status: 'active',
      previously_billed_at: now,
      next_billed_at: ends,
    })),
    updated_at: now,
  });
  await recordEvent(ctx, 'subscription.activated', active);
  await recordEvent(ctx, 'subscription.updated', active);
  return active;
}

/**
 * `GET /subscriptions/{id}/update-payment-method-transaction`: a transaction of nothing to pay,
 * which the checkout opens (`Checkout.open({transactionId})`) to take a new card for the renewals.
 */
export async function paymentMethodChangeTransaction(
  ctx: Ctx,
  subscription: SubscriptionEntity,
): Promise<TransactionEntity> {
  refuseCanceled(subscription);
  return createTransaction(ctx, {
    items: itemsOfSubscription(subscription).map((item) => ({ ...item, trial: true })),
    customerId: subscription.customer_id,
    addressId: subscription.address_id,
    businessId: subscription.business_id,
    origin: 'subscription_payment_method_change',
    subscriptionId: subscription.id,
    billingPeriod: subscription.current_billing_period,
  });
}
