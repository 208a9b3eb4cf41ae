import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../src/db/db';
import { migrate as runMigrations } from '../../src/db/migrator';
import { billingPortalRoutes } from './api/billing-portal';
import { chargeAndRefundRoutes } from './api/charges-and-refunds';
import { checkoutRoutes } from './api/checkout';
import { clockAndEventRoutes } from './api/clocks-and-events';
import { customerSearchRoutes } from './api/customer-search';
import { customerRoutes } from './api/customers';
import { intentRoutes } from './api/intents';
import { renderInvoicePdf } from './api/invoice-pdf';
import { invoiceRoutes } from './api/invoices';
import { paymentMethodRoutes } from './api/payment-methods';
import { productAndPriceRoutes } from './api/products-and-prices';
import { subscriptionRoutes } from './api/subscriptions';
import { taxRateAndCouponRoutes } from './api/tax-rates-and-coupons';
import { runDueWork } from './billing/subscription-lifecycle';
import { finishAdvancingClocks } from './billing/test-clocks';
import { sandboxNow, sandboxOffset, setSandboxOffset } from './clock';
import { createClockWorker } from './clock-worker';
import { API_VERSION, lockSandbox, type SandboxConfig } from './context';
import { StripeError } from './errors';
import { parseStripeForm } from './form-body';
import { randomToken } from './ids';
import { stripeSandboxPages } from './pages/pages-plugin';
import { int } from './params';
import { createRunner, mountRoute, newRequestId, type RouteDef } from './router';
import { sandboxHooks } from './sandbox-hooks';
import { find } from './store';
import { createWebhookDeliverer } from './webhooks';

export interface StripeSandboxOptions {
  db: Db;
  /** Base URL browsers use to reach this server (hosted pages live under `${publicUrl()}/sandbox/stripe/...`). */
  publicUrl: () => string;
  /** Where signed events are POSTed (the product's `${base}/api/v1/webhooks/stripe`). */
  webhookUrl: () => string;
  /** Real time source; the sandbox clock is now() plus a stored offset. */
  now?: () => Date;
  log?: (msg: string, data?: unknown) => void;
  /** Sees every JSON body the sandbox answers under /v1 and every webhook payload it sends (tests). */
  observe?: (body: ObservedBody) => void;
  /** How long a test clock stays `advancing` at least (Stripe's take seconds); 1.5 s unless given. */
  testClockAdvanceMs?: number;
}

export interface ObservedBody {
  source: 'api' | 'webhook';
  /** `GET /v1/customers/:id`: the route as registered; for a webhook, the event type. */
  route: string;
  status: number;
  body: unknown;
}

export interface SandboxAdvanceSummary {
  advancedSeconds: number;
  /** The sandbox clock after the advance (ISO 8601). */
  sandboxTime: string;
  /** What happened, in words: 'sub_123: trial ended, invoice in_456 paid $24.00'. */
  happened: string[];
  webhooksDelivered: number;
}

export interface StripeSandbox {
  readonly secretKey: string;
  readonly publishableKey: string;
  readonly webhookSecret: string;
  migrate(): Promise<void>;
  plugin: FastifyPluginAsync;
  advance(seconds: number): Promise<SandboxAdvanceSummary>;
  deliverPendingWebhooks(): Promise<number>;
  /** Webhook deliveries waiting (due or backing off): for the server's metrics. */
  pendingWebhooks(): Promise<number>;
  start(): void;
  close(): Promise<void>;
}

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Its schema's migrations (folder and table): tests migrate a template database with them once. */
export const stripeSandboxMigrations = { dir: migrationsDir, table: 'stripe_sandbox_migrations' };
const DUE_WORK_INTERVAL_MS = 30_000;
const WEBHOOK_RETRY_INTERVAL_MS = 5_000;
const TEST_CLOCK_ADVANCE_MS = 1_500;

const ROUTES: RouteDef[] = [
  ...productAndPriceRoutes,
  ...taxRateAndCouponRoutes,
  ...customerSearchRoutes,
  ...customerRoutes,
  ...paymentMethodRoutes,
  ...intentRoutes,
  ...chargeAndRefundRoutes,
  ...subscriptionRoutes,
  ...invoiceRoutes,
  ...checkoutRoutes,
  ...clockAndEventRoutes,
  ...billingPortalRoutes,
];

