import type Stripe from 'stripe';
import { computeTotals } from '../billing/amounts';
import { createSetupIntent } from '../billing/setup-intents';
import { couponFor } from '../billing/subscription-discounts';
import { productName } from '../billing/subscription-items';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import type { FormObject } from '../form-body';
import { clientSecretFor, newId } from '../ids';
import { bool, int, metadata, obj, objs, oneOf, reqStr, str, strings } from '../params';
import { find, get, put } from '../store';
import { type CheckoutItem, checkoutItems, lineItemList } from './checkout-line-items';

/**
 * Checkout sessions (subscription, setup and payment modes) and the hosted page's two calls:
 * read the page (`payment_pages/:id`) and pay (`payment_pages/:id/confirm`).
 */

export interface CheckoutInternal {
  items: CheckoutItem[];
  trialDays: number | null;
  subscriptionMetadata: Record<string, string>;
  taxRates: string[];
  discounts: FormObject[];
  /** Set once the page has a card and a customer (kept across a 3-D Secure challenge). */
  paymentMethod?: string;
  pendingIntent?: string;
  /** Where the browser goes once complete: handed out once, then forgotten (takeRedirectUrl). */
  redirectUrl?: string | null;
}

export const SESSION_LIFETIME = 24 * 3600;

export async function sessionAmounts(ctx: Ctx, internal: CheckoutInternal) {
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

export async function createSession(ctx: Ctx, params: FormObject): Promise<Stripe.Checkout.Session> {
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
