// A team's first subscription through the hosted checkout on the built-in Stripe sandbox, timed as
// the console and the checkout page make it: POST checkout (customer, tax, session),
// the page's card (POST /v1/payment_methods with the publishable key) and its confirm (customer's
// card, subscription, first invoice), then the console's GET billing back on the billing page, which
// reads the session before any webhook. Everything over real HTTP on 127.0.0.1, on in-memory PGlite.
// Run: npx tsx bench/billing-checkout.ts [rounds]
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createStripeSandbox } from '../server/sandbox/stripe/stripe-sandbox';
import { buildApp } from '../server/src/app';
import { issueAuthCode } from '../server/src/auth/auth-codes';
import { createTokenSigner } from '../server/src/auth/tokens';
import { createStripeProvider } from '../server/src/billing/stripe/stripe-provider';
import { migrate } from '../server/src/db/migrator';
import { openPgliteDb } from '../server/src/db/pglite-db';
import { createRepositories } from '../server/src/db/repositories';
import { createOutboxMailer } from '../server/src/mail/outbox-mailer';
import { createMemoryFileStorage } from '../server/src/storage/memory-file-storage';

const rounds = Number(process.argv[2] ?? 30);

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

async function main() {
  const db = await openPgliteDb({});
  await migrate(db);
  const outbox = await mkdtemp(path.join(tmpdir(), 'spark-bench-outbox-'));
  let base = '';
  const sandbox = createStripeSandbox({
    db,
    publicUrl: () => base,
    webhookUrl: () => `${base}/api/v1/webhooks/stripe`,
  });
  await sandbox.migrate();
  const jwtSecret = randomBytes(32);
  const app = await buildApp({
    db,
    jwtSecret,
    storage: createMemoryFileStorage(),
    mailer: createOutboxMailer(outbox, 'bench <bench@spark.test>'),
    publicUrl: () => base,
    distDir: path.join(tmpdir(), 'no-console-here'),
    logger: false,
    billing: {
      provider: createStripeProvider({
        secretKey: sandbox.secretKey,
        publishableKey: sandbox.publishableKey,
        webhookSecret: sandbox.webhookSecret,
        endpoint: () => ({ host: '127.0.0.1', port: Number(new URL(base).port), protocol: 'http' }),
      }),
      operatorEmail: null,
      paddle: { apiKey: null, clientToken: null, environment: 'sandbox' },
    },
    standIns: [sandbox.plugin],
  });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
  await app.billing.syncCatalogue();
  sandbox.start();
  const repos = createRepositories(db);
  const signer = createTokenSigner(jwtSecret);

  const json = async (response: Response) => {
    if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const steps = {
    checkout: [] as number[],
    card: [] as number[],
    confirm: [] as number[],
    billing: [] as number[],
    total: [] as number[],
  };

  for (let round = 0; round < rounds + 3; round++) {
    // A new owner and team each round: a team subscribes once.
    const account = await repos.accounts.create({
      email: `owner-${round}@bench.test`,
      fullName: 'Bench Owner',
    });
    const team = await repos.teams.create({ name: `Bench ${round}`, plan: 'basic' });
    const owner = await repos.teamUsers.create({
      teamId: team.id,
      accountId: account.id,
      email: account.email,
      fullName: 'Bench Owner',
      role: 'owner',
    });
    const code = await issueAuthCode(db, signer, account.id);
    const tokens = await json(
      await fetch(`${base}/api/v2/auth/code`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ code }),
      }),
    );
    const auth = { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' };
    const pk = {
      authorization: `Bearer ${sandbox.publishableKey}`,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const ref = `${team.id}-${owner.id}`;

    const t0 = performance.now();
    const { url } = (await json(
      await fetch(`${base}/api/v2/collab/${ref}/billing/checkout`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ planId: 'pro_365' }),
      }),
    )) as { url: string };
    const t1 = performance.now();
    const card = await json(
      await fetch(`${base}/v1/payment_methods`, {
        method: 'POST',
        headers: pk,
        body: new URLSearchParams({
          type: 'card',
          'card[number]': '4242424242424242',
          'card[exp_month]': '12',
          'card[exp_year]': '2034',
          'card[cvc]': '123',
        }),
      }),
    );
    const t2 = performance.now();
    const session = url.slice(url.lastIndexOf('/') + 1);
    const confirmed = await json(
      await fetch(`${base}/v1/payment_pages/${session}/confirm`, {
        method: 'POST',
        headers: pk,
        body: new URLSearchParams({ payment_method: String(card.id), email: account.email }),
      }),
    );
    if (confirmed.status !== 'complete')
      throw new Error(`checkout not complete: ${JSON.stringify(confirmed)}`);
    const t3 = performance.now();
    const billing = await json(await fetch(`${base}/api/v1/collab/${ref}/billing`, { headers: auth }));
    const t4 = performance.now();
    if ((billing.subscription as { status?: string } | null)?.status !== 'trialing')
      throw new Error('not subscribed');
    if (round < 3) continue; // warm-up
    steps.checkout.push(t1 - t0);
    steps.card.push(t2 - t1);
    steps.confirm.push(t3 - t2);
    steps.billing.push(t4 - t3);
    steps.total.push(t4 - t0);
  }

  console.log(
    `\nHosted checkout round trip on the Stripe sandbox (${rounds} rounds, in-memory PGlite, ms)\n`,
  );
  console.log('step                                  median     p95');
  const names: Record<keyof typeof steps, string> = {
    checkout: 'POST .../billing/checkout',
    card: 'POST /v1/payment_methods (page)',
    confirm: 'POST /v1/payment_pages/…/confirm',
    billing: 'GET .../billing (back, no webhook)',
    total: 'round trip',
  };
  for (const [key, values] of Object.entries(steps) as [keyof typeof steps, number[]][]) {
    const sorted = [...values].sort((a, b) => a - b);
    console.log(
      `${names[key].padEnd(36)} ${quantile(sorted, 0.5).toFixed(1).padStart(7)} ${quantile(sorted, 0.95).toFixed(1).padStart(7)}`,
    );
  }
  await sandbox.close();
  await app.close();
  await db.close();
  await rm(outbox, { recursive: true, force: true });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
