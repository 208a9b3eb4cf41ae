import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { StripeError } from '../errors';
import { get, put } from '../store';
import type { DraftLine } from './amounts';
import type { InvoiceInput } from './invoice-build';
import {
  declinedChargeError,
  invoicePaymentIntent,
  NO_PAYMENT_METHOD_MESSAGE,
} from './invoice-payment-intent';
import {
  attemptInvoicePayment,
  createInvoice,
  ensureInvoicePaymentIntent,
  finalizeInvoice,
} from './invoices';
import { activeDiscounts, spendOnceDiscounts } from './subscription-discounts';

/** A subscription's invoices: what goes on them, issuing and charging them, and a failed charge's 402. */

export async function invoiceInput(
  ctx: Ctx,
  sub: Stripe.Subscription,
  reason: Stripe.Invoice.BillingReason,
  lines: DraftLine[],
  period: { start: number; end: number },
  now: number,
): Promise<InvoiceInput> {
  const customer = await get<Stripe.Customer>(ctx, sub.customer as string, 'customer');
  return {
    customer,
    subscription: sub,
    billingReason: reason,
    lines,
    discounts: await activeDiscounts(ctx, sub.discounts, now),
    taxRates: sub.default_tax_rates ?? [],
    periodStart: period.start,
    periodEnd: period.end,
    defaultPaymentMethod: null,
    collectionMethod: sub.collection_method,
  };
}

/** Creates, finalizes and (unless told not to) charges a subscription invoice. */
export async function invoiceSubscription(
  ctx: Ctx,
  sub: Stripe.Subscription,
  input: InvoiceInput,
  options: { charge: boolean; internal?: Record<string, unknown> },
): Promise<Stripe.Invoice> {
  const draft = await createInvoice(ctx, input, options.internal ?? {});
  sub.latest_invoice = draft.id;
  await spendOnceDiscounts(ctx, sub, draft);
  await put(ctx, sub);
  let invoice = await finalizeInvoice(ctx, draft.id);
  if (invoice.status === 'open' && options.charge) {
    invoice = await attemptInvoicePayment(ctx, draft.id, { onSession: false });
  } else if (invoice.status === 'open') {
    // default_incomplete: a payment intent waits for the browser to confirm it.
    invoice = await ensureInvoicePaymentIntent(ctx, draft.id);
  }
  return invoice;
}

/** The 402 an unpaid invoice answers with under error_if_incomplete. */
export async function paymentError(ctx: Ctx, invoice: Stripe.Invoice): Promise<StripeError> {
  const pi = await invoicePaymentIntent(ctx, invoice.id);
  if (pi?.status === 'requires_action') {
    return new StripeError(402, {
      type: 'card_error',
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
      payment_intent: pi,
    });
  }
  return declinedChargeError(pi, NO_PAYMENT_METHOD_MESSAGE, false);
}
