import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest } from '../errors';
import { changedAttributes, emit } from '../events';
import type { FormObject } from '../form-body';
import { decimal, newId } from '../ids';
import { int, metadata, obj, objs, oneOf, str } from '../params';
import { get, getRow, put } from '../store';
import type { DraftLine } from './amounts';
import { createDiscounts } from './subscription-discounts';
import { invoiceInput, invoiceSubscription, paymentError } from './subscription-invoicing';
import {
  buildItem,
  type ItemSpec,
  pendingItemLines,
  periodEndFrom,
  periodOf,
  setItems,
} from './subscription-items';
import { endTrial } from './subscription-lifecycle';
import { PAYMENT_BEHAVIORS, PRORATION_BEHAVIORS, taxRatesOf } from './subscription-params';
import { planItemsChange } from './subscription-plan';
import { reload, type SubInternal, save } from './subscription-store';

/** subscriptions.update: items with proration, billing now or later, and updates pending their invoice. */

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
      // No discounts per item here: the amount after discounts is the amount.
      net_amount: line.amount,
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

/**
 * The update's cancellation and trial-settings parameters: cancel at the period's end or at a time,
 * or no longer, with the details Stripe records when the cancellation changes.
 */
function applyCancellationParams(
  sub: Stripe.Subscription,
  before: Stripe.Subscription,
  params: FormObject,
  now: number,
): void {
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
  applyCancellationParams(sub, before, params, now);

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
      // pending_if_incomplete cannot change these, so they are null as on Stripe.
      cancel_at_period_end: null,
      discount: null,
      discounts: null,
      metadata: null,
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
        end: periodEndFrom(now, first.price),
      }
    : periodOf(sub);
  applyItems(sub, pending.items, pending.anchorNow, newPeriod, now);
  sub.pending_update = null;
  if (sub.status === 'past_due' || sub.status === 'incomplete') sub.status = 'active';
  await put(ctx, sub, { internal: { ...internal, pendingUpdate: undefined } });
  await emit(ctx, 'customer.subscription.pending_update_applied', sub, changedAttributes(before, sub));
  await emit(ctx, 'customer.subscription.updated', sub, changedAttributes(before, sub));
}
