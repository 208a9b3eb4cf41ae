import type Stripe from 'stripe';
import { planOf } from '../api/catalogue';
import { attachPaymentMethod } from '../api/payment-methods';
import { addInterval, customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam, StripeError } from '../errors';
import { changedAttributes, emit } from '../events';
import type { FormObject } from '../form-body';
import { decimal, newId } from '../ids';
import { int, metadata, obj, objs, oneOf, str, strings } from '../params';
import { find, get, getRow, list, listRows, put, setInternal } from '../store';
import {
  type AppliedDiscount,
  type DraftLine,
  formatMoney,
  periodDescription,
  prorate,
  remainingTimeDescription,
  trialDescription,
  unusedTimeDescription,
} from './amounts';
import {
  attemptInvoicePayment,
  buildInvoice,
  createInvoice,
  ensureInvoicePaymentIntent,
  finalizeInvoice,
  type InvoiceInput,
} from './invoices';

/** Subscriptions: creation, updates with proration, cancellation, and what their invoices do to them. */

export interface ItemSpec {
  id: string;
  price: Stripe.Price;
  quantity: number;
}

export interface SubInternal {
  /** An update waiting for its invoice to be paid (payment_behavior pending_if_incomplete). */
  pendingUpdate?: { items: ItemSpec[]; anchorNow: boolean; invoice: string };
  trialWillEndSent?: boolean;
}

export type PaymentBehavior =
  | 'allow_incomplete'
  | 'default_incomplete'
  | 'error_if_incomplete'
  | 'pending_if_incomplete';
const PAYMENT_BEHAVIORS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
  'pending_if_incomplete',
] as const;
const PRORATION_BEHAVIORS = ['create_prorations', 'always_invoice', 'none'] as const;
const PENDING_UPDATE_PARAMS = [
  'expand',
  'payment_behavior',
  'proration_behavior',
  'proration_date',
  'billing_cycle_anchor',
  'items',
  'trial_end',
  'trial_from_plan',
  'add_invoice_items',
  'off_session',
];

export async function productName(ctx: Ctx, price: Stripe.Price): Promise<string> {
  const product = await find<Stripe.Product>(ctx, price.product as string, 'product');
  return product?.name ?? String(price.product);
}

function buildItem(
  sub: string,
  spec: ItemSpec,
  period: { start: number; end: number },
  created: number,
): Stripe.SubscriptionItem {
  return {
    id: spec.id,
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    current_trial: null,
    discounts: [],
    metadata: {},
    plan: planOf(spec.price),
    price: spec.price,
    quantity: spec.quantity,
    subscription: sub,
    tax_rates: [],
  };
}

function periodOf(sub: Stripe.Subscription): { start: number; end: number } {
  const item = sub.items.data[0];
  return {
    start: item?.current_period_start ?? sub.start_date,
    end: item?.current_period_end ?? sub.start_date,
  };
}

function setItems(
  sub: Stripe.Subscription,
  specs: ItemSpec[],
  period: { start: number; end: number },
  now: number,
) {
  const old = new Map(sub.items.data.map((item) => [item.id, item]));
  sub.items = {
    object: 'list',
    has_more: false,
    url: `/v1/subscription_items?subscription=${sub.id}`,
    total_count: specs.length,
    data: specs.map((spec) => buildItem(sub.id, spec, period, old.get(spec.id)?.created ?? now)),
  } as Stripe.ApiList<Stripe.SubscriptionItem>;
}

function specsOf(sub: Stripe.Subscription): ItemSpec[] {
  return sub.items.data.map((item) => ({ id: item.id, price: item.price, quantity: item.quantity ?? 1 }));
}

async function resolvePrice(ctx: Ctx, item: FormObject, param: string): Promise<Stripe.Price> {
  const priceId = str(item, 'price') ?? str(item, 'plan');
  if (priceId) {
    const price = await get<Stripe.Price>(ctx, priceId, 'price', param);
    if (!price.recurring) {
      throw invalidRequest(
        `The price specified is set to \`type=one_time\` but this field only accepts prices with \`type=recurring\`.`,
        param,
      );
    }
    return price;
  }
  throw missingParam(param);
}

/** discounts[i][coupon|promotion_code] -> stored Discount objects. */
async function createDiscounts(
  ctx: Ctx,
  params: FormObject[],
  target: { customer: string; subscription: string | null; checkoutSession?: string },
  now: number,
): Promise<Stripe.Discount[]> {
  const discounts: Stripe.Discount[] = [];
  for (const [i, entry] of params.entries()) {
    const existing = str(entry, 'discount');
    if (existing) {
      discounts.push(await get<Stripe.Discount>(ctx, existing, 'discount', `discounts[${i}][discount]`));
      continue;
    }
    const { coupon, promotionCode } = await couponFor(ctx, entry, `discounts[${i}]`);
    const discount: Stripe.Discount = {
      id: newId('di'),
      object: 'discount',
      checkout_session: target.checkoutSession ?? null,
      customer: target.customer,
      customer_account: null,
      end: coupon.duration === 'repeating' ? addInterval(now, 'month', coupon.duration_in_months ?? 1) : null,
      invoice: null,
      invoice_item: null,
      promotion_code: promotionCode?.id ?? null,
      source: { coupon: coupon.id, type: 'coupon' },
      start: now,
      subscription: target.subscription,
      subscription_item: null,
    };
    await put(ctx, discount, { customer: target.customer });
    await put(ctx, { ...coupon, times_redeemed: coupon.times_redeemed + 1 });
    if (promotionCode) await put(ctx, { ...promotionCode, times_redeemed: promotionCode.times_redeemed + 1 });
    discounts.push(discount);
  }
  return discounts;
}

export async function couponFor(ctx: Ctx, entry: FormObject, param: string) {
  const couponId = str(entry, 'coupon');
  const promoId = str(entry, 'promotion_code');
  let promotionCode: Stripe.PromotionCode | null = null;
  let coupon: Stripe.Coupon;
  if (promoId) {
    promotionCode = await get<Stripe.PromotionCode>(
      ctx,
      promoId,
      'promotion_code',
      `${param}[promotion_code]`,
    );
    if (!promotionCode.active)
      throw invalidRequest(`This promotion code is inactive.`, `${param}[promotion_code]`);
    coupon = await get<Stripe.Coupon>(ctx, promotionCode.promotion.coupon as string, 'coupon');
  } else if (couponId) {
    coupon = await get<Stripe.Coupon>(ctx, couponId, 'coupon', `${param}[coupon]`);
  } else {
    throw missingParam(`${param}[coupon]`);
  }
  if (!coupon.valid) throw invalidRequest(`Coupon expired: ${coupon.id}`, `${param}[coupon]`);
  return { coupon, promotionCode };
}

