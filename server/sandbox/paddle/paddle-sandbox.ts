import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyPluginAsync } from 'fastify';
import type { Db } from '../../src/db/db';
import { migrate as runMigrations } from '../../src/db/migrator';
import { addressAndBusinessRoutes } from './api/addresses-and-businesses';
import { customerRoutes } from './api/customers';
import { eventRoutes } from './api/events';
import { notificationSettingRoutes } from './api/notification-settings';
import { notificationRoutes } from './api/notifications';
import { portalSessionRoutes } from './api/portal-sessions';
import { priceRoutes } from './api/prices';
import { productRoutes } from './api/products';
import { subscriptionChangeRoutes } from './api/subscription-changes';
import { subscriptionRoutes } from './api/subscriptions';
import { transactionRoutes } from './api/transactions';
import { invoiceLines, invoiceLinkValid, renderPdf } from './billing/invoice-pdf';
import { runDueWork } from './billing/time-passing';
import type { TransactionEntity } from './billing/transaction-entity';
import { paddleJsStandIn } from './browser/paddle-js-plugin';
import { checkoutBackEnd } from './checkout/checkout-routes';
import { payLinkPage } from './checkout/pay-link-routes';
import { sandboxNow, sandboxOffset, setSandboxOffset } from './clock';
import { lockSandbox, type PaddleSandboxConfig } from './context';
import { answerPaddleError, PaddleError } from './errors';
import { newId, newRequestId, randomToken } from './ids';
import { acceptEmptyJson } from './json-body';
import { createWebhookDeliverer } from './notifications/webhook-delivery';
import { portalPages } from './portal/portal-pages';
import { createRunner, mountRoute, type RouteDef } from './router';
import { findRow } from './store';

export interface PaddleSandboxOptions {
  db: Db;
  /** Base URL browsers and the SDK use to reach this server. */
  publicUrl: () => string;
  /** Where signed events are POSTed (the product's `${base}/api/v1/webhooks/paddle`). */
  webhookUrl: () => string;
  /**
   * The seller's default payment link, as set in Paddle's dashboard (Checkout settings): the page
   * every transaction's `checkout.url` names, with `?_ptxn=`. Unset or null: the sandbox's own page.
   */
  defaultPaymentLink?: () => string | null;
  now?: () => Date;
  log?: (msg: string, data?: unknown) => void;
}

export interface PaddleAdvanceSummary {
  /** The sandbox clock after the advance (ISO 8601). */
  sandboxTime: string;
  /** What happened, in words: 'sub_...: renewed, txn_... paid 3570 EUR'. */
  happened: string[];
}

/** How often the running sandbox looks for what fell due in real time. */
const DUE_WORK_EVERY_MS = 60_000;

export interface PaddleSandbox {
  readonly apiKey: string;
  readonly clientToken: string;
  readonly webhookSecret: string;
  /** Where the SDK's `environment` option points: `${publicUrl}/sandbox/paddle/api`. */
  apiBaseUrl(): string;
  migrate(): Promise<void>;
  /** Moves the sandbox's clock on and runs what fell due (renewals, trial ends, scheduled cancels). */
  advance(seconds: number): Promise<PaddleAdvanceSummary>;
  /** Registered at the server's root: it serves under /sandbox/paddle. */
  plugin: FastifyPluginAsync;
  /** Delivers every pending webhook now, retries included (tests, `cli sandbox advance`). */
  deliverPendingWebhooks(): Promise<number>;
  /** Webhook deliveries waiting (due or backing off): for the server's metrics. */
  pendingWebhooks(): Promise<number>;
  /** Resolves once no delivery pass is under way, such as the one each committed API call starts. */
  webhooksIdle(): Promise<void>;
  /** Starts the webhook worker's timer; close() stops it and waits for a delivery under way. */
  start(): void;
  close(): Promise<void>;
}

/** The API's mount point, below the server's root. */
export const PADDLE_API_PREFIX = '/sandbox/paddle/api';

const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Its schema's migrations (folder and table): tests migrate a template database with them once. */
export const paddleSandboxMigrations = { dir: migrationsDir, table: 'paddle_sandbox_migrations' };

const ROUTES: RouteDef[] = [
  ...productRoutes,
  ...priceRoutes,
  ...customerRoutes,
  ...addressAndBusinessRoutes,
  ...transactionRoutes,
  ...subscriptionRoutes,
  ...subscriptionChangeRoutes,
  ...eventRoutes,
  ...notificationRoutes,
  ...portalSessionRoutes,
];

/** How often the worker looks for deliveries due again after a failure, or left by a stopped server. */
const WEBHOOK_RETRY_INTERVAL_MS = 5_000;

