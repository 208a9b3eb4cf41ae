import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tokens } from '@domain/entities';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import type { PaddleSandbox } from '../sandbox/paddle/paddle-sandbox';
import type { StripeSandbox } from '../sandbox/stripe/stripe-sandbox';
import type { BuildAppOptions } from '../src/app';
import { issueAuthCode } from '../src/auth/auth-codes';
import { createTokenSigner, type TokenSigner } from '../src/auth/tokens';
import { createStripeProvider } from '../src/billing/stripe/stripe-provider';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { openPgDb } from '../src/db/pg-db';
import { openPgliteDb } from '../src/db/pglite-db';
import { createRepositories, type Repositories } from '../src/db/repositories';
import { createOutboxMailer } from '../src/mail/outbox-mailer';
import { seedDemoBilling } from '../src/seed/demo-billing';
import { loadDemoData } from '../src/seed/demo-data';
import type { FileStorage, StoredFile } from '../src/storage/file-storage';
import {
  createLocalPublicFileStore,
  type LocalPublicFileStore,
} from '../src/storage/local-public-file-store';
import { createMemoryFileStorage } from '../src/storage/memory-file-storage';
import { drainingBoth } from './both-sandboxes';
import { s3TestStorage, startS3TestStorage } from './s3-test-storage';
import { productRecorder } from './stripe-conformance';
import { copyCluster, emptyClusterImage, type ProvidedDatabases } from './test-db-images';
import {
  createTestClock,
  type StartedServer,
  startServer,
  type TestAppOptions,
  type TestClock,
} from './test-server';

export {
  createTestClock,
  TEST_MAX_PUBLIC_FILE_BYTES,
  TEST_OPERATOR_EMAIL,
  TEST_PUBLIC_URL,
  type TestAppOptions,
  type TestClock,
} from './test-server';

/** Set by scripts/with-postgres.sh (and CI): run every API test against that server instead of PGlite. */
export const serverDatabaseUrl = process.env.DATABASE_URL || null;

export interface TestDb {
  db: Db;
  /** The connection string of this test's own database (Postgres mode), else null. */
  databaseUrl: string | null;
  close(): Promise<void>;
}

/**
 * What test-global-setup.ts provided ('' when a file runs without it, or outside vitest: the benches
 * build test apps too, and vitest's inject throws there). TypeScript 7 does not see vitest's
 * ProvidedContext augmentation from here, so the key is checked against the set-up's type.
 */
function provided(key: keyof ProvidedDatabases): string {
  try {
    return (inject as (name: string) => string | undefined)(key) ?? '';
  } catch {
    return '';
  }
}

/**
 * A fresh database for one test file: PGlite in a folder of its own (on tmpfs where there is one),
 * or with DATABASE_URL a uniquely named database created on that server (and dropped afterwards) so
 * test files can run in parallel. Empty by default; `migrated` starts it as a copy of the run's
 * migrated database (test-db-images.ts) instead of running every migration again in each file.
 */
