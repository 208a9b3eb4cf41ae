import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { emit } from '../events';
import type { FormObject } from '../form-body';
import { newId } from '../ids';
import { int, metadata, obj, objs, oneOf, str } from '../params';
import { get, put } from '../store';
import { createDiscounts } from './subscription-discounts';
import { invoiceInput, invoiceSubscription, paymentError } from './subscription-invoicing';
import { type ItemSpec, periodEndFrom, periodLines, resolvePrice, setItems } from './subscription-items';
import { PAYMENT_BEHAVIORS, taxRatesOf } from './subscription-params';
import { reload } from './subscription-store';

/** subscriptions.create: the subscription, its discounts and its first invoice. */

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
    end: trialEnd ?? periodEndFrom(now, first.price),
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
