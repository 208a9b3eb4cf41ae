import type Stripe from 'stripe';
import { invalidRequest } from '../errors';
import { emit } from '../events';
import { paginate } from '../lists';
import { str } from '../params';
import type { RouteDef } from '../router';
import { list, put } from '../store';
import { confirmPage, expireIfDue, page } from './checkout-complete';
import { createSession } from './checkout-create';
import { urlObject } from './retrieve';

export const checkoutRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/checkout/sessions',
    auth: 'secret',
    accepts: [
      'mode',
      'customer',
      'customer_email',
      'client_reference_id',
      'line_items',
      'subscription_data',
      'discounts',
      'allow_promotion_codes',
      'metadata',
      'success_url',
      'cancel_url',
      'setup_intent_data',
      'payment_intent_data',
      'currency',
      'payment_method_types',
      'expires_at',
      'ui_mode',
      'locale',
      'customer_creation',
      'billing_address_collection',
      'tax_id_collection',
      'automatic_tax',
      'consent_collection',
      'customer_update',
      'return_url',
      'payment_method_collection',
    ],
    handler: (ctx, { params }) => createSession(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      return expireIfDue(ctx, await urlObject<Stripe.Checkout.Session>(ctx, path, 'checkout.session'));
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions/:id/line_items',
    auth: 'secret',
    async handler(ctx, { path, params }) {
      const session = await urlObject<Stripe.Checkout.Session>(ctx, path, 'checkout.session');
      return paginate(
        (session.line_items?.data ?? []) as Stripe.LineItem[],
        params,
        `/v1/checkout/sessions/${session.id}/line_items`,
      );
    },
  },
  {
    method: 'POST',
    path: '/v1/checkout/sessions/:id/expire',
    auth: 'secret',
    accepts: [],
    async handler(ctx, { path }) {
      const session = await urlObject<Stripe.Checkout.Session>(ctx, path, 'checkout.session');
      if (session.status !== 'open')
        throw invalidRequest(`Only Checkout Sessions with a status in ["open"] can be expired.`);
      const expired = { ...session, status: 'expired' as const, url: null };
      await put(ctx, expired);
      await emit(ctx, 'checkout.session.expired', expired);
      return expired;
    },
  },
  {
    method: 'GET',
    path: '/v1/checkout/sessions',
    auth: 'secret',
    async handler(ctx, { params }) {
      const customer = str(params, 'customer');
      const subscription = str(params, 'subscription');
      const status = str(params, 'status');
      const sessions = (await list<Stripe.Checkout.Session>(ctx, 'checkout.session', customer)).filter(
        (s) => (!subscription || s.subscription === subscription) && (!status || s.status === status),
      );
      return paginate(sessions, params, '/v1/checkout/sessions');
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_pages/:id',
    auth: 'publishable',
    raw: true,
    handler: (ctx, { path }) => page(ctx, path.id ?? ''),
  },
  {
    method: 'POST',
    path: '/v1/payment_pages/:id/confirm',
    auth: 'publishable',
    raw: true,
    accepts: ['payment_method', 'email'],
    handler: (ctx, { path, params }) => confirmPage(ctx, path.id ?? '', params),
  },
];
