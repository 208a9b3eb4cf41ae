import type { BillingProvider } from '../provider';
import { isMissingResource } from './stripe-errors';
import { nextPaymentOf } from './stripe-next-payment';
import type { StripeParts } from './stripe-parts';

// Subscriptions are read with their latest invoice's payment secret, so a payment waiting for 3-D
// Secure shows up as pendingPaymentIntentSecret.
const subscriptionExpand = ['latest_invoice.confirmation_secret', 'default_tax_rates', 'discounts'];

/**
 * A team's subscriptions read, and the changes to one that charge nothing by themselves: cancel,
 * seats, tax rates.
 */
export function createStripeSubscriptionCalls({
  stripe,
  call,
  mapSubscription,
}: StripeParts): Pick<
  BillingProvider,
  | 'listSubscriptions'
  | 'getSubscription'
  | 'nextPayment'
  | 'setCancelAtPeriodEnd'
  | 'setQuantity'
  | 'cancelNow'
  | 'setTaxRates'
> {
  return {
    listSubscriptions: (customerId) =>
      call(async () => {
        const { data } = await stripe().subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 20,
          expand: subscriptionExpand.map((path) => `data.${path}`),
        });
        return Promise.all(data.map(mapSubscription));
      }),

    getSubscription: (subscriptionId) =>
      call(async () => {
        try {
          return await mapSubscription(
            await stripe().subscriptions.retrieve(subscriptionId, { expand: subscriptionExpand }),
          );
        } catch (error) {
          if (isMissingResource(error)) return null;
          throw error;
        }
      }),

    nextPayment: (subscription) =>
      call(async () => {
        const preview = await stripe().invoices.createPreview({
          customer: subscription.customerId,
          subscription: subscription.id,
        });
        return nextPaymentOf(preview);
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancel, idempotencyKey) =>
      call(async () => {
        await stripe().subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: cancel },
          { idempotencyKey },
        );
      }),

    setQuantity: (subscription, quantity, idempotencyKey, proration = 'create_prorations') =>
      call(async () => {
        await stripe().subscriptions.update(
          subscription.id,
          { items: [{ id: subscription.itemId, quantity }], proration_behavior: proration },
          { idempotencyKey },
        );
      }),

    cancelNow: (subscriptionId, idempotencyKey) =>
      call(async () => {
        await stripe().subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
      }),

    setTaxRates: (subscriptionId, taxRateIds) =>
      call(async () => {
        await stripe().subscriptions.update(subscriptionId, {
          default_tax_rates: taxRateIds.length > 0 ? taxRateIds : '',
          proration_behavior: 'none',
        });
      }),
  };
}
