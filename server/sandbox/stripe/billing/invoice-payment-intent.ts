import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { StripeError } from '../errors';
import { find, getRow } from '../store';
import type { InvoiceInternal } from './invoice-internal';

/** What an invoice's payment intent says about its last charge, for the callers that answer a decline. */

export const NO_PAYMENT_METHOD_MESSAGE =
  'This customer has no attached payment source or default payment method.';

/** The payment intent the invoice was charged with, or null before its first attempt. */
export async function invoicePaymentIntent(
  ctx: Ctx,
  invoiceId: string,
): Promise<Stripe.PaymentIntent | null> {
  const { paymentIntent } = (await getRow<Stripe.Invoice>(ctx, invoiceId, 'invoice'))
    .internal as InvoiceInternal;
  return paymentIntent ? find<Stripe.PaymentIntent>(ctx, paymentIntent, 'payment_intent') : null;
}

/**
 * Stripe's 402 for a charge that did not go through: the decline the intent recorded, or
 * `fallbackMessage` when there was no card to try. `commit` keeps the failed attempt (see StripeError).
 */
export function declinedChargeError(
  intent: Stripe.PaymentIntent | null,
  fallbackMessage: string,
  commit: boolean,
): StripeError {
  const error = intent?.last_payment_error;
  return new StripeError(
    402,
    {
      type: 'card_error',
      ...(error?.charge ? { charge: error.charge } : {}),
      code: error?.code ?? 'card_declined',
      decline_code: error?.decline_code,
      message: error?.message ?? fallbackMessage,
      ...(error?.payment_method ? { payment_method: error.payment_method } : {}),
      ...(intent ? { payment_intent: intent } : {}),
    },
    commit,
  );
}
