import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * A fake of the checkout's back end (/sandbox/paddle/checkout/preview, pay, 3ds/:id) as the Paddle
 * contract writes it, for the browser tests only, so the stand-in is tested apart from the sandbox.
 * Test cards as the Stripe sandbox's: 4242 succeeds, 0002 is declined, 3155 asks for 3-D Secure.
 */

interface Body {
  token?: string;
  items?: { priceId: string; quantity: number }[];
  transactionId?: string;
  address?: { countryCode: string; postalCode: string };
  card?: { number: string; expiry: string; cvc: string; name: string };
  outcome?: string;
  [key: string]: unknown;
}

const prices: Record<string, { productName: string; unitPrice: number }> = {
  pri_01plusmonthly: { productName: 'Plus', unitPrice: 1200 },
};
const declined = { status: 'declined', message: 'Your card was declined.' };
const authenticationFailed = {
  status: 'declined',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
/** A past-due renewal's transaction, as a payment link (?_ptxn=) names it. */
export const PAST_DUE_TRANSACTION = 'txn_01pastduerenewal';
const pastDueCustomer = { email: 'pat@press.test', countryCode: 'DE', postalCode: '10115' };
const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;

function paddleError(reply: FastifyReply, status: number, code: string, detail: string) {
  return reply.code(status).send({
    error: { type: 'request_error', code, detail, documentation_url: 'https://developer.paddle.com' },
    meta: { request_id: id('req') },
  });
}

export function createFakeCheckoutApi(clientToken: string) {
  const payments: Body[] = [];
  const challenges = new Set<string>();

  function completed() {
    return {
      status: 'completed',
      transactionId: id('txn'),
      customerId: id('ctm'),
      subscriptionId: id('sub'),
    };
  }

  function register(app: FastifyInstance) {
    app.addHook('preHandler', async (request, reply) => {
      if (!request.url.startsWith('/sandbox/paddle/checkout/') || request.method !== 'POST') return;
      if ((request.body as Body | undefined)?.token !== clientToken) {
        return paddleError(reply, 403, 'forbidden', 'The client-side token is not valid.');
      }
    });

    app.post<{ Body: Body }>('/sandbox/paddle/checkout/preview', async (request, reply) => {
      const { items, transactionId, address } = request.body;
      const lines = transactionId
        ? [{ priceId: 'pri_01plusmonthly', quantity: 3, unitPrice: 0, productName: 'Plus' }]
        : (items ?? []).map((item) => ({ ...item, ...prices[item.priceId] }));
      if (lines.length === 0 || lines.some((line) => line.unitPrice === undefined)) {
        return paddleError(reply, 400, 'bad_request', 'Unknown price.');
      }
      const subtotal = lines.reduce((sum, line) => sum + (line.unitPrice ?? 0) * line.quantity, 0);
      const tax = address?.countryCode === 'DE' ? Math.round(subtotal * 0.19) : 0;
      const totals = { subtotal: String(subtotal), tax: String(tax), total: String(subtotal + tax) };
      return {
        currencyCode: 'USD',
        items: lines.map((line) => ({
          priceId: line.priceId,
          productName: line.productName,
          description: `${line.productName} monthly`,
          quantity: line.quantity,
          unitPrice: String(line.unitPrice),
          billingCycle: { interval: 'month', frequency: 1 },
          trialDays: null,
        })),
        totals,
        recurringTotals: transactionId ? null : totals,
        // A renewal's transaction has its customer and address, which the checkout shows filled in.
        customer: transactionId === PAST_DUE_TRANSACTION ? pastDueCustomer : null,
      };
    });

    app.post<{ Body: Body }>('/sandbox/paddle/checkout/pay', async (request) => {
      payments.push(request.body);
      const number = request.body.card?.number;
      if (number === '4000000000000002') return declined;
      if (number === '4000002500003155') {
        const threeDSecureId = id('tds');
        challenges.add(threeDSecureId);
        return { status: 'requires_action', threeDSecureId };
      }
      return completed();
    });

    app.post<{ Body: Body; Params: { id: string } }>(
      '/sandbox/paddle/checkout/3ds/:id',
      async (request, reply) => {
        if (!challenges.delete(request.params.id)) {
          return paddleError(reply, 400, 'bad_request', 'This payment is not waiting for 3-D Secure.');
        }
        return request.body.outcome === 'approve' ? completed() : authenticationFailed;
      },
    );
  }

  return { register, payments };
}
