import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TeamMembership, Tokens } from '../../src/domain/entities';
import { buildApp } from '../src/app';
import { issueAuthCode } from '../src/auth/auth-codes';
import { createTokenSigner } from '../src/auth/tokens';
import { type BillingStart, startBilling } from '../src/billing-start';
import { loadConfig, resolvePublicUrl } from '../src/config';
import { migrate } from '../src/db/migrator';
import { createRepositories } from '../src/db/repositories';
import { startIdentity } from '../src/identity-start';
import { createOutboxMailer } from '../src/mail/outbox-mailer';
import { demoAccounts, loadDemoData } from '../src/seed/demo-data';
import { standInLines } from '../src/stand-ins';
import { startStorage } from '../src/storage-start';
import { createTestDb, type TestDb } from './helper';

// Issue 20, finding 1: the stand-ins (Stripe sandbox, identity sandbox, S3 stand-in) mount by
// themselves only on a loopback PUBLIC_URL, else only when asked for by name. Each server here is
// composed as main.ts composes it (the same start functions, the same config), and asked over HTTP.

let testDb: TestDb;
let dataDir = '';
const jwtSecret = new Uint8Array(32).fill(7);

beforeAll(async () => {
  testDb = await createTestDb();
  await migrate(testDb.db);
  await testDb.db.transaction((tx) => loadDemoData(tx));
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-stand-ins-'));
});
afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
});

interface Composed {
  url: string;
  lines: string[];
  billing: BillingStart;
  close(): Promise<void>;
}

/** A server as main.ts starts it, from these environment variables, listening on a free port. */
async function startComposed(env: Record<string, string>): Promise<Composed> {
  const config = { ...loadConfig({ PORT: '0', ...env }), dataDir };
  const db = testDb.db;
  let url = '';
  const publicUrl = () => resolvePublicUrl(config);
  const billing = await startBilling(
    config,
    db,
    () => url,
    publicUrl,
    () => {},
  );
  const identity = await startIdentity(config, db, () => url, publicUrl);
  const files = await startStorage(config, () => url);
  const app = await buildApp({
    billing: billing.options,
    standIns: [...billing.standIns, ...identity.standIns, ...files.standIns],
    webLogin: { ...identity.options, mxResolver: async () => [] },
    db,
    jwtSecret,
    storage: files.storage,
    mailer: createOutboxMailer(path.join(dataDir, 'outbox'), 'Spark <no-reply@spark.test>'),
    publicUrl,
    distDir: path.join(dataDir, 'no-dist-here'),
    logger: false,
    trustProxy: config.trustProxy,
  });
  url = await app.listen({ port: 0, host: '127.0.0.1' });
  await billing.afterListen(app, false);
  return {
    url,
    lines: standInLines(config),
    billing,
    async close() {
      await billing.stop();
      await app.close();
    },
  };
}

/** Olivia's access token (signed in over HTTP) and her Acme membership's `{tid}-{uid}`. */
async function oliviaAtAcme(url: string): Promise<{ token: string; ref: string }> {
  const account = await createRepositories(testDb.db).accounts.findByEmail(demoAccounts.olivia.email);
  const code = await issueAuthCode(testDb.db, createTokenSigner(jwtSecret), account?.id as number);
  const signIn = await fetch(`${url}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code,
      platform: 'web',
      version: '1',
      osVersion: 'Linux',
      device: 't',
      locale: 'en',
    }),
  });
  const { accessToken } = (await signIn.json()) as Tokens;
  const teams = await fetch(`${url}/api/v1/collab/teams`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const acme = ((await teams.json()) as { items: TeamMembership[] }).items.find(
    (m) => m.profile.role === 'owner',
  );
  return { token: accessToken, ref: `${acme?.team.id}-${acme?.profile.id}` };
}

const STAND_IN_PATHS = [
  '/v1/products',
  '/sandbox/stripe/js/v3.js',
  '/sandbox/identity/google/.well-known/openid-configuration',
  '/sandbox/identity/microsoft/common/v2.0/.well-known/openid-configuration',
];

const oauthStart = (url: string, provider: 'google' | 'microsoft') =>
  fetch(`${url}/api/v1/auth/web/login/oauth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      provider,
      destination: 'stripe_checkout',
      teamPlanId: 'premium_365',
      teamId: null,
    }),
  });