/** The sandbox's own call, not Stripe's: move its clock (the CLI's `sandbox advance` over HTTP). */
const SANDBOX_ROUTES: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/sandbox/advance',
    auth: 'secret',
    accepts: ['seconds'],
    raw: true,
    async handler(ctx, { params }) {
      const seconds = int(params, 'seconds') ?? 0;
      if (seconds < 0)
        throw new StripeError(400, {
          type: 'invalid_request_error',
          message: 'seconds must be >= 0',
          param: 'seconds',
        });
      await setSandboxOffset(ctx, (await sandboxOffset(ctx)) + seconds);
      const now = await sandboxNow(ctx);
      await runDueWork(ctx, null, now);
      return {
        object: 'sandbox.advance',
        advancedSeconds: seconds,
        sandboxTime: new Date(now * 1000).toISOString(),
        happened: ctx.notes,
      };
    },
  },
];

/** Every failure in Stripe's error shape; an unexpected one logged, and said as Stripe's api_error. */
function stripeShapedErrors(config: SandboxConfig) {
  return (error: FastifyError | StripeError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof StripeError) {
      return reply.code(error.status).send({ error: error.body });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status < 500) {
      return reply.code(status).send({ error: { type: 'invalid_request_error', message: error.message } });
    }
    request.log.error({ err: error }, 'stripe sandbox: internal error');
    config.log('stripe sandbox: internal error', { message: error.message, stack: error.stack });
    return reply
      .code(500)
      .send({ error: { type: 'api_error', message: 'An unknown error occurred in the Stripe sandbox.' } });
  };
}

