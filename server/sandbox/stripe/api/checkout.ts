import type Stripe from 'stripe';
import { computeTotals, periodDescription } from '../billing/amounts';
import { attemptCard } from '../billing/card-attempts';
import { confirmPaymentIntent, createPaymentIntent } from '../billing/payment-intents';
import { attachPaymentMethod, resolvePaymentMethod } from '../billing/payment-methods';
import { confirmSetupIntent, createSetupIntent } from '../billing/setup-intents';
import { createSubscription } from '../billing/subscription-create';
import { couponFor } from '../billing/subscription-discounts';
import { productName } from '../billing/subscription-items';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, StripeError } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { clientSecretFor, newId } from '../ids';
import { paginate } from '../lists';
import { bool, int, metadata, obj, objs, oneOf, reqStr, str, strings } from '../params';
import type { RouteDef } from '../router';
import { find, get, getRow, list, put } from '../store';
import { type CheckoutItem, checkoutItems, lineItemList } from './checkout-line-items';
import { createCustomer } from './customers';

/**
 * Checkout sessions (subscription, setup and payment modes) and the hosted page's two calls:
 * read the page (`payment_pages/:id`) and pay (`payment_pages/:id/confirm`).
 */

interface CheckoutInternal {
  items: CheckoutItem[];
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  taxRates: string[];
  discounts: FormObject[];
  /** Set once the page has a card and a customer (kept across a 3-D Secure challenge). */
  paymentMethod?: string;
  pendingIntent?: string;
  redirectUrl?: string;
}

const SESSION_LIFETIME = 24 * 3600;

async function sessionAmounts(ctx: Ctx, internal: CheckoutInternal) {
  const lines = [];
  for (const item of internal.items) {
    const price = await get<Stripe.Price>(ctx, item.price, 'price');
    lines.push({
      price,
      quantity: item.quantity,
      amount: (price.unit_amount ?? 0) * item.quantity,
      name: await productName(ctx, price),
    });
  }
  const coupons = [];
  for (const [i, entry] of internal.discounts.entries())
    coupons.push(await couponFor(ctx, entry, `discounts[${i}]`));
  const taxRates = await Promise.all(internal.taxRates.map((id) => get<Stripe.TaxRate>(ctx, id, 'tax_rate')));
  const totals = computeTotals(
    lines.map((l) => ({
      description: '',
      amount: l.amount,
      quantity: l.quantity,
      price: l.price,
      period: { start: 0, end: 0 },
      proration: false,
      subscriptionItem: null,
      invoiceItem: null,
    })),
    coupons.map(({ coupon }, i) => ({ coupon, discount: { id: `di_checkout_${i}` } as Stripe.Discount })),
    taxRates,
  );
  const trial = (internal.trialDays ?? 0) > 0;
  return {
    lines,
    subtotal: totals.subtotal,
    total: trial ? 0 : totals.total,
    discount: totals.discountTotal,
    tax: totals.exclusiveTax,
    currency: lines[0]?.price.currency ?? 'usd',
  };
}

