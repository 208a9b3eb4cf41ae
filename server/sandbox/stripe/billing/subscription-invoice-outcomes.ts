import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { changedAttributes, emit } from '../events';
import { get, getRow, put } from '../store';
import { invoicePaymentIntent } from './invoice-payment-intent';
import { attachPaymentMethod } from './payment-methods';
import { type SubInternal, save } from './subscription-store';
import { applyPendingUpdate } from './subscription-update';

/** What a subscription invoice's payment, failure or voiding does to its subscription. */

export async function onSubscriptionInvoicePaid(ctx: Ctx, invoice: Stripe.Invoice): Promise<void> {
  const subId = invoice.parent?.subscription_details?.subscription as string | undefined;
  if (!subId) return;
  const row = await getRow<Stripe.Subscription>(ctx, subId, 'subscription');
  const internal = row.internal as SubInternal;
  const { pendingUpdateFor } = (await getRow<Stripe.Invoice>(ctx, invoice.id, 'invoice')).internal as {
    pendingUpdateFor?: string;
  };
  if (
    internal.pendingUpdate &&
    (internal.pendingUpdate.invoice === invoice.id || pendingUpdateFor === subId)
  ) {
    await applyPendingUpdate(ctx, subId);
    return;
  }
  const before = row.data;
  const sub = structuredClone(before);
  if (before.status === 'incomplete' || before.status === 'past_due') sub.status = 'active';
  // payment_settings.save_default_payment_method: the card that paid becomes the subscription's.
  if (sub.payment_settings?.save_default_payment_method === 'on_subscription') {
    const pi = await invoicePaymentIntent(ctx, invoice.id);
    const pmId = pi?.payment_method as string | null | undefined;
    if (pmId) {
      const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
      if (!pm.customer) await attachPaymentMethod(ctx, pmId, sub.customer as string);
      sub.default_payment_method = pmId;
    }
  }
  await save(ctx, before, sub);
}

export async function onSubscriptionInvoicePaymentFailed(ctx: Ctx, invoice: Stripe.Invoice): Promise<void> {
  const subId = invoice.parent?.subscription_details?.subscription as string | undefined;
  if (!subId) return;
  const before = await get<Stripe.Subscription>(ctx, subId, 'subscription');
  if (
    invoice.billing_reason === 'subscription_cycle' &&
    (before.status === 'active' || before.status === 'trialing')
  ) {
    const sub = structuredClone(before);
    sub.status = 'past_due';
    await save(ctx, before, sub);
  }
}

export async function onSubscriptionInvoiceVoided(ctx: Ctx, invoice: Stripe.Invoice): Promise<void> {
  const subId = invoice.parent?.subscription_details?.subscription as string | undefined;
  if (!subId) return;
  const row = await getRow<Stripe.Subscription>(ctx, subId, 'subscription');
  const internal = row.internal as SubInternal;
  if (internal.pendingUpdate?.invoice !== invoice.id) return;
  const before = row.data;
  const sub = structuredClone(before);
  sub.pending_update = null;
  await put(ctx, sub, { internal: { ...internal, pendingUpdate: undefined } });
  await emit(ctx, 'customer.subscription.updated', sub, changedAttributes(before, sub));
}
