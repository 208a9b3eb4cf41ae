import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { PaddleSandbox } from '../../sandbox/paddle/paddle-sandbox';
import { createStripeSandbox, type StripeSandbox } from '../../sandbox/stripe/stripe-sandbox';
import type { BuildAppOptions } from '../app';
import type { PaddleSettings } from '../billing/paddle/paddle-client';
import { createStripeProvider, type StripeSettings } from '../billing/stripe/stripe-provider';
import { createUnconfiguredProvider } from '../billing/unconfigured-provider';
import type { Db } from '../db/db';
import type { GaugeSource } from '../metrics/metrics';
import { seedDemoBilling } from '../seed/demo-billing';
import { seedPaddleDemo } from '../seed/demo-paddle';
import type { Config } from '../settings/config';
import { stripeSandboxDecision } from '../settings/stand-ins';
import { startPaddleSandbox } from './paddle-sandbox-start';

/** How often seats and plans are checked against the provider, to correct any drift. */
const RECONCILE_EVERY_MS = 60 * 60 * 1000;

export interface BillingStart {
  options: BuildAppOptions['billing'];
  standIns: FastifyPluginAsync[];
  /** The sandbox, when no real keys are set (the CLI's `sandbox advance` reaches it through the server). */
  sandbox: StripeSandbox | null;
  /** The Paddle sandbox, when PADDLE_API_KEY is unset and it may run (paddle-sandbox-start.ts). */
  paddleSandbox: PaddleSandbox | null;
  /** Once listening: the catalogue at the provider, demo billing after a fresh seed, timers. */
  afterListen(app: FastifyInstance, seeded: boolean): Promise<void>;
  /** Demo billing objects for the demo teams (after `seed --reset` too). */
  seedDemo(app: FastifyInstance): Promise<void>;
  stop(): Promise<void>;
  /** What the metrics report of it: the sandbox's webhook queue (the product never imports the sandbox). */
  gauges: GaugeSource[];
}

function sandboxWebhookQueue(sandbox: StripeSandbox): GaugeSource {
  return {
    name: 'stripe_sandbox_webhooks_pending',
    help: 'Webhook deliveries of the Stripe sandbox not yet made (due or backing off after a failure)',
    read: () => sandbox.pendingWebhooks(),
  };
}

/**
 * Paddle: PADDLE_* keys for real Paddle; else the sandbox's keys, the SDK pointed at the sandbox
 * where this process reaches itself, and the Paddle.js stand-in for browsers; else not configured.
 */
function paddleSettings(
  config: Config,
  sandbox: PaddleSandbox | null,
  localUrl: () => string,
): PaddleSettings {
  const defaultProvider = config.defaultPaymentProvider;
  if (config.paddle.apiKey || !sandbox) return { ...config.paddle, defaultProvider };
  return {
    apiKey: sandbox.apiKey,
    clientToken: sandbox.clientToken,
    webhookSecret: sandbox.webhookSecret,
    environment: 'sandbox',
    standIn: { apiBaseUrl: () => `${localUrl()}/sandbox/paddle/api`, scriptUrl: '/sandbox/paddle/paddle.js' },
    defaultProvider,
  };
}

/**
 * The catalogue's plans at Paddle, at every start. A failure there is logged and leaves Stripe
 * working: Paddle's calls answer 'unavailable' until a later start makes the catalogue.
 */
async function syncPaddleCatalogue(app: FastifyInstance, log: (error: unknown) => void): Promise<void> {
  await app.paddle.syncCatalogue().catch((error: unknown) => log(error));
}

function paddleSandboxWebhookQueue(sandbox: PaddleSandbox): GaugeSource {
  return {
    name: 'paddle_sandbox_webhooks_pending',
    help: 'Webhook deliveries of the Paddle sandbox not yet made (due or backing off after a failure)',
    read: () => sandbox.pendingWebhooks(),
  };
}

/**
 * The Paddle demo team, only while the Paddle sandbox stands in for Paddle (a real Paddle account
 * gets none). A reset wiped the sandbox's catalogue, so it is made again first.
 */
async function seedPaddle(
  app: FastifyInstance,
  sandbox: PaddleSandbox | null,
  localUrl: () => string,
): Promise<void> {
  if (!sandbox) return;
  await app.paddle.syncCatalogue();
  await seedPaddleDemo(app, {
    payUrl: `${localUrl()}/sandbox/paddle/checkout/pay`,
    clientToken: sandbox.clientToken,
  });
}

