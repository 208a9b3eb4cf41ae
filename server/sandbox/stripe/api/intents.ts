import type Stripe from 'stripe';
import { AUTHENTICATION_FAILED_MESSAGE, behaviourOf, type Decline, declineFor } from '../cards';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, StripeError } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { clientSecretFor, newId } from '../ids';
import { type ListObject, paginate } from '../lists';
import { bool, int, metadata, reqStr, str, strings } from '../params';
import type { ApiRequest, RouteDef } from '../router';
import { get, getRow, list, put } from '../store';
import { afterPaymentIntentSettled, afterSetupIntentSettled } from './intent-hooks';
import { attachPaymentMethod, cardInternal, markSetUp, resolvePaymentMethod } from './payment-methods';

/** Setup intents and payment intents: where test cards decline, succeed or ask for 3-D Secure. */

/** What confirming a card did; the caller turns it into an intent's state. */
export type Attempt =
  | { outcome: 'succeeded' }
  | { outcome: 'declined'; decline: Decline }
  | { outcome: 'requires_action' };

/** Links from an intent to what waits on it (an invoice, a checkout session). */
export interface IntentInternal {
  invoice?: string;
  checkoutSession?: string;
}

export async function attemptCard(
  ctx: Ctx,
  pmId: string,
  options: { onSession: boolean; setup: boolean },
): Promise<Attempt> {
  const card = await cardInternal(ctx, pmId);
  const behaviour = behaviourOf(card.number ?? '');
  // Stripe: 4000 0000 0000 9995 is declined only when charged; setting it up succeeds.
  if (options.setup && behaviour === 'insufficient_funds') return { outcome: 'succeeded' };
  const decline = declineFor(behaviour);
  if (decline) return { outcome: 'declined', decline };
  if (behaviour === 'three_d_secure' && (options.onSession || !card.setUp))
    return { outcome: 'requires_action' };
  return { outcome: 'succeeded' };
}

function threeDsNextAction(ctx: Ctx, id: string, clientSecret: string, returnUrl: string | null) {
  const url = `${ctx.config.publicUrl()}/sandbox/stripe/3ds/${id}?client_secret=${encodeURIComponent(clientSecret)}`;
  return { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
}

/** An intent's last error; a declined payment names its failed charge, as Stripe's do. */
function lastError(decline: Decline, pm: Stripe.PaymentMethod | null, charge?: string) {
  return {
    type: 'card_error' as const,
    ...(charge ? { charge } : {}),
    code: decline.code,
    decline_code: decline.decline_code,
    message: decline.message,
    ...(pm ? { payment_method: pm } : {}),
  };
}

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

async function succeedSetupIntent(ctx: Ctx, si: Stripe.SetupIntent, internal: IntentInternal): Promise<void> {
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
  await afterSetupIntentSettled(ctx, si, internal);
}

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
    await afterPaymentIntentSettled(ctx, pi, row.internal as IntentInternal);
    return pi;
  }
  pi.status = 'requires_payment_method';
  // Stripe records a failed charge for a declined payment and names it in the error.
  const charge = newId('ch');
  pi.latest_charge = charge;
  pi.last_payment_error = lastError(attempt.decline, pm, charge) as Stripe.PaymentIntent.LastPaymentError;
  await put(ctx, pi);
  await emit(ctx, 'payment_intent.payment_failed', pi);
  await afterPaymentIntentSettled(ctx, pi, row.internal as IntentInternal);
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

