// One test server as main.ts starts it, on a database the caller opened: what every test app is made
// of (helper.ts), and what the API project's global set-up starts once on the migrated template, so
// that every copy starts with the Stripe sandbox's catalogue made (test-db-images.ts). No vitest
// import here: the global set-up runs outside the test workers.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createIdentitySandbox } from '../sandbox/identity/identity-sandbox';
import { createPaddleSandbox, type PaddleSandbox } from '../sandbox/paddle/paddle-sandbox';
import { conformanceReport, createRecorder } from '../sandbox/stripe/conformance/conformance';
import { createStripeSandbox, type ObservedBody, type StripeSandbox } from '../sandbox/stripe/stripe-sandbox';
import { type BuildAppOptions, buildApp } from '../src/app';
import type { OAuthSettings } from '../src/auth/web-login/oauth-client';
import type { MxResolver } from '../src/auth/web-login/provider-lookup';
import { createStripeProvider } from '../src/billing/stripe/stripe-provider';
import { createUnconfiguredProvider } from '../src/billing/unconfigured-provider';
import type { Clock } from '../src/clock';
import type { Db } from '../src/db/db';
import type { Mailer } from '../src/mail/mailer';
import { createOutboxMailer } from '../src/mail/outbox-mailer';
import type { FileStorage } from '../src/storage/file-storage';
import {
  createLocalPublicFileStore,
  type LocalPublicFileStore,
} from '../src/storage/local-public-file-store';
import { createMemoryFileStorage } from '../src/storage/memory-file-storage';
import { productShapeCache } from './stripe-conformance';

/** The base URL invitation links use in tests. */
export const TEST_PUBLIC_URL = 'http://console.test';

/** MAX_PUBLIC_FILE_BYTES in tests: small, so the limit is testable. */
export const TEST_MAX_PUBLIC_FILE_BYTES = 32 * 1024 * 1024;

/** Where free-upgrade requests go in tests. */
export const TEST_OPERATOR_EMAIL = 'operator@spark.test';

/** Real time plus an offset the test moves forward: throttles and expiries without sleeping. */
export interface TestClock extends Clock {
  advance(ms: number): void;
}

export function createTestClock(): TestClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance(ms) {
      offset += ms;
    },
  };
}

export interface TestAppOptions {
  /** Load the demo data (default true). */
  seed?: boolean;
  /** Built console folder; the default points nowhere, so tests never depend on dist/. */
  distDir?: string;
  /** Adds routes or hooks before the app is ready (e.g. a route that throws). */
  extend?: (app: FastifyInstance) => void;
  /** Wraps the outbox mailer (e.g. to make it fail on demand). */
  wrapMailer?: (outbox: Mailer) => Mailer;
  /** Also make the demo teams' billing at the sandbox (Acme's subscription, Trial Tech's trial). */
  demoBilling?: boolean;
  /** DNS for web sign-in's provider look-up; the default answers nothing, so no test needs a network. */
  mxResolver?: MxResolver;
  /** Sees every route as it is added, before the routes are registered (the authorization matrix). */
  onRoute?: BuildAppOptions['onRoute'];
  /** Web sign-in's providers (as startIdentity gives them); the default is the identity sandbox. */
  oauth?: OAuthSettings;
  /** No payment provider, as on a public address without STRIPE_* keys (billing-start.ts). */
  unconfiguredBilling?: boolean;
  /** Also mount the Paddle sandbox and point the product's Paddle billing at it (its catalogue made). */
  paddle?: boolean;
}

/** What the servers of one test app share (two with TEST_TWO_SERVERS=1). */
export interface SharedParts {
  jwtSecret: Uint8Array;
  cliSecret: string;
  clock: TestClock;
  storage: FileStorage;
  mailer: Mailer;
  options: TestAppOptions;
  publicFiles: LocalPublicFileStore;
  /** Sees every body the Stripe sandbox answers (the conformance check's recorder). */
  observe: (body: ObservedBody) => void;
}

export interface StartedServer {
  app: FastifyInstance;
  sandbox: StripeSandbox;
  /** The Paddle sandbox, with the `paddle` option. */
  paddleSandbox: PaddleSandbox | null;
  baseUrl: string;
  stripeSettings: Parameters<typeof createStripeProvider>[0];
}