/** No keys and no sandbox: a provider that answers 'not configured', and nothing to sync or mount. */
function unconfiguredBilling(
  config: Config,
  paddleSandbox: PaddleSandbox | null,
  localUrl: () => string,
  log: (error: unknown) => void,
): BillingStart {
  let timer: NodeJS.Timeout | null = null;
  return {
    options: {
      provider: createUnconfiguredProvider(),
      operatorEmail: config.operatorEmail,
      paddle: paddleSettings(config, paddleSandbox, localUrl),
    },
    standIns: paddleSandbox ? [paddleSandbox.plugin] : [],
    sandbox: null,
    paddleSandbox,
    seedDemo: (app) => seedPaddle(app, paddleSandbox, localUrl),
    afterListen: async (app, seeded) => {
      await syncPaddleCatalogue(app, log);
      if (seeded) await seedPaddle(app, paddleSandbox, localUrl);
      paddleSandbox?.start();
      // Paddle teams' seats are reconciled as Stripe's are (billing.sync folds both in).
      if (app.paddle.settings(null).enabled) {
        timer = setInterval(() => {
          void app.billing.sync.reconcile().catch((error: unknown) => log(error));
        }, RECONCILE_EVERY_MS);
        timer.unref();
      }
    },
    stop: async () => {
      if (timer) clearInterval(timer);
      await paddleSandbox?.close();
    },
    gauges: paddleSandbox ? [paddleSandboxWebhookQueue(paddleSandbox)] : [],
  };
}

/**
 * The one seam between the product and the Stripe stand-in: with STRIPE_* keys the product talks to
 * Stripe; without them this mounts the built-in sandbox and points the same SDK at this server, where
 * the sandbox may run (stand-ins.ts: a loopback PUBLIC_URL, or STRIPE_SANDBOX=on). Elsewhere payments
 * are not configured: billing calls answer so, and nothing is mounted.
 * `localUrl` is where this process can reach itself (the sandbox's webhooks and the SDK go there).
 */
export async function startBilling(
  config: Config,
  db: Db,
  localUrl: () => string,
  publicUrl: () => string,
  log: (error: unknown) => void,
): Promise<BillingStart> {
  let sandbox: StripeSandbox | null = null;
  let settings: StripeSettings;
  const paddleSandbox = await startPaddleSandbox(config, db, localUrl, publicUrl);
  if (config.stripe) {
    settings = config.stripe;
  } else if (!stripeSandboxDecision(config).mount) {
    return unconfiguredBilling(config, paddleSandbox, localUrl, log);
  } else {
    sandbox = createStripeSandbox({
      db,
      publicUrl,
      webhookUrl: () => `${localUrl()}/api/v1/webhooks/stripe`,
    });
    await sandbox.migrate();
    settings = {
      secretKey: sandbox.secretKey,
      publishableKey: sandbox.publishableKey,
      webhookSecret: sandbox.webhookSecret,
      endpoint: () => {
        const url = new URL(localUrl());
        return { host: url.hostname.replace(/^\[|\]$/g, ''), port: Number(url.port), protocol: 'http' };
      },
    };
  }
  let timer: NodeJS.Timeout | null = null;
  const seedDemo = async (app: FastifyInstance) => {
    // Demo billing objects are made only in the sandbox: a real Stripe account gets none. A reset
    // wiped the sandbox's catalogue too, so it is made again first.
    if (sandbox) {
      await app.billing.syncCatalogue();
      await seedDemoBilling(app, settings);
    }
    await seedPaddle(app, paddleSandbox, localUrl);
  };
  return {
    options: {
      provider: createStripeProvider(settings, log),
      operatorEmail: config.operatorEmail,
      paddle: paddleSettings(config, paddleSandbox, localUrl),
    },
    standIns: [...(sandbox ? [sandbox.plugin] : []), ...(paddleSandbox ? [paddleSandbox.plugin] : [])],
    sandbox,
    paddleSandbox,
    seedDemo,
    async afterListen(app, seeded) {
      await app.billing.syncCatalogue();
      await syncPaddleCatalogue(app, log);
      if (seeded) await seedDemo(app);
      sandbox?.start();
      paddleSandbox?.start();
      timer = setInterval(() => {
        void app.billing.sync.reconcile().catch((error: unknown) => log(error));
      }, RECONCILE_EVERY_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      await sandbox?.close();
      await paddleSandbox?.close();
    },
    gauges: [
      ...(sandbox ? [sandboxWebhookQueue(sandbox)] : []),
      ...(paddleSandbox ? [paddleSandboxWebhookQueue(paddleSandbox)] : []),
    ],
  };
}