async function createSession(ctx: Ctx, params: FormObject): Promise<Stripe.Checkout.Session> {
  const mode = oneOf(
    reqStr(params, 'mode'),
    ['subscription', 'setup', 'payment'] as const,
    'mode',
  ) as Stripe.Checkout.Session.Mode;
  const uiMode = str(params, 'ui_mode') ?? 'hosted';
  const successUrl = str(params, 'success_url') ?? null;
  if (!successUrl && uiMode === 'hosted') throw missingParam('success_url');
  const customer = str(params, 'customer') ?? null;
  if (customer) await get(ctx, customer, 'customer', 'customer');
  const items = await checkoutItems(ctx, params, mode);
  const subscriptionData = obj(params, 'subscription_data') ?? {};
  const discounts = objs(params, 'discounts') ?? [];
  if (discounts.length > 0 && bool(params, 'allow_promotion_codes')) {
    throw invalidRequest(
      'You may only specify one of these parameters: allow_promotion_codes, discounts.',
      'discounts',
    );
  }
  const internal: CheckoutInternal = {
    items,
    trialDays: int(subscriptionData, 'trial_period_days', 'subscription_data[trial_period_days]') ?? null,
    subscriptionMetadata: metadata(subscriptionData),
    taxRates: strings(subscriptionData, 'default_tax_rates') ?? [],
    discounts,
  };
  for (const [i, entry] of discounts.entries()) await couponFor(ctx, entry, `discounts[${i}]`);
  for (const [i, id] of internal.taxRates.entries())
    await get(ctx, id, 'tax_rate', `subscription_data[default_tax_rates][${i}]`);
  const now = await customerNow(ctx, customer);
  const id = `cs_test_${newId('x').slice(2)}`;
  const amounts = mode === 'setup' ? null : await sessionAmounts(ctx, internal);
  const customerRecord = customer ? await find<Stripe.Customer>(ctx, customer, 'customer') : null;
  const session: Stripe.Checkout.Session = {
    id,
    object: 'checkout.session',
    adaptive_pricing: null,
    after_expiration: null,
    allow_promotion_codes: bool(params, 'allow_promotion_codes') ?? null,
    allowed_payment_method_types: null,
    amount_subtotal: amounts?.subtotal ?? null,
    amount_total: amounts?.total ?? null,
    automatic_tax: { enabled: false, liability: null, provider: null, status: null },
    billing_address_collection: null,
    cancel_url: str(params, 'cancel_url') ?? null,
    client_reference_id: str(params, 'client_reference_id') ?? null,
    client_secret: uiMode === 'hosted' ? null : clientSecretFor(id),
    collected_information: null,
    consent: null,
    consent_collection: null,
    created: now,
    currency: amounts?.currency ?? str(params, 'currency') ?? null,
    currency_conversion: null,
    custom_fields: [],
    custom_text: {
      after_submit: null,
      shipping_address: null,
      submit: null,
      terms_of_service_acceptance: null,
    },
    customer,
    customer_account: null,
    customer_creation: customer ? null : 'always',
    customer_details: customerRecord
      ? {
          address: customerRecord.address ?? null,
          business_name: null,
          email: customerRecord.email,
          individual_name: null,
          name: customerRecord.name ?? null,
          phone: null,
          tax_exempt: customerRecord.tax_exempt ?? 'none',
          tax_ids: [],
        }
      : null,
    customer_email: str(params, 'customer_email') ?? null,
    discounts: discounts.map((d) => ({
      coupon: str(d, 'coupon') ?? null,
      promotion_code: str(d, 'promotion_code') ?? null,
    })),
    expires_at: int(params, 'expires_at') ?? now + SESSION_LIFETIME,
    integration_identifier: null,
    invoice: null,
    invoice_creation: null,
    line_items: undefined,
    livemode: false,
    locale: null,
    managed_payments: null,
    metadata: metadata(params),
    mode,
    optional_items: null,
    origin_context: null,
    payment_intent: null,
    payment_link: null,
    payment_method_collection: mode === 'subscription' ? 'always' : null,
    payment_method_configuration_details: null,
    payment_method_options: null,
    payment_method_types: strings(params, 'payment_method_types') ?? ['card'],
    phone_number_collection: { enabled: false },
    payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
    permissions: null,
    presentment_details: undefined,
    recovered_from: null,
    saved_payment_method_options: null,
    setup_intent: null,
    shipping_address_collection: null,
    shipping_cost: null,
    shipping_options: [],
    status: 'open',
    submit_type: null,
    subscription: null,
    success_url: successUrl,
    total_details: amounts
      ? { amount_discount: amounts.discount, amount_shipping: 0, amount_tax: amounts.tax }
      : null,
    ui_mode: uiMode as Stripe.Checkout.Session.UiMode,
    url: uiMode === 'hosted' ? `${ctx.config.publicUrl()}/sandbox/stripe/checkout/${id}` : null,
    wallet_options: null,
  };
  delete session.line_items;
  delete session.presentment_details;
  (session as unknown as Record<string, unknown>).line_items = lineItemList(id, items, amounts?.lines ?? []);
  if (mode === 'setup') {
    const si = await createSetupIntent(
      ctx,
      {
        ...(customer ? { customer } : {}),
        usage: 'off_session',
        metadata: metadata(obj(params, 'setup_intent_data') ?? {}),
      },
      { checkoutSession: id },
    );
    session.setup_intent = si.id;
  }
  await put(ctx, session, { customer, internal: internal as unknown as Record<string, unknown> });
  return session;
}

