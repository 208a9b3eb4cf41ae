import type Stripe from 'stripe';
import { confirmPaymentIntent, createPaymentIntent } from '../billing/payment-intents';
import { resolvePaymentMethod } from '../billing/payment-methods';
import { confirmSetupIntent, createSetupIntent } from '../billing/setup-intents';
import { checkClientSecret, finishThreeDSecure } from '../billing/three-d-secure';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { type ListObject, paginate } from '../lists';
import { bool, chargeAmount, int, metadata, reqStr, str, strings } from '../params';
import type { RouteDef } from '../router';
import { get, list, put } from '../store';
import { urlObject } from './retrieve';

/** The setup intent and payment intent routes; what they do lives in billing/. */

function offSession(params: FormObject): boolean {
  const value = params.off_session;
  return value !== undefined && value !== 'false' && value !== '';
}

/** Publishable-key calls must show the intent's client secret, as Stripe.js does. */
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
      const si = await urlObject<Stripe.SetupIntent>(ctx, request.path, 'setup_intent');
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
      const si = await urlObject<Stripe.SetupIntent>(ctx, path, 'setup_intent');
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
      const si = await urlObject<Stripe.SetupIntent>(ctx, request.path, 'setup_intent');
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
      const si = await urlObject<Stripe.SetupIntent>(ctx, path, 'setup_intent');
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
      const currency = reqStr(params, 'currency').toLowerCase();
      chargeAmount(amount, currency);
      const customer = str(params, 'customer') ?? null;
      if (customer) await get(ctx, customer, 'customer', 'customer');
      const pmId = str(params, 'payment_method');
      const pm = pmId ? await resolvePaymentMethod(ctx, pmId) : null;
      const pi = await createPaymentIntent(ctx, {
        amount,
        currency,
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
      const pi = await urlObject<Stripe.PaymentIntent>(ctx, request.path, 'payment_intent');
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
      const pi = await urlObject<Stripe.PaymentIntent>(ctx, request.path, 'payment_intent');
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
      const pi = await urlObject<Stripe.PaymentIntent>(ctx, path, 'payment_intent');
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
