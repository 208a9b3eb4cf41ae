import { onCheckoutIntentSettled } from './api/checkout-complete';
import { onInvoicePaymentIntent } from './billing/invoices';
import {
  onSubscriptionInvoicePaid,
  onSubscriptionInvoicePaymentFailed,
  onSubscriptionInvoiceVoided,
} from './billing/subscription-invoice-outcomes';
import type { SettleHooks } from './context';

/**
 * The settle hooks' implementations, wired here above api/ and billing/ so neither imports upward:
 * an intent's outcome goes to the invoice or checkout session it was made for, and an invoice's to
 * its subscription.
 */
export const sandboxHooks: SettleHooks = {
  async paymentIntentSettled(ctx, pi, links) {
    if (links.invoice) await onInvoicePaymentIntent(ctx, links.invoice, pi);
    if (links.checkoutSession) await onCheckoutIntentSettled(ctx, links.checkoutSession, pi);
  },
  async setupIntentSettled(ctx, si, links) {
    if (links.checkoutSession) await onCheckoutIntentSettled(ctx, links.checkoutSession, si);
  },
  invoicePaid: onSubscriptionInvoicePaid,
  invoicePaymentFailed: onSubscriptionInvoicePaymentFailed,
  invoiceVoided: onSubscriptionInvoiceVoided,
};
