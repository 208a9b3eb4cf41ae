import { activateSubscription, paymentMethodChangeTransaction } from '../billing/subscription-billing';
import {
  applyUpdate,
  cancelSubscription,
  itemsOfSubscription,
  planUpdate,
  previewAmounts,
} from '../billing/subscription-changes';
import type { SubscriptionEntity } from '../billing/subscription-entity';
import { priceItems } from '../billing/transactions';
import type { Ctx } from '../context';
import { withManagementUrlsOf } from '../portal/management-urls';
import type { RouteDef } from '../router';
import { getRow } from '../store';

// Subscription changes: update (items and quantities with a proration mode, custom data, removing a
// scheduled change), its preview, cancel, activate a trial, and the card change's transaction.

const rowOf = (ctx: Ctx, id: string | undefined) =>
  getRow<SubscriptionEntity>(ctx, id as string, 'subscription');

/** The line items a preview lists, without the ids only a saved transaction has. */
function previewDetails(details: Awaited<ReturnType<typeof priceItems>>['details']) {
  return {
    tax_rates_used: details.tax_rates_used,
    totals: details.totals,
    line_items: details.line_items.map(({ id: _id, ...line }) => line),
  };
}

export const subscriptionChangeRoutes: RouteDef[] = [
  {
    method: 'PATCH',
    path: '/subscriptions/:subscription_id',
    async handler(ctx, { params, body }) {
      const row = await rowOf(ctx, params.subscription_id);
      const updated = await applyUpdate(ctx, row, await planUpdate(ctx, row.data, body));
      return { data: await withManagementUrlsOf(ctx, updated) };
    },
  },
  {
    method: 'PATCH',
    path: '/subscriptions/:subscription_id/preview',
    async handler(ctx, { params, body }) {
      const { data: subscription } = await rowOf(ctx, params.subscription_id);
      const planned = await planUpdate(ctx, subscription, body);
      const { immediate, summary } = await previewAmounts(ctx, subscription, planned);
      const next = planned.subscription;
      const recurring = await priceItems(ctx, {
        items: itemsOfSubscription(next),
        addressId: next.address_id,
        businessId: next.business_id,
      });
      const period = next.current_billing_period;
      return {
        data: {
          ...(await withManagementUrlsOf(ctx, next)),
          immediate_transaction:
            immediate && planned.immediate
              ? {
                  billing_period: planned.immediate.period,
                  details: previewDetails(immediate.details),
                  adjustments: [],
                }
              : null,
          next_transaction:
            period && next.next_billed_at && !next.scheduled_change
              ? {
                  billing_period: {
                    starts_at: period.ends_at,
                    ends_at: next.next_billed_at === period.ends_at ? period.ends_at : next.next_billed_at,
                  },
                  details: previewDetails(recurring.details),
                  adjustments: [],
                }
              : null,
          recurring_transaction_details: previewDetails(recurring.details),
          update_summary: summary,
        },
      };
    },
  },
  {
    method: 'POST',
    path: '/subscriptions/:subscription_id/cancel',
    async handler(ctx, { params, body }) {
      const { data: subscription } = await rowOf(ctx, params.subscription_id);
      return { data: await withManagementUrlsOf(ctx, await cancelSubscription(ctx, subscription, body)) };
    },
  },
  {
    method: 'POST',
    path: '/subscriptions/:subscription_id/activate',
    async handler(ctx, { params }) {
      const activated = await activateSubscription(ctx, await rowOf(ctx, params.subscription_id));
      return { data: await withManagementUrlsOf(ctx, activated) };
    },
  },
  {
    method: 'GET',
    path: '/subscriptions/:subscription_id/update-payment-method-transaction',
    async handler(ctx, { params }) {
      const { data: subscription } = await rowOf(ctx, params.subscription_id);
      return { data: await paymentMethodChangeTransaction(ctx, subscription) };
    },
  },
];
