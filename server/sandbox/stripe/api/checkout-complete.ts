import type Stripe from 'stripe';
import { periodDescription } from '../billing/amounts';
import { attemptCard } from '../billing/card-attempts';
import { confirmPaymentIntent, createPaymentIntent } from '../billing/payment-intents';
import { attachPaymentMethod, resolvePaymentMethod } from '../billing/payment-methods';
import { confirmSetupIntent, createSetupIntent } from '../billing/setup-intents';
import { createSubscription } from '../billing/subscription-create';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, StripeError } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { reqStr, str } from '../params';
import { find, get, getRow, put, setInternal } from '../store';
import { type CheckoutInternal, sessionAmounts } from './checkout-create';
import { createCustomer } from './customers';

/** A checkout session's life after creation: the hosted page pays it, completes it or lets it expire. */

export async function expireIfDue(
  ctx: Ctx,
  session: Stripe.Checkout.Session,
): Promise<Stripe.Checkout.Session> {
  if (session.status !== 'open') return session;
  if ((await customerNow(ctx, session.customer as string | null)) < session.expires_at) return session;
  const expired = { ...session, status: 'expired' as const, url: null };
  await put(ctx, expired);
  await emit(ctx, 'checkout.session.expired', expired);
  return expired;
}

export function redirectUrl(session: Stripe.Checkout.Session): string {
  return (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id);
}

/**
 * The completed checkout's way back, handed out once: in the confirm answer, or to the page's first
 * read after a 3-D Secure challenge completed it. Return URLs carry login codes (web sign-up), so a
 * completed checkout shows them to nobody after that.
 */
async function takeRedirectUrl(ctx: Ctx, sessionId: string): Promise<string | null> {
  const row = await getRow<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session');
  const internal = row.internal as unknown as CheckoutInternal;
  if (row.data.status !== 'complete' || !internal.redirectUrl) return null;
  await setInternal(ctx, sessionId, { ...internal, redirectUrl: null });
  return internal.redirectUrl;
}

/** Customer, card as default, then the subscription / payment / setup result; emits completed. */
export async function completeCheckout(ctx: Ctx, sessionId: string): Promise<Stripe.Checkout.Session> {
  const row = await getRow<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session');
  const session = structuredClone(row.data);
  const internal = row.internal as unknown as CheckoutInternal;
  if (session.status !== 'open') return session;
  const customerId = session.customer as string;
  const pmId = internal.paymentMethod as string;
  const customer = await get<Stripe.Customer>(ctx, customerId, 'customer');
  await put(ctx, {
    ...customer,
    invoice_settings: { ...customer.invoice_settings, default_payment_method: pmId },
  });
  if (session.mode === 'subscription') {
    const params: FormObject = {
      customer: customerId,
      items: internal.items.map((item) => ({ price: item.price, quantity: String(item.quantity) })),
      default_payment_method: pmId,
      payment_behavior: 'error_if_incomplete',
      metadata: internal.subscriptionMetadata,
      ...(internal.taxRates.length > 0 ? { default_tax_rates: internal.taxRates } : {}),
      ...(internal.discounts.length > 0 ? { discounts: internal.discounts } : {}),
      ...(internal.trialDays ? { trial_period_days: String(internal.trialDays) } : {}),
    };
    const sub = await createSubscription(ctx, params, { checkoutSession: sessionId });
    session.subscription = sub.id;
    session.invoice = sub.latest_invoice as string | null;
    session.payment_status = (session.amount_total ?? 0) > 0 ? 'paid' : 'no_payment_required';
  } else if (session.mode === 'payment') {
    session.payment_status = 'paid';
  }
  const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
  session.status = 'complete';
  session.url = null;
  session.customer_details = {
    address: pm.billing_details.address,
    business_name: null,
    email: customer.email,
    individual_name: null,
    name: pm.billing_details.name ?? customer.name ?? null,
    phone: null,
    tax_exempt: customer.tax_exempt ?? 'none',
    tax_ids: [],
  };
  await put(ctx, session, {
    customer: customerId,
    internal: { ...internal, redirectUrl: redirectUrl(session) } as unknown as Record<string, unknown>,
  });
  await emit(ctx, 'checkout.session.completed', session);
  ctx.notes.push(`${session.id}: checkout completed`);
  return session;
}

/** A 3-D Secure challenge started by the checkout page has ended. */
export async function onCheckoutIntentSettled(
  ctx: Ctx,
  sessionId: string,
  intent: Stripe.SetupIntent | Stripe.PaymentIntent,
): Promise<void> {
  if (intent.status !== 'succeeded') return;
  const row = await getRow<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session');
  const internal = row.internal as unknown as CheckoutInternal;
  if (row.data.status !== 'open' || !internal.paymentMethod) return;
  await completeCheckout(ctx, sessionId);
}

