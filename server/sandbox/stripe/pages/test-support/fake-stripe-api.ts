import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * A fake of the few publishable-key calls the pages and the Stripe.js stand-in make, for the
 * browser tests only: it lets the pages be developed and tested apart from the real emulator.
 * Test cards as decision 003 describes: 4242 succeeds, 0002 is declined, 3155 needs 3-D Secure.
 */

type Form = Record<string, string>;
interface Intent {
  id: string;
  object: 'setup_intent' | 'payment_intent';
  client_secret: string;
  status: string;
  payment_method: string | null;
  next_action: unknown;
  last_error: unknown;
  /** What the intent's success completes (a checkout session or an invoice), if anything. */
  onSucceeded?: () => void;
}
interface Session {
  id: string;
  object: 'checkout.session';
  mode: 'subscription' | 'setup' | 'payment';
  status: 'open' | 'complete' | 'expired';
  currency: string;
  amount_total: number;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  subscription_data: { trial_period_days: number | null };
  line_items: { object: 'list'; data: unknown[] };
}

const declined = {
  type: 'card_error',
  code: 'card_declined',
  decline_code: 'generic_decline',
  message: 'Your card was declined.',
};
const authenticationFailure = {
  type: 'invalid_request_error',
  code: 'setup_intent_authentication_failure',
  message:
    'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
};
const missing = (what: string) => ({
  type: 'invalid_request_error',
  code: 'resource_missing',
  message: `No such ${what}.`,
});

const token = () => randomBytes(8).toString('hex');

