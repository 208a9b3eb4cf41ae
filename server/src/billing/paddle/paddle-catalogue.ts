import type { Paddle, Price, Product } from '@paddle/paddle-node-sdk';
import type { CataloguePrice, CatalogueProduct } from '../../db/repositories/billing.repository';
import type { PaddleClient } from './paddle-client';

/** Our plan code on a Paddle product, our plan id on a Paddle price. */
export const planCodeOf = (product: { customData: unknown }): string | null =>
  ((product.customData as { planCode?: unknown } | null)?.planCode as string | undefined) ?? null;
export const planIdOf = (price: { customData: unknown } | null | undefined): string | null => {
  const planId = (price?.customData as { planId?: unknown } | null)?.planId;
  return typeof planId === 'string' ? planId : null;
};

async function all<T>(collection: { next(): Promise<T[]>; hasMore: boolean }): Promise<T[]> {
  const items: T[] = [];
  do items.push(...(await collection.next()));
  while (collection.hasMore);
  return items;
}

/** Paddle's ids and ISO times in order by their code units; localeCompare would load ICU's collation data. */
export const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Two servers starting at once may both create one plan's product or price. Rather than a lock
 * across the HTTP calls, both keep the oldest (then the smallest id) and archive the rest, so they
 * agree without talking to each other.
 */
function keepOldest<T extends { id: string; createdAt: string }>(found: T[]): { kept: T; extra: T[] } | null {
  const sorted = [...found].sort((a, b) => byCodeUnits(a.createdAt, b.createdAt) || byCodeUnits(a.id, b.id));
  const [kept, ...extra] = sorted;
  return kept ? { kept, extra } : null;
}

async function syncProducts(paddle: Paddle, products: CatalogueProduct[]): Promise<Map<string, Product>> {
  const existing = await all(paddle.products.list({ status: ['active'], perPage: 200 }));
  const byCode = new Map<string, Product>();
  for (const product of products.filter((p) => p.plans.some((plan) => plan.amount > 0))) {
    let chosen = keepOldest(existing.filter((p) => planCodeOf(p) === product.code));
    if (!chosen) {
      await paddle.products.create({
        name: `Spark ${product.title}`,
        taxCategory: 'saas',
        customData: { planCode: product.code },
      });
      const again = await all(paddle.products.list({ status: ['active'], perPage: 200 }));
      chosen = keepOldest(again.filter((p) => planCodeOf(p) === product.code));
    }
    if (!chosen) continue;
    for (const extra of chosen.extra) await paddle.products.update(extra.id, { status: 'archived' });
    byCode.set(product.code, chosen.kept);
  }
  return byCode;
}

/**
 * Makes the catalogue's paid plans Paddle products and prices, matched by custom_data (`planCode`
 * on products, `planId` on prices): made when missing, left alone when present, so every start may
 * run it. Prices are per seat (the quantity is the seat count) and carry no trial.
 */
export async function syncPaddleCatalogue(
  client: PaddleClient,
  products: CatalogueProduct[],
  prices: CataloguePrice[],
): Promise<void> {
  if (!client.configured) return;
  await client.call(async (paddle) => {
    const byCode = await syncProducts(paddle, products);
    const listPrices = () => all(paddle.prices.list({ status: ['active'], perPage: 200 }));
    let existing = await listPrices();
    let created = false;
    for (const price of prices.filter((p) => p.amount > 0)) {
      const product = byCode.get(price.productCode);
      if (!product || existing.some((p) => planIdOf(p) === price.id)) continue;
      await paddle.prices.create({
        productId: product.id,
        description: `${product.name}, per seat, ${price.interval === 'year' ? 'annually' : 'monthly'}`,
        name: price.interval === 'year' ? 'Annual' : 'Monthly',
        unitPrice: { amount: String(price.amount), currencyCode: price.currency.toUpperCase() as 'USD' },
        billingCycle: { interval: price.interval, frequency: 1 },
        quantity: { minimum: 1, maximum: 10000 },
        customData: { planId: price.id },
      });
      created = true;
    }
    if (created) existing = await listPrices();
    for (const price of prices) {
      const chosen = keepOldest(existing.filter((p: Price) => planIdOf(p) === price.id));
      for (const extra of chosen?.extra ?? []) await paddle.prices.update(extra.id, { status: 'archived' });
    }
  });
}

/** The active Paddle price of one of our plan ids, or null. */
export async function findPaddlePrice(client: PaddleClient, planId: string): Promise<Price | null> {
  const prices = await client.call((paddle) => all(paddle.prices.list({ status: ['active'], perPage: 200 })));
  return keepOldest(prices.filter((p) => planIdOf(p) === planId))?.kept ?? null;
}
