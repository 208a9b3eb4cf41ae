import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, StripeError } from '../errors';
import { emit } from '../events';
import { clientSecretFor, newId } from '../ids';
import { get, getRow, put } from '../store';
import { attemptCard, type IntentInternal, lastError, threeDsNextAction } from './card-attempts';
import { recordCharge } from './charges';
import { attachPaymentMethod, markSetUp, resolvePaymentMethod } from './payment-methods';

// ---------- payment intents ----------

export async function createPaymentIntent(
  ctx: Ctx,
  input: {
    amount: number;
    currency: string;
    customer: string | null;
    paymentMethod: string | null;
    description?: string | null;
    metadata?: Record<string, string>;
    setupFutureUsage?: 'off_session' | 'on_session' | null;
    receiptEmail?: string | null;
    paymentMethodTypes?: string[];
  },
  internal: IntentInternal = {},
): Promise<Stripe.PaymentIntent> {
  const id = newId('pi');
  const pi: Stripe.PaymentIntent = {
    id,
    object: 'payment_intent',
    allowed_payment_method_types: null,
    amount: input.amount,
    amount_details: { tip: {} },
    amount_capturable: 0,
    amount_received: 0,
    application: null,
    application_fee_amount: null,
    automatic_payment_methods: null,
    canceled_at: null,
    cancellation_reason: null,
    capture_method: 'automatic',
    client_secret: clientSecretFor(id),
    confirmation_method: 'automatic',
    created: await customerNow(ctx, input.customer),
    currency: input.currency,
    customer: input.customer,
    customer_account: null,
    description: input.description ?? null,
    excluded_payment_method_types: null,
    last_payment_error: null,
    latest_charge: null,
    transfer_data: null,
    livemode: false,
    managed_payments: null,
    metadata: input.metadata ?? {},
    next_action: null,
    on_behalf_of: null,
    payment_method: input.paymentMethod,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { installments: null, mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: input.paymentMethodTypes ?? ['card'],
    payment_record: null,
    processing: null,
    receipt_email: input.receiptEmail ?? null,
    review: null,
    setup_future_usage: input.setupFutureUsage ?? null,
    shipping: null,
    source: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: input.paymentMethod ? 'requires_confirmation' : 'requires_payment_method',
    transfer_group: null,
  };
  await put(ctx, pi, { customer: input.customer, internal: internal as Record<string, unknown> });
  await emit(ctx, 'payment_intent.created', pi);
  return pi;
}

/**
 * Confirms a payment intent with its card. Declines leave it requires_payment_method with
 * last_payment_error; throwOnDecline answers them as Stripe's API does (402, state kept).
 */
export async function confirmPaymentIntent(
  ctx: Ctx,
  id: string,
  options: { paymentMethod?: string; returnUrl: string | null; onSession: boolean; throwOnDecline: boolean },
): Promise<Stripe.PaymentIntent> {
  const row = await getRow<Stripe.PaymentIntent>(ctx, id, 'payment_intent');
  const pi = structuredClone(row.data);
  if (pi.status === 'succeeded' || pi.status === 'canceled') {
    throw invalidRequest(
      `You cannot confirm this PaymentIntent because it has ${pi.status === 'succeeded' ? 'already succeeded' : 'a status of canceled'}.`,
      undefined,
      'payment_intent_unexpected_state',
    );
  }
  const pmId = options.paymentMethod ?? (pi.payment_method as string | null);
  if (!pmId) throw missingParam('payment_method');
  const pm = await resolvePaymentMethod(ctx, pmId);
  pi.payment_method = pm.id;
  pi.last_payment_error = null;
  pi.next_action = null;
  const attempt = await attemptCard(ctx, pm.id, { onSession: options.onSession, setup: false });
  if (attempt.outcome === 'succeeded') {
    await succeedPaymentIntent(ctx, pi, row.internal as IntentInternal, false);
    return pi;
  }
  if (attempt.outcome === 'requires_action') {
    pi.status = 'requires_action';
    pi.next_action = threeDsNextAction(
      ctx,
      pi.id,
      pi.client_secret ?? '',
      options.returnUrl,
    ) as Stripe.PaymentIntent.NextAction;
    await put(ctx, pi);
    await emit(ctx, 'payment_intent.requires_action', pi);
    await ctx.config.hooks.paymentIntentSettled(ctx, pi, row.internal as IntentInternal);
    return pi;
  }
  pi.status = 'requires_payment_method';
  // Stripe records a failed charge for a declined payment and names it in the error.
  const charge = (await recordCharge(ctx, pi, { decline: attempt.decline, authenticated: false })).id;
  pi.latest_charge = charge;
  pi.last_payment_error = lastError(attempt.decline, pm, charge) as Stripe.PaymentIntent.LastPaymentError;
  await put(ctx, pi);
  await emit(ctx, 'payment_intent.payment_failed', pi);
  await ctx.config.hooks.paymentIntentSettled(ctx, pi, row.internal as IntentInternal);
  if (options.throwOnDecline) {
    throw new StripeError(
      402,
      {
        type: 'card_error',
        charge,
        ...attempt.decline,
        payment_intent: pi,
        payment_method: pm,
      },
      true,
    );
  }
  return pi;
}

export async function succeedPaymentIntent(
  ctx: Ctx,
  pi: Stripe.PaymentIntent,
  internal: IntentInternal,
  authenticated: boolean,
) {
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.next_action = null;
  pi.latest_charge = (await recordCharge(ctx, pi, { decline: null, authenticated })).id;
  // A card that passed 3-D Secure on session is set up for later off-session payments.
  if (authenticated || pi.setup_future_usage) await markSetUp(ctx, pi.payment_method as string);
  if (pi.setup_future_usage && pi.customer) {
    const pm = await get<Stripe.PaymentMethod>(ctx, pi.payment_method as string, 'payment_method');
    if (!pm.customer) await attachPaymentMethod(ctx, pm.id, pi.customer as string);
  }
  await put(ctx, pi);
  await emit(ctx, 'payment_intent.succeeded', pi);
  await ctx.config.hooks.paymentIntentSettled(ctx, pi, internal);
}
