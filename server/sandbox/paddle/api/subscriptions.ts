import type { SubscriptionEntity } from '../billing/subscription-entity';
import type { TransactionEntity } from '../billing/transaction-entity';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import { listParam, paginate } from '../pagination';
import { withManagementUrls, withManagementUrlsOf } from '../portal/management-urls';
import type { RouteDef } from '../router';
import { get, list } from '../store';

// Subscriptions: get and list. The changes (update, preview, cancel, activate) build on these.

const STATUSES = ['active', 'canceled', 'past_due', 'paused', 'trialing'] as const;

/**
 * `include=next_transaction,recurring_transaction_details`: what the next renewal will charge, as
 * Paddle previews it (the items at their full price for the next period).
 */
async function withIncludes(ctx: Ctx, subscription: SubscriptionEntity, query: URLSearchParams) {
  const include = listParam(query, 'include') ?? [];
  if (!include.includes('next_transaction') && !include.includes('recurring_transaction_details')) {
    return subscription;
  }
  const latest = (await list<TransactionEntity>(ctx, 'transaction', subscription.customer_id))
    .filter(
      (transaction) =>
        transaction.subscription_id === subscription.id && transaction.details.totals.total !== '0',
    )
    .at(-1);
  const next =
    subscription.next_billed_at && latest && subscription.current_billing_period
      ? {
          billing_period: {
            starts_at: subscription.current_billing_period.ends_at,
            ends_at: subscription.next_billed_at,
          },
          details: latest.details,
          adjustments: [],
        }
      : null;
  return {
    ...subscription,
    ...(include.includes('next_transaction') ? { next_transaction: next } : {}),
    ...(include.includes('recurring_transaction_details')
      ? { recurring_transaction_details: latest?.details ?? null }
      : {}),
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