/** The discounts that still apply at `now`. */
export async function activeDiscounts(
  ctx: Ctx,
  ids: Array<string | Stripe.Discount>,
  now: number,
): Promise<AppliedDiscount[]> {
  const applied: AppliedDiscount[] = [];
  for (const ref of ids) {
    const discount = typeof ref === 'string' ? await find<Stripe.Discount>(ctx, ref, 'discount') : ref;
    if (!discount || (discount.end !== null && discount.end <= now)) continue;
    const coupon = await find<Stripe.Coupon>(ctx, discount.source.coupon as string, 'coupon');
    if (coupon) applied.push({ discount, coupon });
  }
  return applied;
}

async function taxRatesOf(ctx: Ctx, params: FormObject, key: string): Promise<Stripe.TaxRate[] | undefined> {
  if (params[key] === '') return [];
  const ids = strings(params, key);
  if (!ids) return undefined;
  return Promise.all(ids.map((id, i) => get<Stripe.TaxRate>(ctx, id, 'tax_rate', `${key}[${i}]`)));
}

async function periodLines(
  ctx: Ctx,
  specs: ItemSpec[],
  period: { start: number; end: number },
  trial: boolean,
): Promise<DraftLine[]> {
  const lines: DraftLine[] = [];
  for (const spec of specs) {
    const name = await productName(ctx, spec.price);
    lines.push({
      description: trial ? trialDescription(name) : periodDescription(spec.quantity, name, spec.price),
      amount: trial ? 0 : (spec.price.unit_amount ?? 0) * spec.quantity,
      quantity: spec.quantity,
      price: spec.price,
      period,
      proration: false,
      subscriptionItem: spec.id,
      invoiceItem: null,
    });
  }
  return lines;
}

/** Prorations already created (create_prorations) and not yet invoiced. */
async function pendingItemLines(ctx: Ctx, subId: string, customer: string): Promise<DraftLine[]> {
  const rows = await listRows<Stripe.InvoiceItem>(ctx, 'invoiceitem', customer);
  return rows
    .filter(
      (row) => row.data.invoice === null && row.data.parent?.subscription_details?.subscription === subId,
    )
    .reverse()
    .map((row) => ({
      description: row.data.description ?? '',
      amount: row.data.amount,
      quantity: row.data.quantity,
      price: row.internal.price as Stripe.Price,
      period: row.data.period,
      proration: row.data.proration,
      subscriptionItem: row.data.parent?.subscription_details?.subscription_item ?? null,
      invoiceItem: row.data.id,
    }));
}

async function invoiceInput(
  ctx: Ctx,
  sub: Stripe.Subscription,
  reason: Stripe.Invoice.BillingReason,
  lines: DraftLine[],
  period: { start: number; end: number },
  now: number,
): Promise<InvoiceInput> {
  const customer = await get<Stripe.Customer>(ctx, sub.customer as string, 'customer');
  return {
    customer,
    subscription: sub,
    billingReason: reason,
    lines,
    discounts: await activeDiscounts(ctx, sub.discounts, now),
    taxRates: sub.default_tax_rates ?? [],
    periodStart: period.start,
    periodEnd: period.end,
    defaultPaymentMethod: null,
    collectionMethod: sub.collection_method,
  };
}

/** A `once` coupon is spent by the first invoice that charged something. */
async function spendOnceDiscounts(
  ctx: Ctx,
  sub: Stripe.Subscription,
  invoice: Stripe.Invoice,
): Promise<void> {
  if (invoice.subtotal <= 0) return;
  const keep: Array<string | Stripe.Discount> = [];
  for (const ref of sub.discounts) {
    const discount = await find<Stripe.Discount>(ctx, typeof ref === 'string' ? ref : ref.id, 'discount');
    const coupon = discount
      ? await find<Stripe.Coupon>(ctx, discount.source.coupon as string, 'coupon')
      : null;
    if (coupon?.duration === 'once' && invoice.discounts.includes(discount?.id ?? '')) continue;
    keep.push(ref);
  }
  sub.discounts = keep;
}

/** Creates, finalizes and (unless told not to) charges a subscription invoice. */
async function invoiceSubscription(
  ctx: Ctx,
  sub: Stripe.Subscription,
  input: InvoiceInput,
  options: { charge: boolean; internal?: Record<string, unknown> },
): Promise<Stripe.Invoice> {
  const draft = await createInvoice(ctx, input, options.internal ?? {});
  sub.latest_invoice = draft.id;
  await spendOnceDiscounts(ctx, sub, draft);
  await put(ctx, sub);
  let invoice = await finalizeInvoice(ctx, draft.id);
  if (invoice.status === 'open' && options.charge) {
    invoice = await attemptInvoicePayment(ctx, draft.id, { onSession: false });
  } else if (invoice.status === 'open') {
    // default_incomplete: a payment intent waits for the browser to confirm it.
    invoice = await ensureInvoicePaymentIntent(ctx, draft.id);
  }
  return invoice;
}

async function reload(ctx: Ctx, id: string): Promise<Stripe.Subscription> {
  return structuredClone(await get<Stripe.Subscription>(ctx, id, 'subscription'));
}

async function save(
  ctx: Ctx,
  before: Stripe.Subscription | null,
  sub: Stripe.Subscription,
): Promise<Stripe.Subscription> {
  await put(ctx, sub);
  if (before) {
    const changed = changedAttributes(before, sub);
    if (Object.keys(changed).length > 0) await emit(ctx, 'customer.subscription.updated', sub, changed);
  }
  return sub;
}

// ---------- create ----------