export async function createTestDb(options: { migrated?: boolean } = {}): Promise<TestDb> {
  if (!serverDatabaseUrl) {
    // Each file's own copy of the run's cluster, deleted when closed. A file run without the global
    // set-up (none provided) unpacks PGlite's empty image in memory, as before.
    const cluster = provided(options.migrated ? 'migratedPgliteCluster' : 'emptyPgliteCluster');
    if (!cluster) {
      const db = await openPgliteDb({ loadDataDir: await emptyClusterImage() });
      return { db, databaseUrl: null, close: () => db.close() };
    }
    const dir = await copyCluster(cluster);
    const db = await openPgliteDb(dir);
    return {
      db,
      databaseUrl: null,
      async close() {
        await db.close();
        await rm(dir, { recursive: true, force: true });
      },
    };
  }
  const template = options.migrated ? provided('migratedPgTemplate') : '';
  const name = `spark_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverDatabaseUrl });
  await admin.connect();
  await admin.query(
    `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}${await copyStrategy(admin)}`,
  );
  await admin.end();
  const url = new URL(serverDatabaseUrl);
  url.pathname = `/${name}`;
  const db = await openPgDb(url.toString(), { max: 4 });
  return {
    db,
    databaseUrl: url.toString(),
    async close() {
      await db.close();
      const cleanup = new pg.Client({ connectionString: serverDatabaseUrl });
      await cleanup.connect();
      // FORCE: a spawned server or CLI of the test may still hold a connection for a moment.
      await cleanup.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/**
 * Postgres 15 and later copy a database block by block through the WAL by default; copying the
 * template's files is cheaper for a small database like a test's (about 80 ms less of the server's
 * CPU per database, measured), and a throwaway test server has no standby that needs the WAL.
 */
async function copyStrategy(admin: pg.Client): Promise<string> {
  const [row] = (await admin.query<{ v: string }>("SELECT current_setting('server_version_num') AS v")).rows;
  return Number(row?.v) >= 150_000 ? ' STRATEGY FILE_COPY' : '';
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  repos: Repositories;
  tokens: TokenSigner;
  jwtSecret: Uint8Array;
  cliSecret: string;
  databaseUrl: string | null;
  clock: TestClock;
  /** In-memory storage: `files` shows what is stored. */
  storage: FileStorage & { files: Map<string, StoredFile> };
  /** The outbox mailer's folder (a temp folder per app). */
  outboxDir: string;
  /** The built-in Stripe sandbox this app's billing talks to (through the SDK, over HTTP). */
  sandbox: StripeSandbox;
  /** The Paddle sandbox, with the `paddle` option; else null. */
  paddleSandbox: PaddleSandbox | null;
  /** Where the app listens (127.0.0.1, a free port): the SDK and the sandbox's webhooks go there. */
  baseUrl: string;
  /** Public files' bytes: a real local store in a temp folder (`dir`), shared by both servers. */
  publicFiles: LocalPublicFileStore;
  /** Every server process (two with TEST_TWO_SERVERS=1), to inject a fault into each of them. */
  servers: FastifyInstance[];
  close(): Promise<void>;
}

/** Billing options for an app that never reaches a provider (a test of something else entirely). */
export function unreachableBilling(): BuildAppOptions['billing'] {
  return {
    provider: createStripeProvider({
      secretKey: 'sk_test_unreachable',
      publishableKey: 'pk_test_unreachable',
      webhookSecret: 'whsec_unreachable',
      endpoint: () => ({ host: '127.0.0.1', port: 9, protocol: 'http' }),
    }),
    operatorEmail: null,
    paddle: { apiKey: null, clientToken: null, environment: 'sandbox' },
  };
}

/** Set with DATABASE_URL: every test app is two servers on one database, used alternately. */
export const twoServers = process.env.TEST_TWO_SERVERS === '1';

/**
 * The first app, except that inject goes to each app in turn: a test's consecutive requests (sign in,
 * then use the token; change, then read back) land on different servers, as behind a round-robin load
 * balancer. Everything else (decorations, route tree, close) is the first app's.
 */
function roundRobin(apps: FastifyInstance[]): FastifyInstance {
  let turn = 0;
  const inject = ((...args: Parameters<FastifyInstance['inject']>) => {
    const app = apps[turn++ % apps.length] as FastifyInstance;
    return (app.inject as (...a: unknown[]) => unknown)(...args);
  }) as FastifyInstance['inject'];
  return new Proxy(apps[0] as FastifyInstance, {
    get: (target, property) => (property === 'inject' ? inject : Reflect.get(target, property, target)),
  });
}

/** The real app on a fresh migrated (and seeded) database, ready for app.inject. */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const testDb = await createTestDb({ migrated: true });
  const { db } = testDb;
  // Finds the template current and does nothing (without the global set-up: migrates the empty one).
  await migrate(db);
  if (options.seed ?? true) await db.transaction((tx) => loadDemoData(tx));
  const jwtSecret = randomBytes(32);
  const cliSecret = randomBytes(32).toString('base64url');
  const clock = createTestClock();
  // TEST_STORAGE=s3: the same suite with avatars, logos and public files in S3 (the stand-in).
  const s3 = s3TestStorage ? await startS3TestStorage() : null;
  const storage = s3?.storage ?? createMemoryFileStorage();
  const outboxDir = await mkdtemp(path.join(tmpdir(), 'spark-outbox-'));
  const mailer = (options.wrapMailer ?? ((outbox) => outbox))(
    createOutboxMailer(outboxDir, 'Spark Teams <no-reply@spark.test>', clock),
  );
  const publicFiles =
    s3?.publicFiles ?? createLocalPublicFileStore(await mkdtemp(path.join(tmpdir(), 'spark-public-files-')));
  const observe = productRecorder.observe;
  const shared = { jwtSecret, cliSecret, clock, storage, mailer, options, publicFiles, observe };
  const first = await startServer(db, shared);
  const { app: firstApp, sandbox, paddleSandbox, baseUrl, stripeSettings } = first;
  // TEST_TWO_SERVERS=1: a second server on the same database, with its own pool, its own sandbox
  // mount and the same key, storage and outbox (as shared storage and one SMTP server would be);
  // t.app.inject then alternates between the two, request by request.
  let second: StartedServer | null = null;
  let secondDb: Db | null = null;
  if (twoServers) {
    if (!testDb.databaseUrl)
      throw new Error('TEST_TWO_SERVERS=1 needs DATABASE_URL (scripts/with-postgres.sh)');
    secondDb = await openPgDb(testDb.databaseUrl, { max: 4 });
    second = await startServer(secondDb, shared);
  }
  const app = second ? roundRobin([firstApp, second.app]) : firstApp;
  if (options.demoBilling) await seedDemoBilling(firstApp, stripeSettings);
  return {
    app,
    db,
    repos: createRepositories(db),
    tokens: createTokenSigner(jwtSecret),
    jwtSecret,
    cliSecret,
    databaseUrl: testDb.databaseUrl,
    clock,
    storage,
    outboxDir,
    sandbox: second ? drainingBoth(sandbox, second.sandbox) : sandbox,
    paddleSandbox:
      second?.paddleSandbox && paddleSandbox
        ? drainingBoth(paddleSandbox, second.paddleSandbox)
        : paddleSandbox,
    baseUrl,
    publicFiles,
    servers: second ? [firstApp, second.app] : [firstApp],
    async close() {
      if (second) {
        await second.sandbox.close();
        await second.paddleSandbox?.close();
        await second.app.close();
        await secondDb?.close();
      }
      await sandbox.close();
      await paddleSandbox?.close();
      await firstApp.close();
      await testDb.close();
      await rm(outboxDir, { recursive: true, force: true });
      await rm(publicFiles.dir, { recursive: true, force: true });
      await s3?.close();
    },
  };
}

/**
 * One app per test file: built before the first test, closed after the last. Returns a holder whose
 * fields are filled in by the time tests run.
 */
export function setupTestApp(options: TestAppOptions = {}): TestApp {
  const holder = {} as TestApp;
  beforeAll(async () => {
    Object.assign(holder, await buildTestApp(options));
  });
  afterAll(async () => {
    await holder.close?.();
  });
  return holder;
}

export async function accountId(t: TestApp, email: string): Promise<number> {
  const account = await t.repos.accounts.findByEmail(email);
  if (!account) throw new Error(`no demo account ${email}`);
  return account.id;
}

/** A fresh one-time auth code for a demo account, as the CLI would print it. */
export async function authCodeFor(t: TestApp, email: string, ttlSeconds?: number): Promise<string> {
  return issueAuthCode(t.db, t.tokens, await accountId(t, email), ttlSeconds);
}

export function exchangeCode(t: TestApp, code: string, extra: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2/auth/code',
    payload: {
      code,
      platform: 'web',
      version: '1.0',
      osVersion: 'Linux',
      device: 'test',
      locale: 'en',
      ...extra,
    },
  });
}

/** Signs in a demo account through the real code exchange and returns its tokens. */
export async function signIn(t: TestApp, email: string): Promise<Tokens> {
  const response = await exchangeCode(t, await authCodeFor(t, email));
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json<Tokens>();
}

/** POST /api/v1/auth/refresh as the console sends it: multipart/form-data with one field. */
export function refreshMultipart(t: TestApp, refreshToken: string) {
  const boundary = `----spark${randomBytes(8).toString('hex')}`;
  const payload =
    `--${boundary}\r\nContent-Disposition: form-data; name="refreshToken"\r\n\r\n${refreshToken}\r\n` +
    `--${boundary}--\r\n`;
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/refresh',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

export function withBearer(accessToken: string): InjectOptions['headers'] {
  return { authorization: `Bearer ${accessToken}` };
}

/** The spec's error body, asserted loosely enough to read well in tests. */
export function errorOf(response: LightMyRequestResponse): { status: number; code: number; data: unknown } {
  const body = response.json<{ errorCode: number; errorMessage: string; errorData: unknown }>();
  if (typeof body.errorCode !== 'number' || typeof body.errorMessage !== 'string' || !('errorData' in body)) {
    throw new Error(`not an error body: ${response.body}`);
  }
  return { status: response.statusCode, code: body.errorCode, data: body.errorData };
}
