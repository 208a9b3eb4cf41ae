import type { ProductEntity } from '../api/products';
import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import { recordEvent } from '../events';
import { get, put } from '../store';
import type { CheckoutCard } from './cards';
import { addCycle } from './periods';
import type { SubscriptionEntity, SubscriptionInternal, SubscriptionItem } from './subscription-entity';
import type { ItemInput } from './transactions';

/** Whether the items make a subscription: every one recurring, on one billing cycle. */
export function recurringCycle(items: ItemInput[]) {
  const cycles = items.map((item) => item.price.billing_cycle);
  const first = cycles[0];
  if (!first) return null;
  if (
    cycles.some((cycle) => !cycle || cycle.interval !== first.interval || cycle.frequency !== first.frequency)
  ) {
    throw invalidField(
      'items',
      'recurring prices must share one billing cycle, and not mix with one-time ones',
    );
  }
  return first;
}

/** A trial when every item's price has one (Paddle starts the subscription trialing). */
export function trialOf(items: ItemInput[]) {
  const trials = items.map((item) => item.price.trial_period);
  return trials.every((trial) => trial !== null) ? trials[0] : null;
}

export interface NewSubscription {
  id: string;
  items: ItemInput[];
  customerId: string;
  addressId: string;
  businessId?: string | null;
  customData: Record<string, unknown> | null;
  card: CheckoutCard;
}

/** The subscription a paid checkout starts, and its events (created, then activated or trialing). */
export async function createSubscription(ctx: Ctx, input: NewSubscription): Promise<SubscriptionEntity> {
  const cycle = recurringCycle(input.items);
  if (!cycle) throw invalidField('items', 'must be recurring prices');
  const now = await sandboxIso(ctx);
  const trial = trialOf(input.items);
  const trialEnds = trial ? addCycle(now, trial) : null;
  const periodEnds = trialEnds ?? addCycle(now, cycle);
  const items: SubscriptionItem[] = [];
  for (const item of input.items) {
    items.push({
      status: trial ? 'trialing' : 'active',
      quantity: item.quantity,
      recurring: true,
      created_at: now,
      updated_at: now,
      previously_billed_at: trial ? null : now,
      next_billed_at: periodEnds,
      trial_dates: trialEnds ? { starts_at: now, ends_at: trialEnds } : null,
      price: item.price,
      product: await get<ProductEntity>(ctx, item.price.product_id, 'product'),
    });
  }
  const internal: SubscriptionInternal = {
    cardNumber: input.card.number,
    card: input.card.details,
    paymentMethodId: input.card.paymentMethodId,
  };
  const subscription = await put<SubscriptionEntity>(
    ctx,
    'subscription',
    {
      id: input.id,
      status: trial ? 'trialing' : 'active',
      customer_id: input.customerId,
      address_id: input.addressId,
      business_id: input.businessId ?? null,
      currency_code: input.items[0]?.price.unit_price.currency_code ?? 'USD',
      created_at: now,
      updated_at: now,
      started_at: now,
      first_billed_at: trial ? null : now,
      next_billed_at: periodEnds,
      paused_at: null,
      canceled_at: null,
      discount: null,
      collection_mode: 'automatic',
      billing_details: null,
      current_billing_period: { starts_at: now, ends_at: periodEnds },
      billing_cycle: cycle,
      scheduled_change: null,
      items,
      custom_data: input.customData,
      management_urls: null,
      import_meta: null,
    },
    { internal: { ...internal } },
  );
  await recordEvent(ctx, 'subscription.created', subscription);
  await recordEvent(ctx, trial ? 'subscription.trialing' : 'subscription.activated', subscription);
  return subscription;
}