async function expireIfDue(ctx: Ctx, session: Stripe.Checkout.Session): Promise<Stripe.Checkout.Session> {
  if (session.status !== 'open') return session;
  if ((await customerNow(ctx, session.customer as string | null)) < session.expires_at) return session;
  const expired = { ...session, status: 'expired' as const, url: null };
  await put(ctx, expired);
  await emit(ctx, 'checkout.session.expired', expired);
  return expired;
}

function redirectUrl(session: Stripe.Checkout.Session): string {
  return (session.success_url ?? '').replace('{CHECKOUT_SESSION_ID}', session.id);
}

/** Customer, card as default, then the subscription / payment / setup result; emits completed. */
async function completeCheckout(ctx: Ctx, sessionId: string): Promise<Stripe.Checkout.Session> {
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

async function confirmPage(ctx: Ctx, sessionId: string, params: FormObject) {
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
    if (done.status === 'complete') return { status: 'complete', redirect_url: redirectUrl(done) };
  }
  const completed = await completeCheckout(ctx, sessionId);
  return { status: 'complete', redirect_url: redirectUrl(completed) };
}

async function page(ctx: Ctx, sessionId: string) {
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
    success_url: session.success_url,
    cancel_url: session.cancel_url,
    ...(session.status === 'complete' ? { redirect_url: internal.redirectUrl ?? redirectUrl(session) } : {}),
  };
}

export const checkoutRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    auth: 'secret',
    accepts: [
      'mode',
      'customer',
      'customer_email',
      'client_reference_id',
      'line_items',
      'subscription_data',
      'discounts',
      'allow_promotion_codes',
      'metadata',
      'success_url',
      'cancel_url',
      'setup_intent_data',
      'payment_intent_data',
      'currency',
      'payment_method_types',
      'expires_at',
      'ui_mode',
      'locale',
      'customer_creation',
      'billing_address_collection',
      'tax_id_collection',
      'automatic_tax',
      'consent_collection',
      'customer_update',
      'return_url',
      'payment_method_collection',
    ],
    handler: (ctx, { params }) => createSession(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      return expireIfDue(ctx, await get<Stripe.Checkout.Session>(ctx, path.id ?? '', 'checkout.session'));
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    auth: 'secret',
    async handler(ctx, { path, params }) {
      const session = await get<Stripe.Checkout.Session>(ctx, path.id ?? '', 'checkout.session');
      return paginate(
        (session.line_items?.data ?? []) as Stripe.LineItem[],
        params,
        `/v1/checkout/sessions/${session.id}/line_items`,
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    auth: 'secret',
    accepts: [],
    async handler(ctx, { path }) {
      const session = await get<Stripe.Checkout.Session>(ctx, path.id ?? '', 'checkout.session');
      if (session.status !== 'open')
        throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`);
      const expired = { ...session, status: 'expired' as const, url: null };
      await put(ctx, expired);
      await emit(ctx, 'checkout.session.expired', expired);
      return expired;
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    auth: 'secret',
    async handler(ctx, { params }) {
      const customer = str(params, 'customer');
      const subscription = str(params, 'subscription');
      const status = str(params, 'status');
      const sessions = (await list<Stripe.Checkout.Session>(ctx, 'checkout.session', customer)).filter(
        (s) => (!subscription || s.subscription === subscription) && (!status || s.status === status),
      );
      return paginate(sessions, params, '/v1/checkout/sessions');
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_pages/:id',
    auth: 'publishable',
    raw: true,
    handler: (ctx, { path }) => page(ctx, path.id ?? ''),
  },
  {
    method: 'POST',
    path: '/v1/payment_pages/:id/confirm',
    auth: 'publishable',
    raw: true,
    accepts: ['payment_method', 'email'],
    handler: (ctx, { path, params }) => confirmPage(ctx, path.id ?? '', params),
  },
];