describe('a non-loopback http PUBLIC_URL without keys', () => {
  let server: Composed;
  beforeAll(async () => {
    server = await startComposed({ PUBLIC_URL: 'http://teams.lan:8080' });
  });
  afterAll(() => server?.close());

  it('mounts no stand-in: /v1 and /sandbox answer 404, pages and API alike', async () => {
    for (const pathname of [
      ...STAND_IN_PATHS,
      '/sandbox/s3/spark-sandbox/x',
      '/sandbox/paddle/api/products',
      '/v1',
      '/sandbox',
    ]) {
      for (const accept of ['text/html', 'application/json']) {
        const response = await fetch(`${server.url}${pathname}`, { headers: { accept } });
        expect(response.status, `${pathname} (${accept})`).toBe(404);
      }
    }
  });

  it('offers neither Google nor Microsoft sign-in', async () => {
    for (const provider of ['google', 'microsoft'] as const) {
      const response = await oauthStart(server.url, provider);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({
        errorCode: 10,
        errorMessage: 'Validation error',
        errorData: [{ field: 'provider', message: 'is not available' }],
      });
    }
  });

  it('answers billing with "not configured", and the rest of the API works', async () => {
    const { token, ref } = await oliviaAtAcme(server.url);
    const headers = { authorization: `Bearer ${token}` };
    const calls = [
      fetch(`${server.url}/api/v1/collab/${ref}/billing/stripe-token`, { headers }),
      fetch(`${server.url}/api/v1/collab/${ref}/billing/preview`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ planId: 'plus_30' }),
      }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        errorCode: 1910,
        errorMessage: 'Payments are not configured on this server',
        errorData: { reason: 'not_configured' },
      });
    }
    expect((await fetch(`${server.url}/api/v1/collab/${ref}/users`, { headers })).status).toBe(200);
  });

  it('says at start what is not configured and what to set', () => {
    expect(server.lines).toEqual([
      'not configured: payments (PUBLIC_URL is not loopback; set the three STRIPE_* keys, or STRIPE_SANDBOX=on)',
      'not configured: Paddle (PUBLIC_URL is not loopback; set the PADDLE_* keys, or PADDLE_SANDBOX=on)',
      'not configured: Google and Microsoft sign-in (PUBLIC_URL is not loopback; set GOOGLE_CLIENT_ID/_SECRET and MICROSOFT_CLIENT_ID/_SECRET, or IDENTITY_SANDBOX=on)',
    ]);
  });
});

describe('a non-loopback PUBLIC_URL with the stand-ins asked for by name', () => {
  let server: Composed;
  beforeAll(async () => {
    server = await startComposed({
      PUBLIC_URL: 'https://staging.example.com',
      STRIPE_SANDBOX: 'on',
      IDENTITY_SANDBOX: 'on',
      STORAGE_S3_SANDBOX: 'on',
    });
  });
  afterAll(() => server?.close());

  it('mounts each, says so and why', async () => {
    for (const pathname of STAND_IN_PATHS.slice(1)) {
      expect((await fetch(`${server.url}${pathname}`)).status, pathname).toBe(200);
    }
    const products = await fetch(`${server.url}/v1/products`, {
      headers: { authorization: `Bearer ${server.billing.sandbox?.secretKey}` },
    });
    expect(products.status).toBe(200);
    // The S3 stand-in answers S3's own way (a request without a signature is refused, not unknown).
    expect((await fetch(`${server.url}/sandbox/s3/spark-sandbox/x`)).status).toBe(403);
    expect((await oauthStart(server.url, 'google')).status).toBe(200);
    expect(server.lines).toEqual([
      'stand-in: Stripe sandbox at /v1 and /sandbox/stripe (STRIPE_SANDBOX=on)',
      'not configured: Paddle (PUBLIC_URL is not loopback; set the PADDLE_* keys, or PADDLE_SANDBOX=on)',
      'stand-in: identity sandbox for Google and Microsoft sign-in at /sandbox/identity (IDENTITY_SANDBOX=on)',
      'stand-in: S3 stand-in at /sandbox/s3 (STORAGE_S3_SANDBOX=on)',
    ]);
  });
});

