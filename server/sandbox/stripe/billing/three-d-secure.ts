import type Stripe from 'stripe';
import { AUTHENTICATION_FAILED_MESSAGE } from '../cards';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { emit } from '../events';
import { str } from '../params';
import type { ApiRequest } from '../router';
import { getRow, put } from '../store';
import type { IntentInternal } from './card-attempts';
import { succeedPaymentIntent } from './payment-intents';
import { succeedSetupIntent } from './setup-intents';

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
    await ctx.config.hooks.setupIntentSettled(ctx, si, row.internal as IntentInternal);
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
  await ctx.config.hooks.paymentIntentSettled(ctx, pi, row.internal as IntentInternal);
  return pi;
}

/** off_session is `true` or, in this API version, an object describing the off-session payment. */
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