/** One server as main.ts starts it, listening on a free port, its billing at its own sandbox mount. */
export async function startServer(db: Db, shared: SharedParts): Promise<StartedServer> {
  const { clock, options } = shared;
  // Billing runs as in production without keys: the SDK talks over HTTP to the sandbox in this app.
  let baseUrl = '';
  const sandbox = createStripeSandbox({
    db,
    publicUrl: () => TEST_PUBLIC_URL,
    webhookUrl: () => `${baseUrl}/api/v1/webhooks/stripe`,
    now: () => clock.now(),
    observe: shared.observe,
  });
  await sandbox.migrate();
  // Web sign-in's Google and Microsoft: the identity sandbox in this app, over real HTTP.
  const identity = createIdentitySandbox({
    db,
    publicUrl: () => TEST_PUBLIC_URL,
    localUrl: () => baseUrl,
    redirectUri: () => `${TEST_PUBLIC_URL}/api/v1/auth/web/oauth/callback`,
  });
  await identity.migrate();
  const paddleSandbox = options.paddle
    ? createPaddleSandbox({
        db,
        publicUrl: () => baseUrl,
        webhookUrl: () => `${baseUrl}/api/v1/webhooks/paddle`,
        now: () => clock.now(),
      })
    : null;
  await paddleSandbox?.migrate();
  const stripeSettings = {
    secretKey: sandbox.secretKey,
    publishableKey: sandbox.publishableKey,
    webhookSecret: sandbox.webhookSecret,
    endpoint: () => ({ host: '127.0.0.1', port: Number(new URL(baseUrl).port), protocol: 'http' as const }),
  };
  const app = await buildApp({
    billing: {
      provider: options.unconfiguredBilling
        ? createUnconfiguredProvider()
        : createStripeProvider(stripeSettings),
      operatorEmail: TEST_OPERATOR_EMAIL,
      paddle: paddleSandbox
        ? {
            apiKey: paddleSandbox.apiKey,
            clientToken: paddleSandbox.clientToken,
            webhookSecret: paddleSandbox.webhookSecret,
            environment: 'sandbox',
            standIn: {
              apiBaseUrl: () => `${baseUrl}/sandbox/paddle/api`,
              scriptUrl: '/sandbox/paddle/paddle.js',
            },
          }
        : { apiKey: null, clientToken: null, environment: 'sandbox' },
    },
    standIns: [sandbox.plugin, identity.plugin, ...(paddleSandbox ? [paddleSandbox.plugin] : [])],
    webLogin: {
      oauth: options.oauth ?? {
        google: () => identity.issuer('google'),
        microsoft: () => identity.issuer('microsoft'),
      },
      mxResolver: options.mxResolver ?? (async () => []),
    },
    cliHooks: { sandboxAdvance: (seconds) => sandbox.advance(seconds) },
    db,
    jwtSecret: shared.jwtSecret,
    cliSecret: shared.cliSecret,
    clock,
    storage: shared.storage,
    mailer: shared.mailer,
    publicUrl: () => TEST_PUBLIC_URL,
    publicFiles: { store: shared.publicFiles, maxBytes: TEST_MAX_PUBLIC_FILE_BYTES },
    distDir: options.distDir ?? path.join(import.meta.dirname, 'no-dist-here'),
    logger: false,
    onRoute: options.onRoute,
  });
  options.extend?.(app);
  await app.ready();
  baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
  if (!options.unconfiguredBilling) await app.billing.syncCatalogue();
  await app.paddle.syncCatalogue();
  return { app, sandbox, paddleSandbox, baseUrl, stripeSettings };
}

/**
 * Starts a test server once on the run's migrated template and stops it, as a first start of the
 * product leaves a database: the Stripe sandbox's keys stored, the catalogue (products and prices)
 * made at the sandbox through the SDK, its webhooks delivered and done. Each test server then starts
 * on a copy of that, as every later start of the product does: its syncCatalogue finds the catalogue
 * and only lists it (about 0.2 s of CPU less per server). The sandbox's answers pass the conformance
 * check here, as they did in the first file that made them.
 */
export async function makeCatalogue(db: Db): Promise<void> {
  const recorder = createRecorder();
  const dirs = await Promise.all(
    ['spark-outbox-', 'spark-public-files-'].map((prefix) => mkdtemp(path.join(tmpdir(), prefix))),
  );
  const [outboxDir, publicFilesDir] = dirs as [string, string];
  const clock = createTestClock();
  const server = await startServer(db, {
    jwtSecret: randomBytes(32),
    cliSecret: randomBytes(32).toString('base64url'),
    clock,
    storage: createMemoryFileStorage(),
    mailer: createOutboxMailer(outboxDir, 'Spark Teams <no-reply@spark.test>', clock),
    options: { seed: false },
    publicFiles: createLocalPublicFileStore(publicFilesDir),
    observe: recorder.observe,
  });
  try {
    await server.sandbox.deliverPendingWebhooks();
  } finally {
    await server.sandbox.close();
    await server.app.close();
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
  const report = await conformanceReport(recorder, 'api-test-catalogue', productShapeCache);
  const problems = [...report.fixtureDifferences, ...report.typeErrors];
  if (report.recorded.api === 0) problems.push('the catalogue was made without a call to the sandbox');
  if (problems.length > 0)
    throw new Error(
      `the test catalogue's sandbox answers fail the conformance check:\n${problems.join('\n')}`,
    );
}