async function succeedPaymentIntent(
  ctx: Ctx,
  pi: Stripe.PaymentIntent,
  internal: IntentInternal,
  authenticated: boolean,
) {
  pi.status = 'succeeded';
  pi.amount_received = pi.amount;
  pi.next_action = null;
  pi.latest_charge = newId('ch');
  // A card that passed 3-D Secure on session is set up for later off-session payments.
  if (authenticated || pi.setup_future_usage) await markSetUp(ctx, pi.payment_method as string);
  if (pi.setup_future_usage && pi.customer) {
    const pm = await get<Stripe.PaymentMethod>(ctx, pi.payment_method as string, 'payment_method');
    if (!pm.customer) await attachPaymentMethod(ctx, pm.id, pi.customer as string);
  }
  await put(ctx, pi);
  await emit(ctx, 'payment_intent.succeeded', pi);
  await afterPaymentIntentSettled(ctx, pi, internal);
}

// ---------- 3-D Secure (sandbox only) ----------

/** The challenge page's answer: complete succeeds the intent, fail sends it back for another card. */
export async function finishThreeDSecure(
  ctx: Ctx,
  intentId: string,
  outcome: 'complete' | 'fail',
): Promise<Stripe.SetupIntent | Stripe.PaymentIntent> {
  if (intentId.startsWith('seti_')) {
    const row = await getRow<Stripe.SetupIntent>(ctx, intentId, 'setup_intent');
    const si = structuredClone(row.data);
    if (si.status !== 'requires_action')
      throw invalidRequest(
        'This SetupIntent does not require authentication.',
        'intent',
        'setup_intent_unexpected_state',
      );
    if (outcome === 'complete') {
      await succeedSetupIntent(ctx, si, row.internal as IntentInternal);
      return si;
    }
    si.status = 'requires_payment_method';
    si.next_action = null;
    si.last_setup_error = {
      type: 'invalid_request_error',
      code: 'setup_intent_authentication_failure',
      message: AUTHENTICATION_FAILED_MESSAGE,
    } as Stripe.SetupIntent.LastSetupError;
    await put(ctx, si);
    await emit(ctx, 'setup_intent.setup_failed', si);
    await afterSetupIntentSettled(ctx, si, row.internal as IntentInternal);
    return si;
  }
  const row = await getRow<Stripe.PaymentIntent>(ctx, intentId, 'payment_intent');
  const pi = structuredClone(row.data);
  if (pi.status !== 'requires_action')
    throw invalidRequest(
      'This PaymentIntent does not require authentication.',
      'intent',
      'payment_intent_unexpected_state',
    );
  if (outcome === 'complete') {
    await succeedPaymentIntent(ctx, pi, row.internal as IntentInternal, true);
    return pi;
  }
  pi.status = 'requires_payment_method';
  pi.next_action = null;
  pi.last_payment_error = {
    type: 'invalid_request_error',
    code: 'payment_intent_authentication_failure',
    message: AUTHENTICATION_FAILED_MESSAGE,
  } as Stripe.PaymentIntent.LastPaymentError;
  await put(ctx, pi);
  await emit(ctx, 'payment_intent.payment_failed', pi);
  await afterPaymentIntentSettled(ctx, pi, row.internal as IntentInternal);
  return pi;
}

/** off_session is `true` or, in this API version, an object describing the off-session payment. */
function offSession(params: FormObject): boolean {
  const value = params.off_session;
  return value !== undefined && value !== 'false' && value !== '';
}

/** Publishable-key calls must show the intent's client secret, as Stripe.js does. */
export function checkClientSecret(
  request: ApiRequest,
  intent: { client_secret: string | null },
  kind: string,
): void {
  if (request.key === 'secret') return;
  const given = str(request.params, 'client_secret');
  if (!given) throw missingParam('client_secret');
  if (given !== intent.client_secret) {
    throw invalidRequest(
      `The client_secret provided does not match the client_secret associated with the ${kind}.`,
      'client_secret',
    );
  }
}

/** GET /v1/setup_intents and /v1/payment_intents: newest first, one customer's when asked. */
async function listIntents<T extends { id: string }>(
  ctx: Ctx,
  params: FormObject,
  type: 'setup_intent' | 'payment_intent',
): Promise<ListObject<T>> {
  return paginate(await list<T>(ctx, type, str(params, 'customer')), params, `/v1/${type}s`);
}

