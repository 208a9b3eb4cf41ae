import type { ProductEntity } from '../api/products';
import { paddleIso, sandboxIso, sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidField, PaddleError } from '../errors';
import { recordEvent } from '../events';
import { type Body, customData, oneOf } from '../fields';
import { get, put, type Row } from '../store';
import { chargeOutcome } from './cards';
import { addCycle } from './periods';
import { periodAmount, remainingRate } from './proration';
import type {
  Period,
  SubscriptionEntity,
  SubscriptionInternal,
  SubscriptionItem,
} from './subscription-entity';
import { recurringCycle } from './subscriptions';
import type { TransactionEntity } from './transaction-entity';
import {
  completeTransaction,
  createTransaction,
  type ItemInput,
  itemsFrom,
  priceItems,
} from './transactions';

const MODES = [
  'prorated_immediately',
  'prorated_next_billing_period',
  'full_immediately',
  'full_next_billing_period',
  'do_not_bill',
] as const;
export type ProrationMode = (typeof MODES)[number];

const money = (amount: number, currency: string) => ({ amount: String(amount), currency_code: currency });

export const itemsOfSubscription = (subscription: SubscriptionEntity): ItemInput[] =>
  subscription.items.map((item) => ({ price: item.price, quantity: item.quantity }));

/** Paddle refuses changes to a canceled subscription. */
export function refuseCanceled(subscription: SubscriptionEntity): void {
  if (subscription.status === 'canceled') {
    throw new PaddleError(
      400,
      'subscription_update_when_canceled',
      'Subscription is canceled and cannot be changed.',
    );
  }
}

/** A planned update, computed without changing anything: what a preview shows and an update does. */
export interface PlannedUpdate {
  subscription: SubscriptionEntity;
  /** Charged now (with the credit for the old items taken off), or nothing. */
  immediate: { items: ItemInput[]; period: Period; credit: number } | null;
  summary: { credit: number; charge: number; currency: string } | null;
}

/** Reads an update's body and plans it (Paddle's `PATCH /subscriptions/{id}` and its preview). */
export async function planUpdate(
  ctx: Ctx,
  subscription: SubscriptionEntity,
  body: Body,
): Promise<PlannedUpdate> {
  refuseCanceled(subscription);
  const now = await sandboxNow(ctx);
  const nowIso = paddleIso(now);
  const newItems = body.items === undefined ? null : await itemsFrom(ctx, body.items);
  const mode = oneOf(body, 'proration_billing_mode', MODES);
  if (newItems && !mode) throw invalidField('proration_billing_mode', 'is required when items change');
  let next: SubscriptionEntity = { ...subscription, updated_at: nowIso };
  if (body.scheduled_change !== undefined) {
    if (body.scheduled_change !== null)
      throw invalidField('scheduled_change', 'may only be null here: cancel schedules one');
    next.scheduled_change = null;
  }
  const data = customData(body);
  if (data !== undefined) next.custom_data = data;
  if (!newItems || !mode) return { subscription: next, immediate: null, summary: null };

  const cycle = recurringCycle(newItems);
  if (!cycle) throw invalidField('items', 'must be recurring prices');
  const period = subscription.current_billing_period ?? { starts_at: nowIso, ends_at: nowIso };
  const cycleChanges =
    cycle.interval !== subscription.billing_cycle.interval ||
    cycle.frequency !== subscription.billing_cycle.frequency;
  if (cycleChanges && !mode.endsWith('_immediately')) {
    throw invalidField('proration_billing_mode', 'must bill immediately when the billing cycle changes');
  }
  const products = await Promise.all(
    newItems.map((item) => get<ProductEntity>(ctx, item.price.product_id, 'product')),
  );
  const items: SubscriptionItem[] = newItems.map((item, index) => ({
    status: subscription.status === 'trialing' ? 'trialing' : 'active',
    quantity: item.quantity,
    recurring: true,
    created_at: subscription.items.find((old) => old.price.id === item.price.id)?.created_at ?? nowIso,
    updated_at: nowIso,
    previously_billed_at: subscription.items[0]?.previously_billed_at ?? null,
    next_billed_at: subscription.next_billed_at,
    trial_dates: subscription.items[0]?.trial_dates ?? null,
    price: item.price,
    product: products[index] as ProductEntity,
  }));
  next = { ...next, items, billing_cycle: cycle };
  // A new cycle starts now, a year or a month from today; otherwise the period stays.
  const remaining = cycleChanges ? '1.000000' : remainingRate(period, now);
  if (cycleChanges) {
    const ends = addCycle(nowIso, cycle);
    next = { ...next, current_billing_period: { starts_at: nowIso, ends_at: ends }, next_billed_at: ends };
    next.items = next.items.map((item) => ({ ...item, next_billed_at: ends }));
  }
  const trialing = subscription.status === 'trialing';
  const billsNow = mode.endsWith('_immediately') && !trialing;
  const prorated = mode.startsWith('prorated');
  const rate = prorated ? Number(remainingRate(period, now)) : 0;
  const credit =
    billsNow && prorated ? Math.round(periodAmount(itemsOfSubscription(subscription)) * rate) : 0;
  const chargePeriod = cycleChanges
    ? (next.current_billing_period as Period)
    : { starts_at: nowIso, ends_at: period.ends_at };
  const immediate = billsNow
    ? {
        items: newItems.map((item) => ({
          ...item,
          proration:
            prorated || cycleChanges
              ? { rate: prorated ? remaining : '1.000000', billing_period: chargePeriod }
              : null,
        })),
        period: chargePeriod,
        credit,
      }
    : null;
  const charge = immediate
    ? Math.round(periodAmount(newItems) * Number(immediate.items[0]?.proration?.rate ?? 1))
    : 0;
  return { subscription: next, immediate, summary: { credit, charge, currency: subscription.currency_code } };
}

