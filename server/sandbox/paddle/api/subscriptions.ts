import { addCycle } from '../billing/periods';
import { itemsOfSubscription } from '../billing/subscription-changes';
import type { SubscriptionEntity } from '../billing/subscription-entity';
import { priceItems } from '../billing/transactions';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import { listParam, paginate } from '../pagination';
import { withManagementUrls, withManagementUrlsOf } from '../portal/management-urls';
import type { RouteDef } from '../router';
import { get, list } from '../store';

// Subscriptions: get and list. The changes (update, preview, cancel, activate) build on these.

const STATUSES = ['active', 'canceled', 'past_due', 'paused', 'trialing'] as const;

/**
 * `include=next_transaction,recurring_transaction_details`: what the next bill will charge, as Paddle
 * previews it: the subscription's items at their full price for the period starting at
 * `next_billed_at` (a trial's first period too), at the customer's address.
 */
async function withIncludes(ctx: Ctx, subscription: SubscriptionEntity, query: URLSearchParams) {
  const include = listParam(query, 'include') ?? [];
  if (!include.includes('next_transaction') && !include.includes('recurring_transaction_details')) {
    return subscription;
  }
  const { details } = await priceItems(ctx, {
    items: itemsOfSubscription(subscription),
    addressId: subscription.address_id,
    businessId: subscription.business_id,
  });
  const startsAt = subscription.next_billed_at;
  const next = startsAt
    ? {
        billing_period: { starts_at: startsAt, ends_at: addCycle(startsAt, subscription.billing_cycle) },
        details,
        adjustments: [],
      }
    : null;
  return {
    ...subscription,
    ...(include.includes('next_transaction') ? { next_transaction: next } : {}),
    ...(include.includes('recurring_transaction_details') ? { recurring_transaction_details: details } : {}),
  };
}

export const subscriptionRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/subscriptions',
    async handler(ctx, { query, url }) {
      const ids = listParam(query, 'id');
      const customers = listParam(query, 'customer_id');
      const statuses = listParam(query, 'status');
      const prices = listParam(query, 'price_id');
      if (statuses?.some((status) => !(STATUSES as readonly string[]).includes(status))) {
        throw invalidField('status', `must be among ${STATUSES.join(', ')}`);
      }
      const all = await list<SubscriptionEntity>(
        ctx,
        'subscription',
        customers?.length === 1 ? customers[0] : undefined,
      );
      const items = all.filter(
        (subscription) =>
          (!ids || ids.includes(subscription.id)) &&
          (!customers || customers.includes(subscription.customer_id)) &&
          (!statuses || statuses.includes(subscription.status)) &&
          (!prices || subscription.items.some((item) => prices.includes(item.price.id))),
      );
      const page = paginate(items, query, url);
      return { ...page, data: await withManagementUrls(ctx, page.data) };
    },
  },
  {
    method: 'GET',
    path: '/subscriptions/:subscription_id',
    async handler(ctx, { params, query }) {
      const subscription = await get<SubscriptionEntity>(
        ctx,
        params.subscription_id as string,
        'subscription',
      );
      return { data: await withIncludes(ctx, await withManagementUrlsOf(ctx, subscription), query) };
    },
  },
];
