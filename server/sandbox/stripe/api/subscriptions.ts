import type Stripe from 'stripe';
import { createSubscription } from '../billing/subscription-create';
import { cancelSubscription } from '../billing/subscription-lifecycle';
import { updateSubscription } from '../billing/subscription-update';
import { paginate } from '../lists';
import { str } from '../params';
import type { RouteDef } from '../router';
import { list } from '../store';
import { retrieve, urlObject } from './retrieve';

const CREATE_PARAMS = [
  'customer',
  'items',
  'trial_period_days',
  'trial_end',
  'default_payment_method',
  'default_tax_rates',
  'discounts',
  'coupon',
  'promotion_code',
  'metadata',
  'payment_behavior',
  'cancel_at_period_end',
  'cancel_at',
  'trial_settings',
  'collection_method',
  'description',
  'payment_settings',
  'off_session',
  'proration_behavior',
  'automatic_tax',
  'billing_cycle_anchor',
];
const UPDATE_PARAMS = [
  'items',
  'proration_behavior',
  'proration_date',
  'payment_behavior',
  'cancel_at_period_end',
  'cancel_at',
  'cancellation_details',
  'default_payment_method',
  'default_tax_rates',
  'discounts',
  'metadata',
  'trial_end',
  'trial_settings',
  'description',
  'off_session',
  'payment_settings',
  'billing_cycle_anchor',
  'collection_method',
];

export const subscriptionRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/subscriptions',
    auth: 'secret',
    accepts: CREATE_PARAMS,
    handler: (ctx, { params }) => createSubscription(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/subscriptions/:id',
    auth: 'secret',
    handler: retrieve('subscription'),
  },
  {
    method: 'POST',
    path: '/v1/subscriptions/:id',
    auth: 'secret',
    accepts: UPDATE_PARAMS,
    handler: (ctx, { path, params }) => updateSubscription(ctx, path.id ?? '', params),
  },
  {
    method: 'DELETE',
    path: '/v1/subscriptions/:id',
    auth: 'secret',
    accepts: ['invoice_now', 'prorate', 'cancellation_details'],
    async handler(ctx, { path }) {
      await urlObject(ctx, path, 'subscription');
      return cancelSubscription(ctx, path.id ?? '');
    },
  },
  {
    method: 'GET',
    path: '/v1/subscriptions',
    auth: 'secret',
    async handler(ctx, { params }) {
      const customer = str(params, 'customer');
      const status = str(params, 'status');
      const price = str(params, 'price');
      const subs = (await list<Stripe.Subscription>(ctx, 'subscription', customer)).filter(
        (s) =>
          (status === 'all' ||
            (status ? s.status === status : s.status !== 'canceled' && s.status !== 'incomplete_expired')) &&
          (!price || s.items.data.some((item) => item.price.id === price)),
      );
      return paginate(subs, params, '/v1/subscriptions');
    },
  },
  {
    method: 'GET',
    path: '/v1/subscription_items/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      for (const sub of await list<Stripe.Subscription>(ctx, 'subscription')) {
        const item = sub.items.data.find((i) => i.id === path.id);
        if (item) return item;
      }
      return urlObject(ctx, path, 'subscription_item');
    },
  },
];
