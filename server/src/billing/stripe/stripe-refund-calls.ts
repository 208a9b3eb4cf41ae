import type Stripe from 'stripe';
import type { BillingProvider } from '../provider';
import { isStripeError } from './stripe-errors';
import type { StripeParts } from './stripe-parts';

/** The payment intent that paid an invoice, from its payments (Stripe's API has no invoice.payment_intent since 2025). */
function paidIntentOf(invoice: Stripe.Invoice): string | null {
  const payment = invoice.payments?.data.find(
    (p) => p.status === 'paid' && p.payment.type === 'payment_intent',
  )?.payment.payment_intent;
  if (!payment) return null;
  return typeof payment === 'string' ? payment : payment.id;
}

/** Refunds at Stripe: part or all of what a subscription's latest invoice charged. */
export function createStripeRefundCalls({
  stripe,
  call,
}: StripeParts): Pick<BillingProvider, 'refundLatestInvoice'> {
  return {
    refundLatestInvoice: (subscriptionId, share, idempotencyKey) =>
      call(async () => {
        const subscription = await stripe().subscriptions.retrieve(subscriptionId, {
          expand: ['latest_invoice.payments'],
        });
        const invoice = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
        const intent = invoice?.status === 'paid' ? paidIntentOf(invoice) : null;
        const amount = Math.min(invoice?.amount_paid ?? 0, Math.round((invoice?.amount_paid ?? 0) * share));
        if (!intent || amount <= 0) return 0;
        try {
          await stripe().refunds.create(
            { payment_intent: intent, amount, reason: 'requested_by_customer' },
            { idempotencyKey },
          );
        } catch (error) {
          // Refunded already (another server, or a retry after the key expired): nothing more to give.
          if (isStripeError(error) && error.code === 'charge_already_refunded') return 0;
          throw error;
        }
        return amount;
      }),
  };
}
