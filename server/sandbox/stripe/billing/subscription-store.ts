import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { changedAttributes, emit } from '../events';
import { get, list, put } from '../store';
import type { ItemSpec } from './subscription-items';

/** Loading and saving subscriptions, and what the sandbox keeps beside them. */

export interface SubInternal {
  /** An update waiting for its invoice to be paid (payment_behavior pending_if_incomplete). */
  pendingUpdate?: { items: ItemSpec[]; anchorNow: boolean; invoice: string };
  trialWillEndSent?: boolean;
}

export async function reload(ctx: Ctx, id: string): Promise<Stripe.Subscription> {
  return structuredClone(await get<Stripe.Subscription>(ctx, id, 'subscription'));
}

export async function save(
  ctx: Ctx,
  before: Stripe.Subscription | null,
  sub: Stripe.Subscription,
): Promise<Stripe.Subscription> {
  await put(ctx, sub);
  if (before) {
    const changed = changedAttributes(before, sub);
    if (Object.keys(changed).length > 0) await emit(ctx, 'customer.subscription.updated', sub, changed);
  }
  return sub;
}

export async function subscriptionsOf(ctx: Ctx, customer: string): Promise<Stripe.Subscription[]> {
  return list<Stripe.Subscription>(ctx, 'subscription', customer);
}