export function createStripeSandbox(options: StripeSandboxOptions): StripeSandbox {
  const config: SandboxConfig = {
    secretKey: `sk_test_sandbox_${randomToken(24)}`,
    publishableKey: `pk_test_sandbox_${randomToken(24)}`,
    webhookSecret: `whsec_sandbox_${randomToken(32)}`,
    apiVersion: API_VERSION,
    publicUrl: options.publicUrl,
    realNow: options.now ?? (() => new Date()),
    log: options.log ?? (() => {}),
    hooks: sandboxHooks,
  };
  const observe = options.observe;
  const webhooks = createWebhookDeliverer(
    options.db,
    config,
    options.webhookUrl,
    () => config.webhookSecret,
    observe
      ? (event) => observe({ source: 'webhook', route: event.type, status: 200, body: event })
      : undefined,
  );
  const runner = createRunner(options.db, config, (ctx) => {
    webhooks.kick();
    if (ctx.clockAdvancing) clocks.kick();
  });
  const clocks = createClockWorker(
    runner,
    config,
    finishAdvancingClocks,
    options.testClockAdvanceMs ?? TEST_CLOCK_ADVANCE_MS,
  );
  const timers: NodeJS.Timeout[] = [];

  /**
   * Several servers on one database are one sandbox: the first to start stores its keys, and every
   * process (this one included, from here on) uses the stored ones.
   */
  async function adoptSharedKeys(): Promise<void> {
    const keys = await options.db.transaction(async (tx) => {
      await lockSandbox(tx);
      await tx.query(
        `INSERT INTO stripe_sandbox_keys (secret_key, publishable_key, webhook_secret) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO NOTHING`,
        [config.secretKey, config.publishableKey, config.webhookSecret],
      );
      const [row] = await tx.query<{ secret_key: string; publishable_key: string; webhook_secret: string }>(
        'SELECT secret_key, publishable_key, webhook_secret FROM stripe_sandbox_keys',
      );
      return row;
    });
    if (!keys) throw new Error('stripe sandbox: no keys stored');
    config.secretKey = keys.secret_key;
    config.publishableKey = keys.publishable_key;
    config.webhookSecret = keys.webhook_secret;
  }

  /** Moves the sandbox clock and runs what fell due; returns the words for it. */
  async function moveClock(seconds: number) {
    return runner.unit({ id: null, idempotency_key: null }, async (ctx) => {
      await setSandboxOffset(ctx, (await sandboxOffset(ctx)) + seconds);
      const now = await sandboxNow(ctx);
      await runDueWork(ctx, null, now);
      return { happened: ctx.notes, now };
    });
  }

  async function advance(seconds: number): Promise<SandboxAdvanceSummary> {
    if (!Number.isFinite(seconds) || seconds < 0)
      throw new Error('advance: seconds must be a non-negative number');
    const deliveredBefore = webhooks.deliveredCount();
    const { happened, now } = await moveClock(Math.round(seconds));
    await webhooks.deliverAll();
    // Counted across pumps: the one kicked by the commit may have delivered some already.
    const webhooksDelivered = webhooks.deliveredCount() - deliveredBefore;
    return {
      advancedSeconds: Math.round(seconds),
      sandboxTime: new Date(now * 1000).toISOString(),
      happened,
      webhooksDelivered,
    };
  }

  const plugin: FastifyPluginAsync = async (app) => {
    // Encapsulated: this parser and error handler apply to the sandbox's routes only.
    app.removeContentTypeParser('application/x-www-form-urlencoded');
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_request, body, done) => {
        try {
          done(null, parseStripeForm(body as string));
        } catch (error) {
          done(error as Error, undefined);
        }
      },
    );
    app.setErrorHandler(stripeShapedErrors(config));
    // Every answer names a request, the 404 of an unknown address too; routes set their own.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('request-id', newRequestId());
    });
    if (observe) {
      app.addHook('onSend', async (request, reply, payload) => {
        if (typeof payload === 'string' && request.url.startsWith('/v1/')) {
          const route = `${request.method} ${request.routeOptions.url ?? request.url}`;
          try {
            observe({ source: 'api', route, status: reply.statusCode, body: JSON.parse(payload) });
          } catch {
            // Not JSON: nothing Stripe-shaped to check.
          }
        }
        return payload;
      });
    }
    for (const route of [...ROUTES, ...SANDBOX_ROUTES]) mountRoute(app, route, runner, config);
    // The invoice PDF link is opened by a browser without a key, as Stripe's are.
    app.get('/v1/sandbox/invoices/:id/pdf', async (request, reply) => {
      const { id } = request.params as { id: string };
      const invoice = await runner.unit({ id: null, idempotency_key: null }, (ctx) =>
        find(ctx, id, 'invoice'),
      );
      if (!invoice)
        throw new StripeError(404, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such invoice: '${id}'`,
        });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="invoice-${id}.pdf"`)
        .send(renderInvoicePdf(invoice as never));
    });
    // Any other /v1 address or method: Stripe's JSON answer, not the server's text 404.
    app.all('/v1/*', async (request, reply) => {
      const path = request.url.split('?')[0];
      return reply.code(404).send({
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        },
      });
    });
    await app.register(stripeSandboxPages, {
      publishableKey: config.publishableKey,
      publicUrl: config.publicUrl,
    });
  };

  return {
    // Getters: migrate() replaces this process's random keys with the ones the database holds.
    get secretKey() {
      return config.secretKey;
    },
    get publishableKey() {
      return config.publishableKey;
    },
    get webhookSecret() {
      return config.webhookSecret;
    },
    async migrate() {
      await runMigrations(options.db, stripeSandboxMigrations.dir, stripeSandboxMigrations.table);
      await adoptSharedKeys();
    },
    plugin,
    advance,
    deliverPendingWebhooks: () => webhooks.deliverAll(),
    pendingWebhooks: () => webhooks.pendingCount(),
    start() {
      if (timers.length > 0) return;
      timers.push(
        setInterval(() => {
          moveClock(0).catch((error) =>
            config.log('stripe sandbox: due work failed', { error: String(error) }),
          );
          // A clock left advancing by a process that stopped is finished here.
          clocks.kick();
        }, DUE_WORK_INTERVAL_MS),
        setInterval(() => webhooks.kick(), WEBHOOK_RETRY_INTERVAL_MS),
      );
      for (const timer of timers) timer.unref();
    },
    async close() {
      for (const timer of timers.splice(0)) clearInterval(timer);
      await clocks.idle();
      await webhooks.idle();
    },
  };
}
