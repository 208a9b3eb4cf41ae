import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, StripeError } from '../errors';
import { emit } from '../events';
import { newId } from '../ids';
import { find, get, getRow, getState, put, setState } from '../store';
import { formatMoney } from './amounts';
import { buildInvoice, type InvoiceInput } from './invoice-build';
import type { InvoiceInternal } from './invoice-internal';
import {
  declinedChargeError,
  invoicePaymentIntent,
  NO_PAYMENT_METHOD_MESSAGE,
} from './invoice-payment-intent';
import { confirmPaymentIntent, createPaymentIntent } from './payment-intents';

/** Invoices: made from draft lines, finalized, paid with a payment intent, voided. */

export async function createInvoice(
  ctx: Ctx,
  input: InvoiceInput,
  internal: InvoiceInternal = {},
): Promise<Stripe.Invoice> {
  const invoice = await buildInvoice(ctx, input);
  await put(ctx, invoice, { internal: internal as Record<string, unknown> });
  // Invoice items billed on this invoice are now spent.
  for (const line of input.lines) {
    if (!line.invoiceItem) continue;
    const item = await find<Stripe.InvoiceItem>(ctx, line.invoiceItem, 'invoiceitem');
    if (item) await put(ctx, { ...item, invoice: invoice.id });
  }
  await emit(ctx, 'invoice.created', invoice);
  return invoice;
}

async function nextInvoiceNumber(ctx: Ctx): Promise<string> {
  const next = (await getState<number>(ctx, 'invoice_number', 0)) + 1;
  await setState(ctx, 'invoice_number', next);
  return `SBX-${String(next).padStart(4, '0')}`;
}

function invoiceUrls(ctx: Ctx, id: string) {
  const base = ctx.config.publicUrl();
  return {
    hosted_invoice_url: `${base}/sandbox/stripe/invoices/${id}`,
    invoice_pdf: `${base}/v1/sandbox/invoices/${id}/pdf`,
  };
}

/** draft -> open (or straight to paid when nothing is due); applies the customer's credit balance. */
export async function finalizeInvoice(ctx: Ctx, id: string): Promise<Stripe.Invoice> {
  const row = await getRow<Stripe.Invoice>(ctx, id, 'invoice');
  const invoice = structuredClone(row.data);
  if (invoice.status !== 'draft')
    throw invalidRequest(
      "This invoice is already finalized, you can't re-finalize a non-draft invoice.",
      undefined,
      'invoice_already_finalized',
    );
  const now = await customerNow(ctx, invoice.customer as string);
  const customer = await get<Stripe.Customer>(ctx, invoice.customer as string, 'customer');
  const afterBalance = invoice.total + (customer.balance ?? 0);
  invoice.starting_balance = customer.balance ?? 0;
  invoice.ending_balance = Math.min(0, afterBalance);
  invoice.amount_due = Math.max(0, afterBalance);
  invoice.amount_remaining = invoice.amount_due;
  if ((customer.balance ?? 0) !== invoice.ending_balance) {
    await put(ctx, { ...customer, balance: invoice.ending_balance ?? 0 });
  }
  invoice.number = await nextInvoiceNumber(ctx);
  invoice.status = 'open';
  invoice.effective_at = now;
  invoice.status_transitions.finalized_at = now;
  Object.assign(invoice, invoiceUrls(ctx, id));
  await put(ctx, invoice);
  await emit(ctx, 'invoice.finalized', invoice);
  if (invoice.amount_due === 0) return markInvoicePaid(ctx, id);
  return invoice;
}

/** Marks paid, records the payment, and lets the subscription react (activate, apply a pending update). */
export async function markInvoicePaid(ctx: Ctx, id: string): Promise<Stripe.Invoice> {
  const invoice = structuredClone(await get<Stripe.Invoice>(ctx, id, 'invoice'));
  if (invoice.status === 'paid') return invoice;
  const now = await customerNow(ctx, invoice.customer as string);
  invoice.status = 'paid';
  invoice.amount_paid = invoice.amount_due;
  invoice.amount_remaining = 0;
  invoice.attempted = invoice.amount_due > 0 || invoice.attempted;
  invoice.confirmation_secret = null;
  invoice.next_payment_attempt = null;
  invoice.status_transitions.paid_at = now;
  if (invoice.payments) {
    invoice.payments.data = invoice.payments.data.map((p) => ({
      ...p,
      amount_paid: p.amount_requested,
      status: 'paid',
      status_transitions: { ...p.status_transitions, paid_at: now },
    }));
  }
  await put(ctx, invoice);
  await emit(ctx, 'invoice.paid', invoice);
  await emit(ctx, 'invoice.payment_succeeded', invoice);
  // The API's InvoicePayment (2025+) is announced on its own when it is paid.
  for (const payment of invoice.payments?.data ?? [])
    await emit(ctx, 'invoice_payment.paid', payment, undefined, invoice.customer as string);
  ctx.notes.push(`invoice ${invoice.id} paid ${formatMoney(invoice.amount_paid, invoice.currency)}`);
  await ctx.config.hooks.invoicePaid(ctx, invoice);
  return invoice;
}