export async function confirmPage(ctx: Ctx, sessionId: string, params: FormObject) {
  const row = await getRow<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session');
  const session = await expireIfDue(ctx, structuredClone(row.data));
  const internal = row.internal as unknown as CheckoutInternal;
  if (session.status !== 'open')
    throw invalidRequest(
      `This Checkout Session is no longer active (${session.status}).`,
      undefined,
      'checkout_session_inactive',
    );
  const pm = await resolvePaymentMethod(ctx, reqStr(params, 'payment_method'));
  const email = str(params, 'email') ?? session.customer_email ?? null;
  // The page's card must survive a decline check before anything is created.
  const trial = (internal.trialDays ?? 0) > 0;
  const attempt = await attemptCard(ctx, pm.id, {
    onSession: true,
    setup: session.mode === 'setup' || trial,
  });
  if (attempt.outcome === 'declined') {
    throw new StripeError(402, {
      type: 'card_error',
      code: attempt.decline.code,
      decline_code: attempt.decline.decline_code,
      message: attempt.decline.message,
      param: 'payment_method',
    });
  }
  let customerId = session.customer as string | null;
  if (!customerId) {
    if (!email) throw missingParam('email');
    customerId = (
      await createCustomer(ctx, {
        email,
        ...(pm.billing_details.name ? { name: pm.billing_details.name } : {}),
      })
    ).id;
    session.customer = customerId;
  }
  if (pm.customer !== customerId) await attachPaymentMethod(ctx, pm.id, customerId);
  const returnUrl = `${ctx.config.publicUrl()}/sandbox/stripe/checkout/${sessionId}`;
  const nextInternal: CheckoutInternal = { ...internal, paymentMethod: pm.id };
  await put(ctx, session, {
    customer: customerId,
    internal: nextInternal as unknown as Record<string, unknown>,
  });
  if (attempt.outcome === 'requires_action' || session.mode === 'setup' || session.mode === 'payment') {
    // The challenge (or the setup/payment itself) runs on an intent the 3-D Secure page can complete.
    let intent: Stripe.SetupIntent | Stripe.PaymentIntent;
    if (session.mode === 'payment') {
      const pi = await createPaymentIntent(
        ctx,
        {
          amount: session.amount_total ?? 0,
          currency: session.currency ?? 'usd',
          customer: customerId,
          paymentMethod: pm.id,
        },
        { checkoutSession: sessionId },
      );
      session.payment_intent = pi.id;
      await put(ctx, session);
      intent = await confirmPaymentIntent(ctx, pi.id, { returnUrl, onSession: true, throwOnDecline: true });
    } else {
      const siId =
        session.mode === 'setup' && session.setup_intent
          ? (session.setup_intent as string)
          : (
              await createSetupIntent(
                ctx,
                { customer: customerId, usage: 'off_session' },
                { checkoutSession: sessionId },
              )
            ).id;
      if (session.mode === 'setup') {
        const si = await get<Stripe.SetupIntent>(ctx, siId, 'setup_intent');
        if (!si.customer) await put(ctx, { ...si, customer: customerId }, { customer: customerId });
      }
      intent = await confirmSetupIntent(ctx, siId, { paymentMethod: pm.id, returnUrl, throwOnDecline: true });
    }
    if (intent.status === 'requires_action') {
      await put(ctx, await get<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session'), {
        internal: { ...nextInternal, pendingIntent: intent.id } as unknown as Record<string, unknown>,
      });
      return { status: 'requires_action', next_action: intent.next_action };
    }
    const done = await get<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session');
    if (done.status === 'complete')
      return {
        status: 'complete',
        redirect_url: (await takeRedirectUrl(ctx, sessionId)) ?? redirectUrl(done),
      };
  }
  const completed = await completeCheckout(ctx, sessionId);
  return {
    status: 'complete',
    redirect_url: (await takeRedirectUrl(ctx, sessionId)) ?? redirectUrl(completed),
  };
}

export async function page(ctx: Ctx, sessionId: string) {
  const row = await getRow<Stripe.Checkout.Session>(ctx, sessionId, 'checkout.session');
  const session = await expireIfDue(ctx, row.data);
  const internal = row.internal as unknown as CheckoutInternal;
  const amounts = session.mode === 'setup' ? null : await sessionAmounts(ctx, internal);
  const customer = session.customer
    ? await find<Stripe.Customer>(ctx, session.customer as string, 'customer')
    : null;
  return {
    id: session.id,
    object: 'payment_page',
    mode: session.mode,
    status: session.status,
    customer_email: session.customer_email ?? customer?.email ?? null,
    currency: session.currency,
    amount_subtotal: session.amount_subtotal,
    amount_total: session.amount_total,
    amount_discount: amounts?.discount ?? 0,
    amount_tax: amounts?.tax ?? 0,
    line_items: (amounts?.lines ?? []).map((line) => ({
      description: line.price.recurring ? periodDescription(line.quantity, line.name, line.price) : line.name,
      quantity: line.quantity,
      amount: line.amount,
    })),
    trial_days: internal.trialDays,
    // The return URLs only while the checkout can still be paid or left: once it is
    // complete or expired, nobody holding its id learns where it returns to.
    ...(session.status === 'open'
      ? { success_url: session.success_url, cancel_url: session.cancel_url }
      : {}),
    ...(session.status === 'complete' ? { redirect_url: await takeRedirectUrl(ctx, session.id) } : {}),
  };
}
