import type Stripe from 'stripe';
import type { IntentInternal } from '../billing/card-attempts';
import { onInvoicePaymentIntent } from '../billing/invoices';
import type { Ctx } from '../context';
import { onCheckoutIntentSettled } from './checkout';

/**
 * What waits on an intent hears its outcome here: an invoice (paid, failed, needs action) or a
 * checkout session (completes after its 3-D Secure challenge).
 */
export async function afterPaymentIntentSettled(
  ctx: Ctx,
  pi: Stripe.PaymentIntent,
  internal: IntentInternal,
): Promise<void> {
  if (internal.invoice) await onInvoicePaymentIntent(ctx, internal.invoice, pi);
  if (internal.checkoutSession) await onCheckoutIntentSettled(ctx, internal.checkoutSession, pi);
}

export async function afterSetupIntentSettled(
  ctx: Ctx,
  si: Stripe.SetupIntent,
  internal: IntentInternal,
): Promise<void> {
  if (internal.checkoutSession) await onCheckoutIntentSettled(ctx, internal.checkoutSession, si);
}