/**
 * Charges the invoice's payment method (its own, the subscription's, or the customer's default).
 * The outcome arrives through the payment intent hook (onInvoicePaymentIntent). Returns the invoice.
 */
export async function attemptInvoicePayment(
  ctx: Ctx,
  id: string,
  options: { paymentMethod?: string; onSession: boolean; returnUrl?: string | null },
): Promise<Stripe.Invoice> {
  const row = await getRow<Stripe.Invoice>(ctx, id, 'invoice');
  const invoice = row.data;
  const internal = row.internal as InvoiceInternal;
  if (invoice.status !== 'open') return invoice;
  const sub = invoice.parent?.subscription_details?.subscription
    ? await find<Stripe.Subscription>(
        ctx,
        invoice.parent.subscription_details.subscription as string,
        'subscription',
      )
    : null;
  const customer = await get<Stripe.Customer>(ctx, invoice.customer as string, 'customer');
  const pmId =
    options.paymentMethod ??
    (invoice.default_payment_method as string | null) ??
    (sub?.default_payment_method as string | null) ??
    (customer.invoice_settings.default_payment_method as string | null);
  const pi = await ensurePaymentIntent(ctx, invoice, internal, pmId ?? null);
  if (!pmId) {
    // Nothing to charge: the attempt fails as Stripe's does without a card.
    const failed = structuredClone(await get<Stripe.Invoice>(ctx, id, 'invoice'));
    failed.attempted = true;
    failed.attempt_count += 1;
    await put(ctx, failed);
    await emit(ctx, 'invoice.payment_failed', failed);
    ctx.notes.push(`invoice ${invoice.id}: no payment method, payment failed`);
    await ctx.config.hooks.invoicePaymentFailed(ctx, failed);
    return failed;
  }
  const attempted = structuredClone(await get<Stripe.Invoice>(ctx, id, 'invoice'));
  attempted.attempted = true;
  attempted.attempt_count += 1;
  await put(ctx, attempted);
  await confirmPaymentIntent(ctx, pi.id, {
    paymentMethod: pmId,
    returnUrl: options.returnUrl ?? null,
    onSession: options.onSession,
    throwOnDecline: false,
  });
  return get<Stripe.Invoice>(ctx, id, 'invoice');
}

async function ensurePaymentIntent(
  ctx: Ctx,
  invoice: Stripe.Invoice,
  internal: InvoiceInternal,
  pmId: string | null,
) {
  if (internal.paymentIntent) {
    const existing = await get<Stripe.PaymentIntent>(ctx, internal.paymentIntent, 'payment_intent');
    if (existing.status !== 'canceled' && existing.status !== 'succeeded') return existing;
  }
  const pi = await createPaymentIntent(
    ctx,
    {
      amount: invoice.amount_due,
      currency: invoice.currency,
      customer: invoice.customer as string,
      paymentMethod: pmId,
      description: invoice.billing_reason?.startsWith('subscription') ? 'Subscription update' : null,
    },
    { invoice: invoice.id },
  );
  const next = structuredClone(invoice);
  const now = await customerNow(ctx, invoice.customer as string);
  next.confirmation_secret = { client_secret: pi.client_secret ?? '', type: 'payment_intent' };
  next.payments = {
    object: 'list',
    has_more: false,
    url: '/v1/invoice_payments',
    data: [
      {
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: null,
        amount_requested: invoice.amount_due,
        created: now,
        currency: invoice.currency,
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: pi.id },
        status: 'open',
        status_transitions: { canceled_at: null, paid_at: null },
      },
    ],
  };
  await put(ctx, next, { internal: { ...internal, paymentIntent: pi.id } });
  return pi;
}

