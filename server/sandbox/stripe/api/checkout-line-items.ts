import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import type { FormObject } from '../form-body';
import { newId } from '../ids';
import { bool, int, metadata, obj, objs, str } from '../params';
import { get, put } from '../store';
import { buildPrice } from './products-and-prices';

/** A checkout line as the session keeps it until it is paid. */
export interface CheckoutItem {
  price: string;
  quantity: number;
  adjustableQuantity: Stripe.LineItem.AdjustableQuantity | null;
  metadata: Record<string, string> | null;
}

function adjustableQuantity(item: FormObject, param: string): Stripe.LineItem.AdjustableQuantity | null {
  const given = obj(item, 'adjustable_quantity');
  if (!given) return null;
  const enabled = bool(given, 'enabled');
  if (enabled === undefined) throw missingParam(`${param}[adjustable_quantity][enabled]`);
  return {
    enabled,
    maximum: int(given, 'maximum', `${param}[adjustable_quantity][maximum]`) ?? null,
    minimum: int(given, 'minimum', `${param}[adjustable_quantity][minimum]`) ?? null,
  };
}

/** An existing price, or (price_data) a new inactive one made for this line, as Stripe makes it. */
async function linePrice(ctx: Ctx, item: FormObject, param: string): Promise<Stripe.Price> {
  const priceId = str(item, 'price');
  if (priceId) return get<Stripe.Price>(ctx, priceId, 'price', `${param}[price]`);
  const priceData = obj(item, 'price_data');
  if (!priceData) throw missingParam(`${param}[price]`);
  const price = { ...(await buildPrice(ctx, priceData, `${param}[price_data][`)), active: false };
  await put(ctx, price);
  return price;
}

/** Reads `line_items[]` (price or price_data, quantity, adjustable_quantity, metadata). */
export async function checkoutItems(
  ctx: Ctx,
  params: FormObject,
  mode: Stripe.Checkout.Session.Mode,
): Promise<CheckoutItem[]> {
  const lineItems = objs(params, 'line_items') ?? [];
  if (mode !== 'setup' && lineItems.length === 0) throw missingParam('line_items');
  const items: CheckoutItem[] = [];
  for (const [i, item] of lineItems.entries()) {
    const param = `line_items[${i}]`;
    const price = await linePrice(ctx, item, param);
    if (mode === 'subscription' && !price.recurring)
      throw invalidRequest(
        'You must specify at least one recurring price in `subscription` mode when using prices.',
        `${param}[price]`,
      );
    items.push({
      price: price.id,
      quantity: int(item, 'quantity', `${param}[quantity]`) ?? 1,
      adjustableQuantity: adjustableQuantity(item, param),
      metadata: item.metadata === undefined ? null : metadata(item),
    });
  }
  return items;
}

/** A session's `line_items` list (objects `item`), built from its lines' amounts. */
export function lineItemList(
  sessionId: string,
  items: CheckoutItem[],
  lines: { price: Stripe.Price; quantity: number; amount: number; name: string }[],
): Stripe.ApiList<Stripe.LineItem> {
  return {
    object: 'list',
    has_more: false,
    url: `/v1/checkout/sessions/${sessionId}/line_items`,
    data: lines.map((line, i) => ({
      id: newId('li'),
      object: 'item',
      adjustable_quantity: items[i]?.adjustableQuantity ?? null,
      amount_discount: 0,
      amount_subtotal: line.amount,
      amount_tax: 0,
      amount_total: line.amount,
      currency: line.price.currency,
      description: line.name,
      metadata: items[i]?.metadata ?? null,
      price: line.price,
      quantity: line.quantity,
    })),
  };
}
