import type Stripe from 'stripe';
import type { ProviderSubscription } from '../provider';
import type { PriceIds } from './stripe-price-ids';

/** What the provider's call groups share: the client, the error-translating call, the mapping, price ids. */
export interface StripeParts {
  stripe: () => Stripe;
  call: <T>(fn: () => Promise<T>) => Promise<T>;
  mapSubscription: (subscription: Stripe.Subscription) => Promise<ProviderSubscription>;
  /** Shared with team billing: one Stripe account, one set of lookup keys. */
  priceIds: PriceIds;
}