/** default_incomplete: the invoice gets a payment intent for the browser to confirm; nothing is charged. */
export async function ensureInvoicePaymentIntent(ctx: Ctx, id: string): Promise<Stripe.Invoice> {
  const row = await getRow<Stripe.Invoice>(ctx, id, 'invoice');
  await ensurePaymentIntent(ctx, row.data, row.internal as InvoiceInternal, null);
  return get<Stripe.Invoice>(ctx, id, 'invoice');
}

/** The payment intent hook: what a payment's outcome does to its invoice. */
export async function onInvoicePaymentIntent(
  ctx: Ctx,
  invoiceId: string,
  pi: Stripe.PaymentIntent,
): Promise<void> {
  const invoice = await get<Stripe.Invoice>(ctx, invoiceId, 'invoice');
  if (invoice.status !== 'open') return;
  if (pi.status === 'succeeded') {
    await markInvoicePaid(ctx, invoiceId);
    return;
  }
  if (pi.status === 'requires_action') {
    await emit(ctx, 'invoice.payment_action_required', invoice);
    ctx.notes.push(`invoice ${invoice.id}: payment needs 3-D Secure`);
    await ctx.config.hooks.invoicePaymentFailed(ctx, invoice);
    return;
  }
  if (pi.status === 'requires_payment_method') {
    await emit(ctx, 'invoice.payment_failed', invoice);
    ctx.notes.push(`invoice ${invoice.id}: payment failed (${pi.last_payment_error?.message ?? 'declined'})`);
    await ctx.config.hooks.invoicePaymentFailed(ctx, invoice);
  }
}

export async function voidInvoice(ctx: Ctx, id: string): Promise<Stripe.Invoice> {
  const row = await getRow<Stripe.Invoice>(ctx, id, 'invoice');
  const invoice = structuredClone(row.data);
  if (invoice.status !== 'open' && invoice.status !== 'uncollectible') {
    throw invalidRequest(
      `You can only pass in open or uncollectible invoices. This invoice is ${invoice.status}.`,
      undefined,
      'invoice_not_open',
    );
  }
  const now = await customerNow(ctx, invoice.customer as string);
  invoice.status = 'void';
  invoice.confirmation_secret = null;
  invoice.status_transitions.voided_at = now;
  invoice.amount_remaining = 0;
  const internal = row.internal as InvoiceInternal;
  if (internal.paymentIntent) {
    const pi = await get<Stripe.PaymentIntent>(ctx, internal.paymentIntent, 'payment_intent');
    if (pi.status !== 'succeeded' && pi.status !== 'canceled') {
      const canceled = {
        ...pi,
        status: 'canceled' as const,
        canceled_at: now,
        next_action: null,
        cancellation_reason: 'void_invoice' as const,
      };
      await put(ctx, canceled);
      await emit(ctx, 'payment_intent.canceled', canceled);
    }
    if (invoice.payments)
      invoice.payments.data = invoice.payments.data.map((p) => ({ ...p, status: 'canceled' }));
  }
  await put(ctx, invoice);
  await emit(ctx, 'invoice.voided', invoice);
  await ctx.config.hooks.invoiceVoided(ctx, invoice);
  return invoice;
}

/** `invoices.pay`: charges now, answering a decline as Stripe does (402 card_error). */
export async function payInvoice(ctx: Ctx, id: string, paymentMethod?: string): Promise<Stripe.Invoice> {
  let invoice = await get<Stripe.Invoice>(ctx, id, 'invoice');
  if (invoice.status === 'draft') invoice = await finalizeInvoice(ctx, id);
  // Stripe's answer carries no code: the SDK's list of error codes has none for it.
  if (invoice.status === 'paid') throw invalidRequest('Invoice is already paid');
  if (invoice.status !== 'open')
    throw invalidRequest(
      `You cannot pay an invoice with status ${invoice.status}.`,
      undefined,
      'invoice_not_editable',
    );
  invoice = await attemptInvoicePayment(ctx, id, { paymentMethod, onSession: false });
  if (invoice.status === 'paid') return invoice;
  const intent = await invoicePaymentIntent(ctx, id);
  if (intent?.status === 'requires_action') {
    throw new StripeError(
      402,
      {
        type: 'card_error',
        code: 'invoice_payment_intent_requires_action',
        message: 'Payment for this invoice requires a payment method with additional authentication.',
        payment_intent: intent,
      },
      true,
    );
  }
  throw declinedChargeError(intent, NO_PAYMENT_METHOD_MESSAGE, true);
}
