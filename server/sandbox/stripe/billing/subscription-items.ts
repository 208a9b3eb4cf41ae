import type Stripe from 'stripe';
import { addInterval } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import type { FormObject } from '../form-body';
import { str } from '../params';
import { find, get } from '../store';
import { type DraftLine, periodDescription, trialDescription } from './amounts';
import { invoiceItemLines } from './invoice-item-lines';
import { planOf } from './plan-of';

/** A subscription's items and periods, and the draft lines they bill. */

export interface ItemSpec {
  id: string;
  price: Stripe.Price;
  quantity: number;
}

export async function productName(ctx: Ctx, price: Stripe.Price): Promise<string> {
  const product = await find<Stripe.Product>(ctx, price.product as string, 'product');
  return product?.name ?? String(price.product);
}

export function buildItem(
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

/** Where a billing period starting at `start` ends, by the price's interval (the first item's sets the cycle). */
export function periodEndFrom(start: number, price: Stripe.Price): number {
  return addInterval(start, price.recurring?.interval ?? 'month', price.recurring?.interval_count ?? 1);
}

export function periodOf(sub: Stripe.Subscription): { start: number; end: number } {
  const item = sub.items.data[0];
  return {
    start: item?.current_period_start ?? sub.start_date,
    end: item?.current_period_end ?? sub.start_date,
  };
}

export function setItems(
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
    data: specs.map((spec) => buildItem(sub.id, spec, period, old.get(spec.id)?.created ?? now)),
  };
}

export function specsOf(sub: Stripe.Subscription): ItemSpec[] {
  return sub.items.data.map((item) => ({ id: item.id, price: item.price, quantity: item.quantity ?? 1 }));
}

export async function resolvePrice(ctx: Ctx, item: FormObject, param: string): Promise<Stripe.Price> {
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

export async function periodLines(
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
export async function pendingItemLines(ctx: Ctx, subId: string, customer: string): Promise<DraftLine[]> {
  return invoiceItemLines(
    ctx,
    customer,
    (item) => item.invoice === null && item.parent?.subscription_details?.subscription === subId,
  );
}
