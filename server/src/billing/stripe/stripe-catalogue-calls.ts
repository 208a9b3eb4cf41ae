import type Stripe from 'stripe';
import type { BillingProvider } from '../provider';
import { isMissingResource } from './stripe-errors';
import type { StripeParts } from './stripe-parts';

/** The catalogue at Stripe: products and prices by lookup key, tax rates, promotion codes. */
export function createStripeCatalogueCalls({
  stripe,
  call,
  priceIds,
}: StripeParts): Pick<BillingProvider, 'syncCatalogue' | 'ensureTaxRate' | 'findPromotionCode'> {
  return {
    syncCatalogue: (products, prices) =>
      call(async () => {
        const lookupKeys = prices.map((price) => price.id);
        const existing = new Map<string, Stripe.Price>();
        for (let i = 0; i < lookupKeys.length; i += 10) {
          const { data } = await stripe().prices.list({
            lookup_keys: lookupKeys.slice(i, i + 10),
            limit: 100,
          });
          for (const price of data) if (price.lookup_key) existing.set(price.lookup_key, price);
        }
        for (const price of prices) {
          const found = existing.get(price.id);
          const interval = price.interval;
          if (found && found.unit_amount === price.amount && found.recurring?.interval === interval) {
            priceIds.remember(price.id, found.id);
            continue;
          }
          const product = products.find((p) => p.code === price.productCode);
          const productId = `spark_${price.productCode}`;
          try {
            await stripe().products.retrieve(productId);
          } catch (error) {
            if (!isMissingResource(error)) throw error;
            await stripe().products.create(
              { id: productId, name: `Spark ${product?.title ?? price.productCode}` },
              { idempotencyKey: `product:${productId}` },
            );
          }
          // A changed amount is a new price; the lookup key moves to it, the old one stays for
          // the subscriptions on it (Stripe prices are immutable).
          const created = await stripe().prices.create(
            {
              product: productId,
              unit_amount: price.amount,
              currency: price.currency.toLowerCase(),
              recurring: { interval },
              lookup_key: price.id,
              transfer_lookup_key: true,
              metadata: { planId: price.id },
            },
            { idempotencyKey: `price:${price.id}:${price.amount}:${interval}` },
          );
          priceIds.remember(price.id, created.id);
        }
      }),

    ensureTaxRate: (rate) =>
      call(async () => {
        const created = await stripe().taxRates.create(
          {
            display_name: rate.displayName,
            percentage: rate.percent,
            inclusive: false,
            country: rate.country,
            jurisdiction: rate.country,
          },
          { idempotencyKey: `tax-rate:${rate.country}:${rate.percent}:${rate.displayName}` },
        );
        return created.id;
      }),

    findPromotionCode: (code) =>
      call(async () => {
        const { data } = await stripe().promotionCodes.list({ code, active: true, limit: 1 });
        return data[0]?.id ?? null;
      }),
  };
}