describe('a loopback PUBLIC_URL without keys (npm start, every test)', () => {
  let server: Composed;
  beforeAll(async () => {
    server = await startComposed({ PUBLIC_URL: 'http://localhost:5173' });
  });
  afterAll(() => server?.close());

  it('mounts the Stripe, Paddle and identity sandboxes by itself, and says why', async () => {
    for (const pathname of STAND_IN_PATHS.slice(1)) {
      expect((await fetch(`${server.url}${pathname}`)).status, pathname).toBe(200);
    }
    // Paddle's API is there, asking for its key in Paddle's words.
    const paddle = await fetch(`${server.url}/sandbox/paddle/api/products`);
    expect(paddle.status).toBe(401);
    expect(((await paddle.json()) as { error: { code: string } }).error.code).toBe('authentication_missing');
    const { token, ref } = await oliviaAtAcme(server.url);
    const billing = await fetch(`${server.url}/api/v1/collab/${ref}/billing/stripe-token`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await billing.json()) as { token: string }).token).toMatch(/^pk_test_sandbox_/);
    expect(server.lines).toEqual([
      'stand-in: Stripe sandbox at /v1 and /sandbox/stripe (PUBLIC_URL is loopback)',
      'stand-in: Paddle sandbox at /sandbox/paddle (PUBLIC_URL is loopback)',
      'stand-in: identity sandbox for Google and Microsoft sign-in at /sandbox/identity (PUBLIC_URL is loopback)',
    ]);
  });

  it('a forged X-Forwarded-Host changes no URL the server makes (TRUST_PROXY unset)', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const discovery = await fetch(`${server.url}/sandbox/identity/google/.well-known/openid-configuration`, {
      headers: forged,
    });
    const text = await discovery.text();
    expect(text).toContain('http://localhost:5173/sandbox/identity/google/');
    expect(text).not.toContain('evil.example');
    const start = await fetch(`${server.url}/api/v1/auth/web/login/oauth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...forged },
      body: JSON.stringify({
        provider: 'google',
        destination: 'stripe_checkout',
        teamPlanId: 'premium_365',
        teamId: null,
      }),
    });
    const authorize = new URL(((await start.json()) as { data: { url: string } }).data.url);
    expect(authorize.origin).toBe('http://localhost:5173');
    const toLogin = await fetch(authorize.href.replace('http://localhost:5173', server.url), {
      headers: forged,
      redirect: 'manual',
    });
    expect(toLogin.status).toBe(303);
    expect(toLogin.headers.get('location')).not.toContain('evil.example');
  });

  it('refuses a webhook signed more than 5 minutes ahead, as one signed more than 5 minutes ago', async () => {
    const secret = server.billing.sandbox?.webhookSecret as string;
    const payload = JSON.stringify({ id: 'evt_timed', object: 'event', type: 'ping', data: { object: {} } });
    const stripe = new Stripe('sk_test_unused');
    const now = Math.floor(Date.now() / 1000);
    const post = (timestamp: number) =>
      fetch(`${server.url}/api/v1/webhooks/stripe`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp }),
        },
        body: payload,
      });
    for (const timestamp of [now + 301 + 60, now + 24 * 3600, now - 301 - 60]) {
      const response = await post(timestamp);
      expect(response.status, String(timestamp - now)).toBe(400);
      expect(await response.json()).toMatchObject({
        errorData: [{ field: 'Stripe-Signature', message: 'is invalid' }],
      });
    }
    expect((await post(now + 60)).status).toBe(200);
  });
});