export const intentRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/setup_intents',
    auth: 'secret',
    accepts: [
      'customer',
      'payment_method',
      'usage',
      'allowed_payment_method_types',
      'excluded_payment_method_types',
      'payment_method_configuration',
      'payment_method_types',
      'metadata',
      'confirm',
      'return_url',
      'description',
      'automatic_payment_methods',
      'payment_method_options',
    ],
    handler: (ctx, { params }) => createSetupIntent(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/setup_intents/:id',
    auth: 'either',
    async handler(ctx, request) {
      const si = await get<Stripe.SetupIntent>(ctx, request.path.id ?? '', 'setup_intent');
      checkClientSecret(request, si, 'SetupIntent');
      return si;
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id',
    auth: 'secret',
    accepts: ['customer', 'payment_method', 'metadata', 'description', 'payment_method_types'],
    async handler(ctx, { path, params }) {
      const si = await get<Stripe.SetupIntent>(ctx, path.id ?? '', 'setup_intent');
      const pmId = str(params, 'payment_method');
      const next: Stripe.SetupIntent = {
        ...si,
        customer: str(params, 'customer') ?? si.customer,
        payment_method: pmId ? (await resolvePaymentMethod(ctx, pmId)).id : si.payment_method,
        metadata: metadata(params, si.metadata ?? {}),
      };
      return put(ctx, next);
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/confirm',
    auth: 'either',
    accepts: [
      'client_secret',
      'payment_method',
      'return_url',
      'payment_method_data',
      'use_stripe_sdk',
      'mandate_data',
    ],
    async handler(ctx, request) {
      const si = await get<Stripe.SetupIntent>(ctx, request.path.id ?? '', 'setup_intent');
      checkClientSecret(request, si, 'SetupIntent');
      return confirmSetupIntent(ctx, si.id, {
        paymentMethod: str(request.params, 'payment_method'),
        returnUrl: str(request.params, 'return_url') ?? null,
        throwOnDecline: true,
      });
    },
  },
  {
    method: 'POST',
    path: '/v1/setup_intents/:id/cancel',
    auth: 'secret',
    accepts: ['cancellation_reason'],
    async handler(ctx, { path, params }) {
      const si = await get<Stripe.SetupIntent>(ctx, path.id ?? '', 'setup_intent');
      if (si.status === 'succeeded')
        throw invalidRequest(
          'You cannot cancel this SetupIntent because it has a status of succeeded.',
          undefined,
          'setup_intent_unexpected_state',
        );
      const next: Stripe.SetupIntent = {
        ...si,
        status: 'canceled',
        cancellation_reason:
          (str(params, 'cancellation_reason') as Stripe.SetupIntent.CancellationReason | undefined) ?? null,
        next_action: null,
      };
      await put(ctx, next);
      await emit(ctx, 'setup_intent.canceled', next);
      return next;
    },
  },
  {
    method: 'GET',
    path: '/v1/setup_intents',
    auth: 'secret',
    handler: (ctx, { params }) => listIntents<Stripe.SetupIntent>(ctx, params, 'setup_intent'),
  },
  {
    method: 'POST',
    path: '/v1/payment_intents',
    auth: 'secret',
    accepts: [
      'allowed_payment_method_types',
      'excluded_payment_method_types',
      'payment_method_configuration',
      'capture_method',
      'statement_descriptor',
      'statement_descriptor_suffix',
      'amount',
      'currency',
      'customer',
      'payment_method',
      'confirm',
      'off_session',
      'payment_method_types',
      'metadata',
      'description',
      'setup_future_usage',
      'receipt_email',
      'automatic_payment_methods',
      'return_url',
      'payment_method_options',
      'error_on_requires_action',
    ],
    async handler(ctx, { params }) {
      const amount = int(params, 'amount');
      if (amount === undefined) throw missingParam('amount');
      const customer = str(params, 'customer') ?? null;
      if (customer) await get(ctx, customer, 'customer', 'customer');
      const pmId = str(params, 'payment_method');
      const pm = pmId ? await resolvePaymentMethod(ctx, pmId) : null;
      const pi = await createPaymentIntent(ctx, {
        amount,
        currency: reqStr(params, 'currency').toLowerCase(),
        customer,
        paymentMethod: pm?.id ?? null,
        description: str(params, 'description') ?? null,
        metadata: metadata(params),
        setupFutureUsage: (str(params, 'setup_future_usage') as 'off_session' | undefined) ?? null,
        receiptEmail: str(params, 'receipt_email') ?? null,
        paymentMethodTypes:
          strings(params, 'allowed_payment_method_types') ?? strings(params, 'payment_method_types'),
      });
      if (!bool(params, 'confirm')) return pi;
      return confirmPaymentIntent(ctx, pi.id, {
        returnUrl: str(params, 'return_url') ?? null,
        onSession: !offSession(params),
        throwOnDecline: true,
      });
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents/:id',
    auth: 'either',
    async handler(ctx, request) {
      const pi = await get<Stripe.PaymentIntent>(ctx, request.path.id ?? '', 'payment_intent');
      checkClientSecret(request, pi, 'PaymentIntent');
      return pi;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/confirm',
    auth: 'either',
    accepts: [
      'client_secret',
      'payment_method',
      'return_url',
      'off_session',
      'payment_method_data',
      'use_stripe_sdk',
      'setup_future_usage',
      'mandate_data',
    ],
    async handler(ctx, request) {
      const pi = await get<Stripe.PaymentIntent>(ctx, request.path.id ?? '', 'payment_intent');
      checkClientSecret(request, pi, 'PaymentIntent');
      return confirmPaymentIntent(ctx, pi.id, {
        paymentMethod: str(request.params, 'payment_method'),
        returnUrl: str(request.params, 'return_url') ?? null,
        onSession: !offSession(request.params),
        throwOnDecline: true,
      });
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_intents/:id/cancel',
    auth: 'secret',
    accepts: ['cancellation_reason'],
    async handler(ctx, { path }) {
      const pi = await get<Stripe.PaymentIntent>(ctx, path.id ?? '', 'payment_intent');
      if (pi.status === 'succeeded')
        throw invalidRequest(
          'You cannot cancel this PaymentIntent because it has a status of succeeded.',
          undefined,
          'payment_intent_unexpected_state',
        );
      const next: Stripe.PaymentIntent = {
        ...pi,
        status: 'canceled',
        canceled_at: await customerNow(ctx, pi.customer as string | null),
        next_action: null,
      };
      await put(ctx, next);
      await emit(ctx, 'payment_intent.canceled', next);
      return next;
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_intents',
    auth: 'secret',
    handler: (ctx, { params }) => listIntents<Stripe.PaymentIntent>(ctx, params, 'payment_intent'),
  },
  {
    method: 'POST',
    path: '/v1/sandbox/three_d_secure/:intentId',
    auth: 'publishable',
    accepts: ['client_secret', 'outcome'],
    async handler(ctx, request) {
      const id = request.path.intentId ?? '';
      const intent = id.startsWith('seti_')
        ? await get<Stripe.SetupIntent>(ctx, id, 'setup_intent')
        : await get<Stripe.PaymentIntent>(ctx, id, 'payment_intent');
      checkClientSecret(
        { ...request, key: 'publishable' },
        intent,
        id.startsWith('seti_') ? 'SetupIntent' : 'PaymentIntent',
      );
      const outcome = reqStr(request.params, 'outcome');
      if (outcome !== 'complete' && outcome !== 'fail')
        throw invalidRequest('outcome must be complete or fail', 'outcome');
      return finishThreeDSecure(ctx, id, outcome);
    },
  },
];