export function createPaddleSandbox(options: PaddleSandboxOptions): PaddleSandbox {
  const config: PaddleSandboxConfig = {
    apiKey: `pdl_sdbx_apikey_${randomToken(26)}_${randomToken(22)}_${randomToken(3)}`,
    clientToken: `test_${randomToken(27)}`,
    webhookSecret: `pdl_ntfset_${randomToken(26)}_${randomToken(32)}`,
    notificationSettingId: newId('notification_setting'),
    publicUrl: options.publicUrl,
    defaultPaymentLink: options.defaultPaymentLink ?? (() => null),
    realNow: options.now ?? (() => new Date()),
    log: options.log ?? (() => {}),
  };
  const webhooks = createWebhookDeliverer(options.db, config, options.webhookUrl);
  // Once a unit has committed, the events it recorded are sent at once.
  const unit = createRunner(options.db, config, () => webhooks.kick());
  const routes = [...ROUTES, ...notificationSettingRoutes(options.webhookUrl)];
  let timer: NodeJS.Timeout | null = null;
  let dueWork: NodeJS.Timeout | null = null;

  /**
   * Several servers on one database are one sandbox: the first to start stores its keys, and every
   * process (this one included, from here on) uses the stored ones.
   */
  async function adoptSharedKeys(): Promise<void> {
    const keys = await options.db.transaction(async (tx) => {
      await lockSandbox(tx);
      await tx.query(
        `INSERT INTO paddle_sandbox_keys (api_key, client_token, webhook_secret, notification_setting_id)
         VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO NOTHING`,
        [config.apiKey, config.clientToken, config.webhookSecret, config.notificationSettingId],
      );
      const [row] = await tx.query<{
        api_key: string;
        client_token: string;
        webhook_secret: string;
        notification_setting_id: string;
      }>('SELECT api_key, client_token, webhook_secret, notification_setting_id FROM paddle_sandbox_keys');
      return row;
    });
    if (!keys) throw new Error('paddle sandbox: no keys stored');
    config.apiKey = keys.api_key;
    config.clientToken = keys.client_token;
    config.webhookSecret = keys.webhook_secret;
    config.notificationSettingId = keys.notification_setting_id;
  }

  const api: FastifyPluginAsync = async (app) => {
    // Encapsulated: this error handler applies to the sandbox's routes only.
    app.setErrorHandler(answerPaddleError);
    acceptEmptyJson(app);
    // Every answer names a request, the 404 of an unknown address too.
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-request-id', newRequestId());
    });
    for (const route of routes) mountRoute(app, route, unit, config);
    app.all('/*', async (request) => {
      const path = request.url.split('?')[0];
      throw new PaddleError(404, 'not_found', `Unrecognized request URL (${request.method}: ${path}).`);
    });
  };

  /** The invoice PDFs the API's signed links point to (no API key: the link is the permission). */
  const invoices: FastifyPluginAsync = async (app) => {
    app.setErrorHandler(answerPaddleError);
    app.get<{ Params: { file: string }; Querystring: { expires?: string; signature?: string } }>(
      '/:file',
      async (request, reply) => {
        const transactionId = request.params.file.replace(/\.pdf$/, '');
        const transaction = await unit(newRequestId(), async (ctx) => {
          const nowS = Math.floor((await sandboxNow(ctx)).getTime() / 1000);
          const { expires, signature } = request.query;
          if (!invoiceLinkValid(config.apiKey, transactionId, expires, signature, nowS)) return null;
          return (await findRow<TransactionEntity>(ctx, transactionId, 'transaction'))?.data ?? null;
        });
        if (!transaction?.invoice_number) {
          throw new PaddleError(403, 'forbidden', 'This invoice link is not valid, or has expired.');
        }
        return reply
          .type('application/pdf')
          .header('content-disposition', `inline; filename="invoice-${transaction.invoice_number}.pdf"`)
          .send(renderPdf(invoiceLines(transaction)));
      },
    );
  };

  const plugin: FastifyPluginAsync = async (app) => {
    await app.register(api, { prefix: PADDLE_API_PREFIX });
    await app.register(checkoutBackEnd(unit, config), { prefix: '/sandbox/paddle/checkout' });
    await app.register(invoices, { prefix: '/sandbox/paddle/invoices' });
    // The browser's side: the Paddle.js stand-in, its overlay checkout page and the page's files.
    await app.register(paddleJsStandIn);
    await app.register(payLinkPage(unit, config));
    await app.register(portalPages(unit, options.publicUrl));
  };

  return {
    // Getters: migrate() replaces this process's random keys with the ones the database holds.
    get apiKey() {
      return config.apiKey;
    },
    get clientToken() {
      return config.clientToken;
    },
    get webhookSecret() {
      return config.webhookSecret;
    },
    apiBaseUrl: () => `${options.publicUrl()}${PADDLE_API_PREFIX}`,
    async migrate() {
      await runMigrations(options.db, paddleSandboxMigrations.dir, paddleSandboxMigrations.table);
      await adoptSharedKeys();
    },
    async advance(seconds) {
      if (!Number.isInteger(seconds) || seconds < 0)
        throw new Error('advance: seconds must be a non-negative integer');
      const summary = await unit(newRequestId(), async (ctx) => {
        await setSandboxOffset(ctx, (await sandboxOffset(ctx)) + seconds);
        const now = await sandboxNow(ctx);
        return { sandboxTime: now.toISOString(), happened: await runDueWork(ctx, now) };
      });
      // The CLI answers once the product has heard of what happened, as the Stripe sandbox's advance does.
      await webhooks.deliverAll();
      return summary;
    },
    plugin,
    deliverPendingWebhooks: () => webhooks.deliverAll(),
    pendingWebhooks: () => webhooks.pendingCount(),
    webhooksIdle: () => webhooks.idle(),
    start() {
      if (timer) return;
      timer = setInterval(() => webhooks.kick(), WEBHOOK_RETRY_INTERVAL_MS);
      timer.unref();
      webhooks.kick();
      // What falls due in real time (renewals, trial ends, scheduled cancels), looked for each minute.
      dueWork = setInterval(() => {
        unit(newRequestId(), async (ctx) => runDueWork(ctx, await sandboxNow(ctx))).catch((error: unknown) =>
          config.log('paddle sandbox: due work failed', { error: String(error) }),
        );
      }, DUE_WORK_EVERY_MS);
      dueWork.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      timer = null;
      if (dueWork) clearInterval(dueWork);
      dueWork = null;
      // Shutdown: what is not delivered now stays pending for the next start, or another server.
      await webhooks.stop();
    },
  };
}
