import type Stripe from 'stripe';
import {
  attachPaymentMethod,
  billingDetailsOf,
  createPaymentMethod,
  detachPaymentMethod,
  resolvePaymentMethod,
} from '../billing/payment-methods';
import { changedAttributes, emit } from '../events';
import { paginate } from '../lists';
import { int, metadata, obj, reqStr, str } from '../params';
import type { RouteDef } from '../router';
import { list, put } from '../store';
import { retrieve, urlObject } from './retrieve';

export const paymentMethodRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/payment_methods',
    auth: 'either',
    accepts: [
      'type',
      'card',
      'billing_details',
      'metadata',
      'allow_redisplay',
      'payment_user_agent',
      'time_on_page',
      'guid',
      'muid',
      'sid',
      'customer',
    ],
    async handler(ctx, { params, key }) {
      return createPaymentMethod(ctx, params, key === 'publishable');
    },
  },
  {
    method: 'GET',
    path: '/v1/payment_methods/:id',
    auth: 'secret',
    handler: retrieve('payment_method'),
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id',
    auth: 'secret',
    accepts: ['billing_details', 'metadata', 'card', 'allow_redisplay'],
    async handler(ctx, { path, params }) {
      const pm = await urlObject<Stripe.PaymentMethod>(ctx, path, 'payment_method');
      const billing = obj(params, 'billing_details');
      const card = obj(params, 'card');
      const next: Stripe.PaymentMethod = {
        ...pm,
        billing_details: billing ? billingDetailsOf(billing) : pm.billing_details,
        metadata: metadata(params, pm.metadata ?? {}),
      };
      if (card && next.card) {
        next.card = {
          ...next.card,
          exp_month: int(card, 'exp_month') ?? next.card.exp_month,
          exp_year: int(card, 'exp_year') ?? next.card.exp_year,
        };
      }
      await put(ctx, next);
      const changed = changedAttributes(pm, next);
      if (Object.keys(changed).length > 0) await emit(ctx, 'payment_method.updated', next, changed);
      return next;
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/attach',
    auth: 'secret',
    accepts: ['customer'],
    async handler(ctx, { path, params }) {
      const customer = reqStr(params, 'customer');
      const pm = await resolvePaymentMethod(ctx, path.id ?? '', 'id');
      return attachPaymentMethod(ctx, pm.id, customer);
    },
  },
  {
    method: 'POST',
    path: '/v1/payment_methods/:id/detach',
    auth: 'secret',
    accepts: [],
    handler: (ctx, { path }) => detachPaymentMethod(ctx, path.id ?? ''),
  },
  {
    method: 'GET',
    path: '/v1/payment_methods',
    auth: 'secret',
    async handler(ctx, { params }) {
      const customer = str(params, 'customer');
      const type = str(params, 'type');
      const pms = (await list<Stripe.PaymentMethod>(ctx, 'payment_method', customer)).filter(
        (pm) => (!type || pm.type === type) && (customer ? true : pm.customer !== null),
      );
      return paginate(pms, params, '/v1/payment_methods');
    },
  },
];