export function createFakeStripeApi(publishableKey: string) {
  const cards = new Map<string, string>();
  const intents = new Map<string, Intent>();
  const sessions = new Map<string, Session>();
  const invoices = new Map<string, Record<string, unknown>>();

  function stripeError(reply: FastifyReply, status: number, error: object) {
    return reply.code(status).send({ error });
  }

  function intentView(intent: Intent) {
    const { onSucceeded: _, last_error, ...view } = intent;
    return {
      ...view,
      [intent.object === 'setup_intent' ? 'last_setup_error' : 'last_payment_error']: last_error,
    };
  }

  function newIntent(object: Intent['object']): Intent {
    const id = `${object === 'setup_intent' ? 'seti' : 'pi'}_${token()}`;
    const intent: Intent = {
      id,
      object,
      client_secret: `${id}_secret_${token()}`,
      status: 'requires_payment_method',
      payment_method: null,
      next_action: null,
      last_error: null,
    };
    intents.set(id, intent);
    return intent;
  }

  function succeed(intent: Intent) {
    intent.status = 'succeeded';
    intent.next_action = null;
    intent.onSucceeded?.();
  }

  /** Runs a card against an intent, as the real sandbox does. */
  function charge(intent: Intent, paymentMethod: string, returnUrl?: string) {
    intent.payment_method = paymentMethod;
    intent.last_error = null;
    const number = cards.get(paymentMethod);
    if (number === '4000000000000002') {
      intent.status = 'requires_payment_method';
      intent.last_error = declined;
      return 'declined';
    }
    if (number === '4000002500003155') {
      intent.status = 'requires_action';
      // Like the real sandbox: the return URL travels in next_action, not in the challenge's address.
      const url = `/sandbox/stripe/3ds/${intent.id}?${new URLSearchParams({ client_secret: intent.client_secret })}`;
      intent.next_action = {
        type: 'redirect_to_url',
        redirect_to_url: { url, return_url: returnUrl ?? null },
      };
      return 'requires_action';
    }
    succeed(intent);
    return 'succeeded';
  }

  function register(app: FastifyInstance) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
      if (!request.url.startsWith('/v1/')) return;
      if (request.headers.authorization !== `Bearer ${publishableKey}`) {
        return stripeError(reply, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided.',
        });
      }
    });

    app.post<{ Body: Form }>('/v1/payment_methods', async (request, reply) => {
      const body = request.body;
      const number = body['card[number]'];
      if (body.type !== 'card' || !number) {
        return stripeError(reply, 400, {
          type: 'invalid_request_error',
          param: 'card[number]',
          message: 'Missing card.',
        });
      }
      const id = `pm_${token()}`;
      cards.set(id, number);
      return {
        id,
        object: 'payment_method',
        type: 'card',
        card: {
          brand: 'visa',
          last4: number.slice(-4),
          exp_month: Number(body['card[exp_month]']),
          exp_year: Number(body['card[exp_year]']),
        },
        billing_details: {
          name: body['billing_details[name]'] ?? null,
          email: body['billing_details[email]'] ?? null,
        },
      };
    });

    for (const [path, object] of [
      ['setup_intents', 'setup_intent'],
      ['payment_intents', 'payment_intent'],
    ] as const) {
      const find = (id: string, secret: string | undefined) => {
        const intent = intents.get(id);
        return intent && intent.object === object && intent.client_secret === secret ? intent : null;
      };
      app.get<{ Params: { id: string }; Querystring: Form }>(`/v1/${path}/:id`, async (request, reply) => {
        const intent = find(request.params.id, request.query.client_secret);
        return intent ? intentView(intent) : stripeError(reply, 404, missing(object));
      });
      app.post<{ Params: { id: string }; Body: Form }>(`/v1/${path}/:id/confirm`, async (request, reply) => {
        const intent = find(request.params.id, request.body.client_secret);
        if (!intent) return stripeError(reply, 404, missing(object));
        const paymentMethod = request.body.payment_method ?? intent.payment_method;
        if (!paymentMethod) {
          return stripeError(reply, 400, {
            type: 'invalid_request_error',
            param: 'payment_method',
            message: 'No payment method.',
          });
        }
        if (charge(intent, paymentMethod, request.body.return_url) === 'declined') {
          return stripeError(reply, 402, { ...declined, [object]: intentView(intent) });
        }
        return intentView(intent);
      });
    }

    app.post<{ Params: { id: string }; Body: Form }>(
      '/v1/sandbox/three_d_secure/:id',
      async (request, reply) => {
        const intent = intents.get(request.params.id);
        if (intent?.client_secret !== request.body.client_secret || intent?.status !== 'requires_action') {
          return stripeError(reply, 400, {
            type: 'invalid_request_error',
            message: 'This intent is not waiting for 3D Secure.',
          });
        }
        if (request.body.outcome === 'complete') succeed(intent);
        else {
          intent.status = 'requires_payment_method';
          intent.next_action = null;
          intent.last_error = authenticationFailure;
        }
        return intentView(intent);
      },
    );

    app.get<{ Params: { id: string } }>('/v1/payment_pages/:id', async (request, reply) => {
      const session = sessions.get(request.params.id);
      if (!session) return stripeError(reply, 404, missing('checkout session'));
      const redirect =
        session.status === 'complete' ? `${session.success_url}?session_id=${session.id}` : null;
      // As the sandbox: the return URLs only while open (they may carry login codes).
      const { success_url, cancel_url, ...shown } = session;
      const urls = session.status === 'open' ? { success_url, cancel_url } : {};
      return { ...shown, ...urls, redirect_url: redirect };
    });

    app.post<{ Params: { id: string }; Body: Form }>(
      '/v1/payment_pages/:id/confirm',
      async (request, reply) => {
        const session = sessions.get(request.params.id);
        if (session?.status !== 'open') {
          return stripeError(reply, 400, {
            type: 'invalid_request_error',
            message: 'This checkout session is not open.',
          });
        }
        const intent = newIntent(session.mode === 'payment' ? 'payment_intent' : 'setup_intent');
        intent.onSucceeded = () => {
          session.status = 'complete';
          session.customer_email = request.body.email ?? null;
        };
        const returnUrl = `http://${request.headers.host}/sandbox/stripe/checkout/${session.id}`;
        const result = charge(intent, request.body.payment_method ?? '', returnUrl);
        if (result === 'declined') return stripeError(reply, 402, declined);
        if (result === 'requires_action')
          return { status: 'requires_action', next_action: intent.next_action };
        return { status: 'complete', redirect_url: `${session.success_url}?session_id=${session.id}` };
      },
    );

    app.get<{ Params: { id: string } }>('/v1/sandbox/invoices/:id', async (request, reply) => {
      const invoice = invoices.get(request.params.id);
      return invoice ?? stripeError(reply, 404, missing('invoice'));
    });
  }

  return {
    register,
    setupIntent: () => newIntent('setup_intent').client_secret,
    checkoutSession(fields: Partial<Session> & { success_url: string; cancel_url: string }): Session {
      const session: Session = {
        id: `cs_test_${token()}`,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        currency: 'usd',
        amount_total: 3600,
        customer_email: 'olivia@acme.test',
        subscription_data: { trial_period_days: 14 },
        line_items: {
          object: 'list',
          data: [
            {
              description: 'Team',
              quantity: 3,
              amount_total: 3600,
              price: {
                unit_amount: 1200,
                currency: 'usd',
                recurring: { interval: 'month', interval_count: 1 },
                product: { name: 'Team' },
              },
            },
          ],
        },
        ...fields,
      };
      sessions.set(session.id, session);
      return session;
    },
    /** An open invoice whose payment intent the page confirms (confirmation_secret, as Stripe's). */
    invoice(fields: Record<string, unknown> = {}) {
      const id = `in_${token()}`;
      const intent = newIntent('payment_intent');
      const invoice: Record<string, unknown> & { id: string } = {
        id,
        object: 'invoice',
        number: 'SPARK-0001',
        status: 'open',
        currency: 'usd',
        created: 1_795_000_000,
        due_date: 1_796_000_000,
        customer_name: 'Acme Inc',
        customer_email: 'olivia@acme.test',
        lines: {
          object: 'list',
          data: [{ description: '3 × Team (at $12.00 / month)', quantity: 3, amount: 3600 }],
        },
        subtotal: 3600,
        total: 3600,
        amount_due: 3600,
        amount_paid: 0,
        amount_remaining: 3600,
        confirmation_secret: { type: 'payment_intent', client_secret: intent.client_secret },
        ...fields,
      };
      intent.onSucceeded = () =>
        Object.assign(invoice, {
          status: 'paid',
          amount_paid: invoice.total,
          amount_remaining: 0,
          confirmation_secret: null,
        });
      invoices.set(id, invoice);
      return invoice;
    },
  };
}
