import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, StripeError } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { clientSecretFor, newId } from '../ids';
import { bool, metadata, str, strings } from '../params';
import { get, getRow, put } from '../store';
import { attemptCard, type IntentInternal, lastError, threeDsNextAction } from './card-attempts';
import { attachPaymentMethod, markSetUp, resolvePaymentMethod } from './payment-methods';

// ---------- setup intents ----------

export async function createSetupIntent(
  ctx: Ctx,
  params: FormObject,
  internal: IntentInternal = {},
): Promise<Stripe.SetupIntent> {
  const customer = str(params, 'customer') ?? null;
  if (customer) await get(ctx, customer, 'customer', 'customer');
  const id = newId('seti');
  const pmId = str(params, 'payment_method');
  const pm = pmId ? await resolvePaymentMethod(ctx, pmId) : null;
  const si: Stripe.SetupIntent = {
    id,
    object: 'setup_intent',
    allowed_payment_method_types: null,
    application: null,
    automatic_payment_methods: null,
    cancellation_reason: null,
    client_secret: clientSecretFor(id),
    created: await customerNow(ctx, customer),
    customer,
    description: str(params, 'description') ?? null,
    excluded_payment_method_types: null,
    flow_directions: null,
    last_setup_error: null,
    latest_attempt: null,
    livemode: false,
    mandate: null,
    metadata: metadata(params),
    next_action: null,
    on_behalf_of: null,
    payment_method: pm?.id ?? null,
    payment_method_configuration_details: null,
    payment_method_options: {
      card: { mandate_options: null, network: null, request_three_d_secure: 'automatic' },
    },
    payment_method_types: strings(params, 'allowed_payment_method_types') ??
      strings(params, 'payment_method_types') ?? ['card'],
    single_use_mandate: null,
    status: pm ? 'requires_confirmation' : 'requires_payment_method',
    usage: str(params, 'usage') ?? 'off_session',
  };
  await put(ctx, si, { internal: internal as Record<string, unknown> });
  await emit(ctx, 'setup_intent.created', si);
  if (bool(params, 'confirm'))
    return confirmSetupIntent(ctx, si.id, {
      returnUrl: str(params, 'return_url') ?? null,
      throwOnDecline: true,
    });
  return si;
}

export async function confirmSetupIntent(
  ctx: Ctx,
  id: string,
  options: { paymentMethod?: string; returnUrl: string | null; throwOnDecline: boolean },
): Promise<Stripe.SetupIntent> {
  const row = await getRow<Stripe.SetupIntent>(ctx, id, 'setup_intent');
  const si = structuredClone(row.data);
  if (si.status === 'succeeded' || si.status === 'canceled') {
    throw invalidRequest(
      `You cannot confirm this SetupIntent because it has already ${si.status === 'succeeded' ? 'succeeded' : 'been canceled'}.`,
      undefined,
      'setup_intent_unexpected_state',
    );
  }
  const pmId = options.paymentMethod ?? (si.payment_method as string | null);
  if (!pmId) throw missingParam('payment_method');
  const pm = await resolvePaymentMethod(ctx, pmId);
  si.payment_method = pm.id;
  si.last_setup_error = null;
  si.next_action = null;
  const attempt = await attemptCard(ctx, pm.id, { onSession: true, setup: true });
  if (attempt.outcome === 'succeeded') {
    await succeedSetupIntent(ctx, si, row.internal as IntentInternal);
    return si;
  }
  if (attempt.outcome === 'requires_action') {
    si.status = 'requires_action';
    si.next_action = threeDsNextAction(
      ctx,
      si.id,
      si.client_secret ?? '',
      options.returnUrl,
    ) as Stripe.SetupIntent.NextAction;
    await put(ctx, si);
    await emit(ctx, 'setup_intent.requires_action', si);
    return si;
  }
  si.status = 'requires_payment_method';
  si.last_setup_error = lastError(attempt.decline, pm) as Stripe.SetupIntent.LastSetupError;
  await put(ctx, si);
  await emit(ctx, 'setup_intent.setup_failed', si);
  if (options.throwOnDecline) {
    throw new StripeError(
      402,
      { type: 'card_error', ...attempt.decline, payment_method: pm, setup_intent: si },
      true,
    );
  }
  return si;
}

export async function succeedSetupIntent(
  ctx: Ctx,
  si: Stripe.SetupIntent,
  internal: IntentInternal,
): Promise<void> {
  const pmId = si.payment_method as string;
  si.status = 'succeeded';
  si.next_action = null;
  await markSetUp(ctx, pmId);
  // Stripe attaches the card to the intent's customer once it is set up.
  if (si.customer) {
    const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
    if (!pm.customer) await attachPaymentMethod(ctx, pmId, si.customer as string);
  }
  await put(ctx, si);
  await emit(ctx, 'setup_intent.succeeded', si);
  await ctx.config.hooks.setupIntentSettled(ctx, si, internal);
}