/** Preview amounts (tax included, as Paddle's update summary gives them). */
export async function previewAmounts(ctx: Ctx, subscription: SubscriptionEntity, planned: PlannedUpdate) {
  if (!planned.immediate || !planned.summary) {
    return {
      immediate: null,
      summary: planned.summary && summaryOf(planned.summary.credit, 0, planned.summary.currency),
    };
  }
  const priced = await priceItems(ctx, {
    items: planned.immediate.items,
    addressId: subscription.address_id,
    businessId: subscription.business_id,
  });
  const taxRate = Number(priced.details.tax_rates_used[0]?.tax_rate ?? '0');
  const creditTaxed = Math.round(planned.immediate.credit * (1 + taxRate));
  return {
    immediate: priced,
    summary: summaryOf(creditTaxed, Number(priced.details.totals.total), subscription.currency_code),
  };
}

function summaryOf(credit: number, charge: number, currency: string) {
  const net = charge - credit;
  return {
    credit: money(credit, currency),
    charge: money(charge, currency),
    result: { action: net >= 0 ? 'charge' : 'credit', ...money(Math.abs(net), currency) },
  };
}

/**
 * Applies a planned update: bills what is due now to the card on file (a decline keeps the
 * subscription as it was, Paddle's `prevent_change`), then saves the subscription.
 */
export async function applyUpdate(
  ctx: Ctx,
  row: Row<SubscriptionEntity>,
  planned: PlannedUpdate,
): Promise<SubscriptionEntity> {
  const subscription = row.data;
  if (planned.immediate) {
    const internal = row.internal as unknown as SubscriptionInternal;
    const made = await createTransaction(ctx, {
      items: planned.immediate.items,
      customerId: subscription.customer_id,
      addressId: subscription.address_id,
      businessId: subscription.business_id,
      origin: 'subscription_update',
      subscriptionId: subscription.id,
      billingPeriod: planned.immediate.period,
    });
    const withCredit = await applyCredit(ctx, made, planned.immediate.credit);
    const outcome = chargeOutcome(internal.cardNumber, true);
    if (outcome.kind === 'declined') {
      throw new PaddleError(
        400,
        'subscription_payment_declined',
        `The payment for this change was declined: ${outcome.message}`,
      );
    }
    await completeTransaction(ctx, withCredit, internal.card, internal.paymentMethodId);
  }
  const saved = await put<SubscriptionEntity>(ctx, 'subscription', planned.subscription);
  await recordEvent(ctx, 'subscription.updated', saved);
  return saved;
}

/** The credit for the old items' unused part, taken off what the change charges (tax included). */
async function applyCredit(
  ctx: Ctx,
  transaction: TransactionEntity,
  creditBeforeTax: number,
): Promise<TransactionEntity> {
  if (creditBeforeTax === 0) return transaction;
  const totals = transaction.details.totals;
  const taxRate = Number(transaction.details.tax_rates_used[0]?.tax_rate ?? '0');
  const credit = Math.round(creditBeforeTax * (1 + taxRate));
  const applied = Math.min(credit, Number(totals.total));
  return put<TransactionEntity>(ctx, 'transaction', {
    ...transaction,
    details: {
      ...transaction.details,
      totals: {
        ...totals,
        credit: String(applied),
        credit_to_balance: String(credit - applied),
        balance: String(Number(totals.total) - applied),
        grand_total: String(Number(totals.total) - applied),
      },
    },
  });
}

/** `POST /subscriptions/{id}/cancel`: at the period's end (scheduled), or at once. */
export async function cancelSubscription(
  ctx: Ctx,
  subscription: SubscriptionEntity,
  body: Body,
): Promise<SubscriptionEntity> {
  refuseCanceled(subscription);
  const from =
    oneOf(body, 'effective_from', ['next_billing_period', 'immediately'] as const) ?? 'next_billing_period';
  const now = await sandboxIso(ctx);
  if (from === 'next_billing_period' && subscription.current_billing_period) {
    const scheduled = await put<SubscriptionEntity>(ctx, 'subscription', {
      ...subscription,
      scheduled_change: {
        action: 'cancel',
        effective_at: subscription.current_billing_period.ends_at,
        resume_at: null,
      },
      updated_at: now,
    });
    await recordEvent(ctx, 'subscription.updated', scheduled);
    return scheduled;
  }
  return endSubscription(ctx, subscription, now);
}

/** The subscription ends now (an immediate cancel, or a scheduled one whose time came). */
export async function endSubscription(
  ctx: Ctx,
  subscription: SubscriptionEntity,
  now: string,
): Promise<SubscriptionEntity> {
  const canceled = await put<SubscriptionEntity>(ctx, 'subscription', {
    ...subscription,
    status: 'canceled',
    canceled_at: now,
    scheduled_change: null,
    current_billing_period: null,
    next_billed_at: null,
    items: subscription.items.map((item) => ({ ...item, status: 'inactive', next_billed_at: null })),
    updated_at: now,
  });
  await recordEvent(ctx, 'subscription.canceled', canceled);
  return canceled;
}
