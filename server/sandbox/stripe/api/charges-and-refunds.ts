import type Stripe from 'stripe';
import { createRefund } from '../billing/refunds';
import { paginate } from '../lists';
import { int, metadata, oneOf, str } from '../params';
import type { RouteDef } from '../router';
import { list } from '../store';
import { retrieve } from './retrieve';

const REFUND_REASONS = ['duplicate', 'fraudulent', 'requested_by_customer'] as const;

/** Charges are made by payment intents (billing/charges.ts); here they are read and refunded. */
export const chargeAndRefundRoutes: RouteDef[] = [
  {
    method: 'GET',
    path: '/v1/charges/:id',
    auth: 'secret',
    handler: retrieve('charge'),
  },
  {
    method: 'GET',
    path: '/v1/charges',
    auth: 'secret',
    async handler(ctx, { params }) {
      const intent = str(params, 'payment_intent');
      const charges = (await list<Stripe.Charge>(ctx, 'charge', str(params, 'customer'))).filter(
        (charge) => !intent || charge.payment_intent === intent,
      );
      return paginate(charges, params, '/v1/charges');
    },
  },
  {
    method: 'POST',
    path: '/v1/refunds',
    auth: 'secret',
    accepts: ['charge', 'payment_intent', 'amount', 'reason', 'metadata'],
    handler: (ctx, { params }) =>
      createRefund(ctx, {
        charge: str(params, 'charge'),
        paymentIntent: str(params, 'payment_intent'),
        amount: int(params, 'amount'),
        reason: oneOf(str(params, 'reason'), REFUND_REASONS, 'reason') ?? null,
        metadata: metadata(params),
      }),
  },
  {
    method: 'GET',
    path: '/v1/refunds/:id',
    auth: 'secret',
    handler: retrieve('refund'),
  },
  {
    method: 'GET',
    path: '/v1/refunds',
    auth: 'secret',
    async handler(ctx, { params }) {
      const charge = str(params, 'charge');
      const intent = str(params, 'payment_intent');
      const refunds = (await list<Stripe.Refund>(ctx, 'refund')).filter(
        (refund) => (!charge || refund.charge === charge) && (!intent || refund.payment_intent === intent),
      );
      return paginate(refunds, params, '/v1/refunds');
    },
  },
];