export async function createSubscription(
  ctx: Ctx,
  params: FormObject,
  options: { checkoutSession?: string } = {},
): Promise<Stripe.Subscription> {
  const customerId = str(params, 'customer');
  if (!customerId) throw missingParam('customer');
  const customer = await get<Stripe.Customer>(ctx, customerId, 'customer', 'customer');
  const itemParams = objs(params, 'items');
  if (!itemParams || itemParams.length === 0) throw missingParam('items');
  const now = await customerNow(ctx, customerId);
  const id = newId('sub');
  const specs: ItemSpec[] = [];
  for (const [i, item] of itemParams.entries()) {
    const quantity = int(item, 'quantity', `items[${i}][quantity]`) ?? 1;
    if (quantity < 0) throw invalidRequest('Invalid positive integer', `items[${i}][quantity]`);
    specs.push({ id: newId('si'), price: await resolvePrice(ctx, item, `items[${i}][price]`), quantity });
  }
  const first = specs[0] as ItemSpec;
  const currency = first.price.currency;
  const behavior =
    oneOf(str(params, 'payment_behavior'), PAYMENT_BEHAVIORS, 'payment_behavior') ?? 'allow_incomplete';
  const trialEndParam = str(params, 'trial_end');
  const trialDays = int(params, 'trial_period_days');
  let trialEnd: number | null = null;
  if (trialEndParam && trialEndParam !== 'now') {
    trialEnd = int(params, 'trial_end') ?? null;
    if (trialEnd !== null && trialEnd <= now)
      throw invalidRequest(
        'Invalid timestamp: must be an integer Unix timestamp in the future.',
        'trial_end',
      );
  } else if (trialDays !== undefined && trialDays > 0) {
    trialEnd = now + trialDays * 86_400;
  }
  const pmId = str(params, 'default_payment_method') ?? null;
  if (pmId) {
    const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method', 'default_payment_method');
    if (pm.customer !== customerId) {
      throw invalidRequest(
        `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
        'default_payment_method',
      );
    }
  }
  const period = {
    start: now,
    end:
      trialEnd ??
      addInterval(
        now,
        first.price.recurring?.interval ?? 'month',
        first.price.recurring?.interval_count ?? 1,
      ),
  };
  const trialSettings = obj(params, 'trial_settings');
  const endBehavior = trialSettings ? obj(trialSettings, 'end_behavior') : undefined;
  const missingPm = endBehavior
    ? oneOf(
        str(endBehavior, 'missing_payment_method'),
        ['cancel', 'create_invoice', 'pause'] as const,
        'trial_settings[end_behavior][missing_payment_method]',
      )
    : undefined;
  const cancelAt = int(params, 'cancel_at') ?? null;
  const cancelAtPeriodEnd = str(params, 'cancel_at_period_end') === 'true';
  const sub: Stripe.Subscription = {
    id,
    object: 'subscription',
    application: null,
    application_fee_percent: null,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null },
    billing_cycle_anchor: period.end === trialEnd ? trialEnd : now,
    billing_cycle_anchor_config: null,
    billing_mode: { flexible: null, type: 'classic' } as Stripe.Subscription.BillingMode,
    billing_schedules: [],
    billing_thresholds: null,
    cancel_at: cancelAtPeriodEnd ? period.end : cancelAt,
    cancel_at_period_end: cancelAtPeriodEnd,
    canceled_at: cancelAtPeriodEnd || cancelAt ? now : null,
    cancellation_details: {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: cancelAtPeriodEnd || cancelAt ? 'cancellation_requested' : null,
    },
    collection_method:
      (str(params, 'collection_method') as Stripe.Subscription.CollectionMethod | undefined) ??
      'charge_automatically',
    created: now,
    currency,
    customer: customerId,
    customer_account: null,
    days_until_due: null,
    default_payment_method: pmId,
    default_source: null,
    default_tax_rates: (await taxRatesOf(ctx, params, 'default_tax_rates')) ?? [],
    description: str(params, 'description') ?? null,
    discounts: [],
    ended_at: null,
    invoice_settings: {
      account_tax_ids: null,
      custom_fields: null,
      description: null,
      footer: null,
      issuer: { type: 'self' },
    } as unknown as Stripe.Subscription.InvoiceSettings,
    items: { object: 'list', data: [], has_more: false, url: '' },
    latest_invoice: null,
    livemode: false,
    managed_payments: null,
    metadata: metadata(params),
    next_pending_invoice_item_invoice: null,
    on_behalf_of: null,
    pause_collection: null,
    payment_settings: {
      payment_method_options: null,
      payment_method_types: null,
      save_default_payment_method:
        (str(obj(params, 'payment_settings') ?? {}, 'save_default_payment_method') as
          | 'on_subscription'
          | undefined) ?? 'off',
    },
    pending_invoice_item_interval: null,
    pending_setup_intent: null,
    pending_update: null,
    schedule: null,
    start_date: now,
    status: trialEnd ? 'trialing' : 'incomplete',
    test_clock: customer.test_clock ?? null,
    transfer_data: null,
    trial_end: trialEnd,
    trial_settings: {
      end_behavior: { billing_cycle_anchor: null, missing_payment_method: missingPm ?? 'create_invoice' },
    },
    trial_start: trialEnd ? now : null,
  };
  setItems(sub, specs, period, now);
  const discountParams = objs(params, 'discounts') ?? [];
  const couponParam = str(params, 'coupon');
  const promoParam = str(params, 'promotion_code');
  if (couponParam) discountParams.push({ coupon: couponParam });
  if (promoParam) discountParams.push({ promotion_code: promoParam });
  sub.discounts = (
    await createDiscounts(
      ctx,
      discountParams,
      { customer: customerId, subscription: id, checkoutSession: options.checkoutSession },
      now,
    )
  ).map((d) => d.id);
  await put(ctx, sub, { internal: {} });
  await emit(ctx, 'customer.subscription.created', sub);
  const input = await invoiceInput(
    ctx,
    sub,
    'subscription_create',
    await periodLines(ctx, specs, period, trialEnd !== null),
    period,
    now,
  );
  const invoice = await invoiceSubscription(ctx, sub, input, { charge: behavior !== 'default_incomplete' });
  const after = await reload(ctx, id);
  if (behavior === 'error_if_incomplete' && invoice.status !== 'paid') throw await paymentError(ctx, invoice);
  ctx.notes.push(`${id}: created (${after.status})`);
  return after;
}

/** The 402 an unpaid invoice answers with under error_if_incomplete. */
async function paymentError(ctx: Ctx, invoice: Stripe.Invoice): Promise<StripeError> {
  const internal = (await getRow<Stripe.Invoice>(ctx, invoice.id, 'invoice')).internal as {
    paymentIntent?: string;
  };
  const pi = internal.paymentIntent
    ? await find<Stripe.PaymentIntent>(ctx, internal.paymentIntent, 'payment_intent')
    : null;
  if (pi?.status === 'requires_action') {
    return new StripeError(402, {
      type: 'card_error',
      code: 'authentication_required',
      decline_code: 'authentication_required',
      message: 'Your card was declined. This transaction requires authentication.',
      payment_intent: pi,
    });
  }
  const error = pi?.last_payment_error;
  return new StripeError(402, {
    type: 'card_error',
    code: error?.code ?? 'card_declined',
    decline_code: error?.decline_code,
    message: error?.message ?? 'This customer has no attached payment source or default payment method.',
    ...(pi ? { payment_intent: pi } : {}),
  });
}

// ---------- update ----------

export interface UpdatePlan {
  specs: ItemSpec[];
  itemsChanged: boolean;
  anchorNow: boolean;
  prorationDate: number;
  prorationBehavior: 'create_prorations' | 'always_invoice' | 'none';
  /** Proration lines (credit for unused time, charge for remaining time). */
  prorations: DraftLine[];
  /** When the interval changes, the new period's full charge. */
  newPeriodLines: DraftLine[];
  newPeriod: { start: number; end: number };
}

/** What an items change would bill: shared by update and createPreview so both agree to the cent. */
export async function planItemsChange(
  ctx: Ctx,
  sub: Stripe.Subscription,
  itemParams: FormObject[] | undefined,
  prorationBehavior: UpdatePlan['prorationBehavior'],
  prorationDate: number,
  now: number,
  paramPrefix = 'items',
): Promise<UpdatePlan> {
  const old = specsOf(sub);
  let specs = old.map((s) => ({ ...s }));
  for (const [i, item] of (itemParams ?? []).entries()) {
    const itemId = str(item, 'id');
    const quantity = int(item, 'quantity', `${paramPrefix}[${i}][quantity]`);
    const hasPrice = str(item, 'price') ?? str(item, 'plan');
    if (itemId) {
      const index = specs.findIndex((s) => s.id === itemId);
      if (index < 0)
        throw invalidRequest(
          `No such subscription item: '${itemId}'`,
          `${paramPrefix}[${i}][id]`,
          'resource_missing',
        );
      if (str(item, 'deleted') === 'true') {
        specs.splice(index, 1);
        continue;
      }
      const current = specs[index] as ItemSpec;
      specs[index] = {
        id: current.id,
        price: hasPrice ? await resolvePrice(ctx, item, `${paramPrefix}[${i}][price]`) : current.price,
        quantity: quantity ?? current.quantity,
      };
    } else {
      const price = await resolvePrice(ctx, item, `${paramPrefix}[${i}][price]`);
      if (specs.some((s) => s.price.id === price.id)) {
        throw invalidRequest(
          `Cannot add multiple subscription items with the same plan: ${price.id}`,
          `${paramPrefix}[${i}][price]`,
        );
      }
      specs.push({ id: newId('si'), price, quantity: quantity ?? 1 });
    }
  }
  if (specs.length === 0) specs = old;
  const itemsChanged =
    JSON.stringify(specs.map((s) => [s.id, s.price.id, s.quantity])) !==
    JSON.stringify(old.map((s) => [s.id, s.price.id, s.quantity]));
  const period = periodOf(sub);
  const intervalOf = (s: ItemSpec) => `${s.price.recurring?.interval}/${s.price.recurring?.interval_count}`;
  const anchorNow =
    itemsChanged &&
    sub.status !== 'trialing' &&
    intervalOf(specs[0] as ItemSpec) !== intervalOf(old[0] as ItemSpec);
  const plan: UpdatePlan = {
    specs,
    itemsChanged,
    anchorNow,
    prorationDate,
    prorationBehavior,
    prorations: [],
    newPeriodLines: [],
    newPeriod: period,
  };
  if (!itemsChanged || sub.status === 'trialing' || sub.status === 'canceled') return plan;
  const first = specs[0] as ItemSpec;
  if (anchorNow) {
    plan.newPeriod = {
      start: now,
      end: addInterval(
        now,
        first.price.recurring?.interval ?? 'month',
        first.price.recurring?.interval_count ?? 1,
      ),
    };
    plan.newPeriodLines = await periodLines(ctx, specs, plan.newPeriod, false);
  }
  if (prorationBehavior === 'none') return plan;
  const from = anchorNow ? now : prorationDate;
  const prorationPeriod = { start: from, end: period.end };
  for (const before of old) {
    const after = specs.find((s) => s.id === before.id);
    const unchanged =
      after && after.price.id === before.price.id && after.quantity === before.quantity && !anchorNow;
    if (unchanged) continue;
    const name = await productName(ctx, before.price);
    plan.prorations.push({
      description: unusedTimeDescription(before.quantity, name, from),
      amount: -prorate((before.price.unit_amount ?? 0) * before.quantity, from, period),
      quantity: before.quantity,
      price: before.price,
      period: prorationPeriod,
      proration: true,
      subscriptionItem: before.id,
      invoiceItem: null,
    });
  }
  if (!anchorNow) {
    for (const after of specs) {
      const before = old.find((s) => s.id === after.id);
      if (before && before.price.id === after.price.id && before.quantity === after.quantity) continue;
      const name = await productName(ctx, after.price);
      plan.prorations.push({
        description: remainingTimeDescription(after.quantity, name, from),
        amount: prorate((after.price.unit_amount ?? 0) * after.quantity, from, period),
        quantity: after.quantity,
        price: after.price,
        period: prorationPeriod,
        proration: true,
        subscriptionItem: after.id,
        invoiceItem: null,
      });
    }
  }
  return plan;
}

/** Prorations become invoice items, as Stripe records them, billed now or with the next renewal. */
async function recordInvoiceItems(
  ctx: Ctx,
  sub: Stripe.Subscription,
  lines: DraftLine[],
  now: number,
): Promise<DraftLine[]> {
  const recorded: DraftLine[] = [];
  for (const line of lines) {
    const item: Stripe.InvoiceItem = {
      id: newId('ii'),
      object: 'invoiceitem',
      amount: line.amount,
      currency: line.price.currency,
      customer: sub.customer as string,
      customer_account: null,
      date: now,
      description: line.description,
      discountable: true,
      discounts: [],
      invoice: null,
      livemode: false,
      metadata: {},
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: sub.id, subscription_item: line.subscriptionItem ?? undefined },
      } as Stripe.InvoiceItem.Parent,
      period: line.period,
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product as string },
        unit_amount_decimal: line.price.unit_amount_decimal,
      },
      proration: true,
      quantity: line.quantity,
      quantity_decimal: decimal(line.quantity),
      tax_rates: null,
      test_clock: sub.test_clock as string | null,
    };
    await put(ctx, item, { customer: sub.customer as string, internal: { price: line.price } });
    await emit(ctx, 'invoiceitem.created', item);
    recorded.push({ ...line, invoiceItem: item.id });
  }
  return recorded;
}

function applyItems(
  sub: Stripe.Subscription,
  specs: ItemSpec[],
  anchorNow: boolean,
  newPeriod: { start: number; end: number },
  now: number,
) {
  const period = anchorNow ? newPeriod : periodOf(sub);
  setItems(sub, specs, period, now);
  if (anchorNow) sub.billing_cycle_anchor = newPeriod.start;
  if (sub.cancel_at_period_end) sub.cancel_at = period.end;
}

export async function updateSubscription(
  ctx: Ctx,
  id: string,
  params: FormObject,
): Promise<Stripe.Subscription> {
  const row = await getRow<Stripe.Subscription>(ctx, id, 'subscription');
  const before = row.data;
  const sub = structuredClone(before);
  const internal = row.internal as SubInternal;
  if (sub.status === 'canceled' || sub.status === 'incomplete_expired') {
    throw invalidRequest(
      `A canceled subscription can only update its cancellation_details and metadata.`,
      undefined,
      'subscription_canceled',
    );
  }
  const now = await customerNow(ctx, sub.customer as string);
  const behavior =
    oneOf(str(params, 'payment_behavior'), PAYMENT_BEHAVIORS, 'payment_behavior') ?? 'allow_incomplete';
  if (behavior === 'pending_if_incomplete') {
    // Stripe: a pending update may only carry what changes the bill.
    const extra = Object.keys(params).filter((key) => !PENDING_UPDATE_PARAMS.includes(key));
    if (extra.length > 0) {
      throw invalidRequest(
        `The following parameters cannot be used with \`payment_behavior=pending_if_incomplete\`: ${extra.join(', ')}.`,
        extra[0],
      );
    }
  }
  const prorationBehavior =
    oneOf(str(params, 'proration_behavior'), PRORATION_BEHAVIORS, 'proration_behavior') ??
    'create_prorations';
  const prorationDate = int(params, 'proration_date') ?? now;

  sub.metadata = metadata(params, sub.metadata);
  if (params.description !== undefined) sub.description = str(params, 'description') || null;
  const pmId = str(params, 'default_payment_method');
  if (pmId !== undefined) {
    if (pmId) {
      const pm = await get<Stripe.PaymentMethod>(ctx, pmId, 'payment_method', 'default_payment_method');
      if (pm.customer !== sub.customer)
        throw invalidRequest(
          `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
          'default_payment_method',
        );
    }
    sub.default_payment_method = pmId || null;
  }
  const rates = await taxRatesOf(ctx, params, 'default_tax_rates');
  if (rates) sub.default_tax_rates = rates;
  if (params.discounts !== undefined) {
    sub.discounts =
      params.discounts === ''
        ? []
        : (
            await createDiscounts(
              ctx,
              objs(params, 'discounts') ?? [],
              { customer: sub.customer as string, subscription: id },
              now,
            )
          ).map((d) => d.id);
  }
  const cancelAtPeriodEnd = str(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) {
    sub.cancel_at_period_end = cancelAtPeriodEnd === 'true';
    sub.cancel_at = sub.cancel_at_period_end ? periodOf(sub).end : null;
  }
  if (params.cancel_at !== undefined) {
    const cancelAt = params.cancel_at === '' ? null : (int(params, 'cancel_at') ?? null);
    sub.cancel_at = cancelAt;
    sub.cancel_at_period_end = cancelAt !== null && cancelAt === periodOf(sub).end;
  }
  if (sub.cancel_at !== before.cancel_at || sub.cancel_at_period_end !== before.cancel_at_period_end) {
    const scheduled = sub.cancel_at !== null;
    sub.canceled_at = scheduled ? now : null;
    const details = obj(params, 'cancellation_details');
    sub.cancellation_details = {
      comment: details ? (str(details, 'comment') ?? null) : null,
      feedback: details
        ? ((str(details, 'feedback') as Stripe.Subscription.CancellationDetails.Feedback | undefined) ?? null)
        : null,
      feedback_option: null,
      reason: scheduled ? 'cancellation_requested' : null,
    };
  }
  const trialSettings = obj(params, 'trial_settings');
  const endBehavior = trialSettings ? obj(trialSettings, 'end_behavior') : undefined;
  if (endBehavior) {
    sub.trial_settings = {
      end_behavior: {
        billing_cycle_anchor: null,
        missing_payment_method: (str(endBehavior, 'missing_payment_method') as 'cancel') ?? 'create_invoice',
      },
    };
  }

  const plan = await planItemsChange(ctx, sub, objs(params, 'items'), prorationBehavior, prorationDate, now);
  const trialEndParam = str(params, 'trial_end');
  if (!plan.itemsChanged && !trialEndParam) {
    await save(ctx, before, sub);
    return sub;
  }
  if (behavior === 'pending_if_incomplete' && sub.pending_update) {
    throw invalidRequest(
      'This subscription has a pending update. Pay or void its invoice before making another update.',
      'items',
    );
  }
  if (sub.status === 'trialing' && trialEndParam !== 'now') {
    // During a trial nothing is billed: the new items simply take over the trial period.
    applyItems(sub, plan.specs, false, plan.newPeriod, now);
    if (trialEndParam) {
      const trialEnd = int(params, 'trial_end') ?? now;
      sub.trial_end = trialEnd;
      setItems(sub, plan.specs, { start: periodOf(sub).start, end: trialEnd }, now);
    }
    await save(ctx, before, sub);
    return sub;
  }
  if (trialEndParam === 'now' && sub.status === 'trialing') {
    applyItems(sub, plan.specs, false, plan.newPeriod, now);
    await put(ctx, sub);
    await endTrial(ctx, sub.id, now);
    const after = await reload(ctx, id);
    await emit(ctx, 'customer.subscription.updated', after, changedAttributes(before, after));
    return after;
  }

  const invoiceNow = plan.anchorNow || prorationBehavior === 'always_invoice';
  if (!invoiceNow) {
    if (plan.prorations.length > 0) await recordInvoiceItems(ctx, sub, plan.prorations, now);
    applyItems(sub, plan.specs, false, plan.newPeriod, now);
    await save(ctx, before, sub);
    return sub;
  }
  const prorations = await recordInvoiceItems(ctx, sub, plan.prorations, now);
  const pending = await pendingItemLines(ctx, sub.id, sub.customer as string);
  const others = pending.filter((line) => !prorations.some((p) => p.invoiceItem === line.invoiceItem));
  const lines = [...others, ...prorations, ...plan.newPeriodLines];
  const invoicePeriod = plan.anchorNow ? plan.newPeriod : { start: prorationDate, end: periodOf(sub).end };
  const pendingMode = behavior === 'pending_if_incomplete';
  // Under pending_if_incomplete nothing changes until the invoice is paid; otherwise apply first.
  if (!pendingMode) applyItems(sub, plan.specs, plan.anchorNow, plan.newPeriod, now);
  const input = await invoiceInput(ctx, sub, 'subscription_update', lines, invoicePeriod, now);
  input.prorationDate = prorationDate;
  if (pendingMode) {
    // Stored before the charge, so a payment that succeeds at once applies it through the invoice hook.
    const subInternal: SubInternal = {
      ...internal,
      pendingUpdate: { items: plan.specs, anchorNow: plan.anchorNow, invoice: '' },
    };
    await put(ctx, sub, { internal: subInternal as Record<string, unknown> });
  } else {
    await put(ctx, sub);
  }
  const invoice = await invoiceSubscription(ctx, sub, input, {
    charge: behavior !== 'default_incomplete',
    internal: pendingMode ? { pendingUpdateFor: sub.id } : {},
  });
  if (behavior === 'error_if_incomplete' && invoice.status !== 'paid') throw await paymentError(ctx, invoice);
  const after = await reload(ctx, id);
  if (pendingMode && invoice.status !== 'paid') {
    const afterRow = await getRow<Stripe.Subscription>(ctx, id, 'subscription');
    after.pending_update = {
      billing_cycle_anchor: plan.anchorNow ? plan.newPeriod.start : null,
      expires_at: now + 23 * 3600,
      subscription_items: plan.specs.map((spec) =>
        buildItem(id, spec, plan.anchorNow ? plan.newPeriod : periodOf(after), now),
      ),
      trial_end: null,
      trial_from_plan: null,
    } as unknown as Stripe.Subscription.PendingUpdate;
    const pendingInternal: SubInternal = {
      ...(afterRow.internal as SubInternal),
      pendingUpdate: { items: plan.specs, anchorNow: plan.anchorNow, invoice: invoice.id },
    };
    await put(ctx, after, { internal: pendingInternal as Record<string, unknown> });
    ctx.notes.push(`${id}: update pending until invoice ${invoice.id} is paid`);
  } else if (!pendingMode && invoice.status !== 'paid' && after.status === 'active') {
    after.status = 'past_due';
    await put(ctx, after);
  }
  await emit(ctx, 'customer.subscription.updated', after, changedAttributes(before, after));
  return after;
}

/** Applies the update that waited for its invoice (pending_if_incomplete) once that invoice is paid. */
export async function applyPendingUpdate(ctx: Ctx, subId: string): Promise<void> {
  const row = await getRow<Stripe.Subscription>(ctx, subId, 'subscription');
  const internal = row.internal as SubInternal;
  const pending = internal.pendingUpdate;
  if (!pending) return;
  const before = row.data;
  const sub = structuredClone(before);
  const now = await customerNow(ctx, sub.customer as string);
  const first = pending.items[0] as ItemSpec;
  const newPeriod = pending.anchorNow
    ? {
        start: now,
        end: addInterval(
          now,
          first.price.recurring?.interval ?? 'month',
          first.price.recurring?.interval_count ?? 1,
        ),
      }
    : periodOf(sub);
  applyItems(sub, pending.items, pending.anchorNow, newPeriod, now);
  sub.pending_update = null;
  if (sub.status === 'past_due' || sub.status === 'incomplete') sub.status = 'active';
  await put(ctx, sub, { internal: { ...internal, pendingUpdate: undefined } });
  await emit(ctx, 'customer.subscription.pending_update_applied', sub, changedAttributes(before, sub));
  await emit(ctx, 'customer.subscription.updated', sub, changedAttributes(before, sub));
}

// ---------- invoice outcomes ----------

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
    const { paymentIntent } = (await getRow<Stripe.Invoice>(ctx, invoice.id, 'invoice')).internal as {
      paymentIntent?: string;
    };
    const pi = paymentIntent ? await find<Stripe.PaymentIntent>(ctx, paymentIntent, 'payment_intent') : null;
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

// ---------- cancel, trial end, renewal ----------

export async function cancelSubscription(ctx: Ctx, id: string, at?: number): Promise<Stripe.Subscription> {
  const before = await get<Stripe.Subscription>(ctx, id, 'subscription');
  if (before.status === 'canceled') return before;
  const sub = structuredClone(before);
  const now = at ?? (await customerNow(ctx, sub.customer as string));
  sub.status = 'canceled';
  sub.ended_at = now;
  sub.canceled_at = sub.canceled_at ?? now;
  sub.cancellation_details = {
    comment: sub.cancellation_details?.comment ?? null,
    feedback: sub.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: sub.cancellation_details?.reason ?? 'cancellation_requested',
  };
  const row = await getRow<Stripe.Subscription>(ctx, id, 'subscription');
  await put(ctx, sub, { internal: { ...row.internal, pendingUpdate: undefined } });
  await emit(ctx, 'customer.subscription.deleted', sub);
  ctx.notes.push(`${id}: canceled`);
  return sub;
}

async function endTrial(ctx: Ctx, id: string, at: number): Promise<void> {
  const before = await reload(ctx, id);
  const sub = structuredClone(before);
  const customer = await get<Stripe.Customer>(ctx, sub.customer as string, 'customer');
  const hasCard = Boolean(sub.default_payment_method ?? customer.invoice_settings.default_payment_method);
  const missing = sub.trial_settings?.end_behavior.missing_payment_method;
  if (!hasCard && missing === 'cancel') {
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: 'payment_disabled' as Stripe.Subscription.CancellationDetails.Reason,
    };
    await put(ctx, sub);
    await cancelSubscription(ctx, id, at);
    ctx.notes.push(`${id}: trial ended without a payment method, canceled`);
    return;
  }
  if (!hasCard && missing === 'pause') {
    sub.status = 'paused';
    await save(ctx, before, sub);
    ctx.notes.push(`${id}: trial ended without a payment method, paused`);
    return;
  }
  const first = specsOf(sub)[0] as ItemSpec;
  const period = {
    start: at,
    end: addInterval(
      at,
      first.price.recurring?.interval ?? 'month',
      first.price.recurring?.interval_count ?? 1,
    ),
  };
  setItems(sub, specsOf(sub), period, at);
  sub.billing_cycle_anchor = at;
  sub.status = 'active';
  if (sub.cancel_at_period_end) sub.cancel_at = period.end;
  const lines = [
    ...(await pendingItemLines(ctx, id, sub.customer as string)),
    ...(await periodLines(ctx, specsOf(sub), period, false)),
  ];
  const input = await invoiceInput(ctx, sub, 'subscription_cycle', lines, period, at);
  await put(ctx, sub);
  const invoice = await invoiceSubscription(ctx, sub, input, { charge: true });
  const after = await reload(ctx, id);
  if (invoice.status !== 'paid') after.status = 'past_due';
  await put(ctx, after);
  await emit(ctx, 'customer.subscription.updated', after, changedAttributes(before, after));
  ctx.notes.push(
    `${id}: trial ended, invoice ${invoice.id} ${invoice.status === 'paid' ? `paid ${formatMoney(invoice.amount_paid, invoice.currency)}` : `open (${formatMoney(invoice.amount_due, invoice.currency)} due)`}`,
  );
}

async function renew(ctx: Ctx, id: string, at: number): Promise<void> {
  const before = await reload(ctx, id);
  const sub = structuredClone(before);
  const old = periodOf(sub);
  const first = specsOf(sub)[0] as ItemSpec;
  const period = {
    start: old.end,
    end: addInterval(
      old.end,
      first.price.recurring?.interval ?? 'month',
      first.price.recurring?.interval_count ?? 1,
    ),
  };
  setItems(sub, specsOf(sub), period, at);
  const lines = [
    ...(await pendingItemLines(ctx, id, sub.customer as string)),
    ...(await periodLines(ctx, specsOf(sub), period, false)),
  ];
  const input = await invoiceInput(ctx, sub, 'subscription_cycle', lines, period, at);
  await put(ctx, sub);
  const invoice = await invoiceSubscription(ctx, sub, input, { charge: true });
  const after = await reload(ctx, id);
  if (invoice.status !== 'paid') after.status = 'past_due';
  else if (after.status === 'past_due') after.status = 'active';
  await put(ctx, after);
  await emit(ctx, 'customer.subscription.updated', after, changedAttributes(before, after));
  ctx.notes.push(
    `${id}: renewed, invoice ${invoice.id} ${invoice.status === 'paid' ? `paid ${formatMoney(invoice.amount_paid, invoice.currency)}` : `open (${formatMoney(invoice.amount_due, invoice.currency)} due)`}`,
  );
}

const TRIAL_WILL_END_NOTICE = 3 * 86_400;
const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

/** The next thing due for a subscription and when, or null. */
function nextDue(sub: Stripe.Subscription, internal: SubInternal): { at: number; kind: string } | null {
  const candidates: { at: number; kind: string }[] = [];
  const period = periodOf(sub);
  if (sub.status === 'trialing' && sub.trial_end) {
    if (!internal.trialWillEndSent && sub.trial_end - sub.start_date > TRIAL_WILL_END_NOTICE) {
      candidates.push({ at: sub.trial_end - TRIAL_WILL_END_NOTICE, kind: 'trial_will_end' });
    }
    if (sub.cancel_at !== null && sub.cancel_at <= sub.trial_end)
      candidates.push({ at: sub.cancel_at, kind: 'cancel' });
    else candidates.push({ at: sub.trial_end, kind: 'trial_end' });
  }
  if (sub.status === 'active' || sub.status === 'past_due') {
    if (sub.cancel_at !== null && sub.cancel_at <= period.end)
      candidates.push({ at: sub.cancel_at, kind: 'cancel' });
    else candidates.push({ at: period.end, kind: 'renew' });
  }
  if (sub.status === 'incomplete')
    candidates.push({ at: sub.created + INCOMPLETE_EXPIRES_AFTER, kind: 'expire' });
  if (sub.pending_update) candidates.push({ at: sub.pending_update.expires_at, kind: 'pending_expired' });
  candidates.sort((a, b) => a.at - b.at);
  return candidates[0] ?? null;
}

/**
 * Runs everything due up to `until` for the subscriptions on one clock (null: the sandbox clock),
 * in time order, each step at its own moment, so a long advance renews period after period.
 */
export async function runDueWork(ctx: Ctx, clockId: string | null, until: number): Promise<void> {
  for (let step = 0; step < 500; step++) {
    const rows = await listRows<Stripe.Subscription>(ctx, 'subscription');
    let best: { id: string; at: number; kind: string } | null = null;
    for (const row of rows) {
      if ((row.data.test_clock ?? null) !== clockId) continue;
      const due = nextDue(row.data, row.internal as SubInternal);
      if (due && due.at <= until && (!best || due.at < best.at)) best = { id: row.data.id, ...due };
    }
    if (!best) return;
    ctx.timeOverride = best.at;
    try {
      await runOne(ctx, best.id, best.kind, best.at);
    } finally {
      ctx.timeOverride = undefined;
    }
  }
}

async function runOne(ctx: Ctx, id: string, kind: string, at: number): Promise<void> {
  const row = await getRow<Stripe.Subscription>(ctx, id, 'subscription');
  switch (kind) {
    case 'trial_will_end':
      await setInternal(ctx, id, { ...row.internal, trialWillEndSent: true });
      await emit(ctx, 'customer.subscription.trial_will_end', row.data);
      ctx.notes.push(`${id}: trial ends in 3 days`);
      return;
    case 'trial_end':
      return endTrial(ctx, id, at);
    case 'renew':
      return renew(ctx, id, at);
    case 'cancel':
      await cancelSubscription(ctx, id, at);
      return;
    case 'expire': {
      const sub = structuredClone(row.data);
      sub.status = 'incomplete_expired';
      await save(ctx, row.data, sub);
      ctx.notes.push(`${id}: incomplete, expired`);
      return;
    }
    case 'pending_expired': {
      const sub = structuredClone(row.data);
      sub.pending_update = null;
      await put(ctx, sub, { internal: { ...row.internal, pendingUpdate: undefined } });
      await emit(ctx, 'customer.subscription.pending_update_expired', sub);
      ctx.notes.push(`${id}: pending update expired`);
      return;
    }
  }
}

// ---------- preview ----------

/** invoices.createPreview: what the next invoice would be, computed by the same code as the real one. */
export async function previewInvoice(ctx: Ctx, params: FormObject): Promise<Stripe.Invoice> {
  const customerId = str(params, 'customer');
  const subId = str(params, 'subscription');
  const details = obj(params, 'subscription_details') ?? {};
  const sub = subId ? await reload(ctx, subId) : null;
  let customer: Stripe.Customer;
  if (customerId ?? sub) {
    customer = await get<Stripe.Customer>(
      ctx,
      (customerId ?? sub?.customer) as string,
      'customer',
      'customer',
    );
  } else {
    const customerDetails = obj(params, 'customer_details');
    if (!customerDetails)
      throw invalidRequest('Must provide customer, customer_details or subscription.', 'customer');
    customer = {
      id: 'cus_preview',
      object: 'customer',
      balance: 0,
      created: 0,
      default_source: null,
      description: null,
      email: null,
      invoice_settings: {
        custom_fields: null,
        default_payment_method: null,
        footer: null,
        rendering_options: null,
      },
      livemode: false,
      metadata: {},
      shipping: null,
      tax_exempt: (str(customerDetails, 'tax_exempt') as Stripe.Customer.TaxExempt | undefined) ?? 'none',
      test_clock: null,
    };
  }
  const now = await customerNow(ctx, customer.id === 'cus_preview' ? null : customer.id);
  const prorationBehavior =
    oneOf(
      str(details, 'proration_behavior'),
      PRORATION_BEHAVIORS,
      'subscription_details[proration_behavior]',
    ) ?? 'create_prorations';
  const prorationDate = int(details, 'proration_date', 'subscription_details[proration_date]') ?? now;
  const rates = (await taxRatesOf(ctx, details, 'default_tax_rates')) ?? sub?.default_tax_rates ?? [];
  const discountParams = params.discounts === '' ? [] : objs(params, 'discounts');
  let discounts: AppliedDiscount[];
  if (discountParams) {
    discounts = [];
    for (const [i, entry] of discountParams.entries()) {
      const { coupon } = await couponFor(ctx, entry, `discounts[${i}]`);
      discounts.push({
        coupon,
        discount: {
          id: `di_preview_${i}`,
          object: 'discount',
          checkout_session: null,
          customer: customer.id,
          customer_account: null,
          end: null,
          invoice: null,
          invoice_item: null,
          promotion_code: str(entry, 'promotion_code') ?? null,
          source: { coupon: coupon.id, type: 'coupon' },
          start: now,
          subscription: sub?.id ?? null,
          subscription_item: null,
        },
      });
    }
  } else {
    discounts = sub ? await activeDiscounts(ctx, sub.discounts, now) : [];
  }
  const itemParams = objs(details, 'items');
  let lines: DraftLine[];
  let period: { start: number; end: number };
  let reason: Stripe.Invoice.BillingReason = 'upcoming';
  if (sub) {
    const plan = await planItemsChange(
      ctx,
      sub,
      itemParams,
      prorationBehavior,
      prorationDate,
      now,
      'subscription_details[items]',
    );
    const pending = await pendingItemLines(ctx, sub.id, sub.customer as string);
    const invoiceNow =
      plan.itemsChanged &&
      sub.status !== 'trialing' &&
      (plan.anchorNow || prorationBehavior === 'always_invoice');
    if (invoiceNow) {
      lines = [...pending, ...plan.prorations, ...plan.newPeriodLines];
      period = plan.anchorNow ? plan.newPeriod : { start: prorationDate, end: periodOf(sub).end };
      reason = 'subscription_update';
    } else {
      // The next renewal: pending prorations plus the next period at the (new) items.
      const current = periodOf(sub);
      const first = plan.specs[0] as ItemSpec;
      const start = sub.status === 'trialing' && sub.trial_end ? sub.trial_end : current.end;
      period = {
        start,
        end: addInterval(
          start,
          first.price.recurring?.interval ?? 'month',
          first.price.recurring?.interval_count ?? 1,
        ),
      };
      lines = [...pending, ...plan.prorations, ...(await periodLines(ctx, plan.specs, period, false))];
      reason = 'upcoming';
    }
    if (str(details, 'cancel_at_period_end') === 'true' && !invoiceNow)
      lines = [...pending, ...plan.prorations];
  } else {
    if (!itemParams || itemParams.length === 0)
      throw invalidRequest(
        `No upcoming invoices for customer: ${customer.id}`,
        undefined,
        'invoice_upcoming_none',
      );
    const specs: ItemSpec[] = [];
    for (const [i, item] of itemParams.entries()) {
      specs.push({
        id: `si_preview_${i}`,
        price: await resolvePrice(ctx, item, `subscription_details[items][${i}][price]`),
        quantity: int(item, 'quantity') ?? 1,
      });
    }
    const first = specs[0] as ItemSpec;
    const trialEnd = str(details, 'trial_end');
    const trial = trialEnd !== undefined && trialEnd !== 'now';
    period = {
      start: now,
      end: trial
        ? (int(details, 'trial_end') ?? now)
        : addInterval(
            now,
            first.price.recurring?.interval ?? 'month',
            first.price.recurring?.interval_count ?? 1,
          ),
    };
    lines = await periodLines(ctx, specs, period, trial);
    reason = 'subscription_create';
  }
  const invoice = await buildInvoice(ctx, {
    customer,
    subscription: sub,
    billingReason: reason,
    lines,
    discounts,
    taxRates: rates,
    periodStart: period.start,
    periodEnd: period.end,
    preview: true,
    prorationDate: sub ? prorationDate : undefined,
  });
  if (customer.id === 'cus_preview') invoice.customer = null;
  return invoice;
}

export async function subscriptionsOf(ctx: Ctx, customer: string): Promise<Stripe.Subscription[]> {
  return list<Stripe.Subscription>(ctx, 'subscription', customer);
}
