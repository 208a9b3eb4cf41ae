import type Stripe from 'stripe';
import { isMissingResource } from './stripe-errors';

/**
 * Our plan ids (the Stripe prices' lookup keys) to Stripe price ids, remembered by this process so a
 * checkout costs no extra look-up. Another server on the same database may make the catalogue again
 * (`seed --reset` empties the sandbox; a changed amount is a new price), and Stripe then answers
 * "No such price" for an id remembered here: `forgets` drops it, so the call can run once more and
 * look the price up again by its key.
 */
export function createPriceIds(stripe: () => Stripe) {
  const known = new Map<string, string>();
  return {
    remember(key: string, priceId: string): void {
      known.set(key, priceId);
    },

    async idFor(key: string): Promise<string> {
      const remembered = known.get(key);
      if (remembered) return remembered;
      const { data } = await stripe().prices.list({ lookup_keys: [key], active: true, limit: 1 });
      const price = data[0];
      if (!price) throw new Error(`No Stripe price with lookup key ${key}: is the catalogue synced?`);
      known.set(key, price.id);
      return price.id;
    },

    /** True (and the id forgotten) when `error` is Stripe not knowing a price remembered here. */
    forgets(error: unknown): boolean {
      if (!isMissingResource(error) || !(error instanceof Error)) return false;
      for (const [key, priceId] of known) {
        if (error.message.includes(`'${priceId}'`)) {
          known.delete(key);
          return true;
        }
      }
      return false;
    },
  };
}

export type PriceIds = ReturnType<typeof createPriceIds>;
