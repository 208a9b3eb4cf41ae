// What the crash harness does to the server and what it checks afterwards (issue 14, 'Crash'). Each
// case: prepare (before the crash), fire the write and kill -9 `delayMs` later, start again, let the
// server settle (webhook redelivery, reconciliation), stop it, then read the data folder itself.
// A new case is one more entry in CRASH_CASES.
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type Stripe from 'stripe';
import { toProviderSubscription } from '../../src/billing/stripe/stripe-mapping';
import { currentSubscription, teamPlanFrom } from '../../src/billing/team-billing-sync';
import type { Db } from '../../src/db/db';
import { createRepositories } from '../../src/db/repositories';
import { listOutbox } from '../../src/mail/outbox';
import { type CrashServer, fireAndForget, type SignedIn, signIn } from './crash-server';

export interface CaseContext {
  caller: SignedIn;
  teamId: number;
  /** Anything the case wants to remember between its steps. */
  memo: Record<string, unknown>;
}

export interface CrashCase {
  name: string;
  /**
   * A kill this long after the request was sent lands inside the write on this machine (from the
   * sweep; the load moves it): npm test's one crash point. The checks hold whatever the outcome.
   */
  midwayMs: number;
  /** What the restarted server logs (LOG_LEVEL=warn) when it had to repair this case's write. */
  repairLog?: string;
  /** Sign in and note the state before (the server is up). */
  prepare(server: CrashServer): Promise<CaseContext>;
  /** Sends the write the crash interrupts; must not wait for its answer. */
  fire(server: CrashServer, context: CaseContext): Promise<void>;
  /** After the restart, while the server runs: wait until it has caught up (or the time is up). */
  settle(server: CrashServer, context: CaseContext): Promise<void>;
  /** With the server stopped, on its database: what is wrong (empty: whole or absent), and which. */
  check(db: Db, dataDir: string, context: CaseContext): Promise<{ problems: string[]; outcome: string }>;
}

const teamIdOf = (ref: string) => Number(ref.split('-')[0]);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The sandbox's view of the team (its subscriptions) against the team's own rows. */
async function billingProblems(db: Db, teamId: number, invoicesBefore: number, maxNewInvoices: number) {
  const problems: string[] = [];
  const [team] = await db.query<{ plan: string }>('SELECT plan FROM teams WHERE id = $1', [teamId]);
  const link = await createRepositories(db).billing.findTeamBilling(teamId);
  if (!team) return { problems: ['team missing'], plan: 'none' };
  if (!link?.customerId) {
    if (team.plan !== 'basic') problems.push(`team on ${team.plan} without a customer`);
    return { problems, plan: team.plan };
  }
  const rows = await db.query<{ data: Stripe.Subscription }>(
    `SELECT data FROM stripe_sandbox_objects WHERE type = 'subscription' AND customer = $1`,
    [link.customerId],
  );
  const subscriptions = rows.map((row) => toProviderSubscription(row.data, null));
  const live = subscriptions.filter((s) => ['trialing', 'active', 'past_due'].includes(s.status));
  if (live.length > 1) problems.push(`${live.length} live subscriptions at the sandbox`);
  const current = currentSubscription(subscriptions);
  const expected = teamPlanFrom(current);
  if (team.plan !== expected.plan) problems.push(`team on ${team.plan}, sandbox says ${expected.plan}`);
  if (current && link.subscriptionId !== current.id)
    problems.push(`team links ${link.subscriptionId}, sandbox's current is ${current.id}`);
  if (current && live.includes(current)) {
    const seats = Math.max(1, await createRepositories(db).seats.count(teamId));
    if (current.quantity !== seats) problems.push(`sandbox has ${current.quantity} seats, team ${seats}`);
  }
  const invoices = await countInvoices(db, link.customerId);
  if (invoices - invoicesBefore > maxNewInvoices)
    problems.push(`${invoices - invoicesBefore} new invoices (at most ${maxNewInvoices})`);
  return { problems, plan: team.plan };
}

async function countInvoices(db: Db, customerId: string): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM stripe_sandbox_objects WHERE type = 'invoice' AND customer = $1`,
    [customerId],
  );
  return row?.n ?? 0;
}

async function getJson<T>(server: CrashServer, caller: SignedIn, path: string): Promise<T> {
  const response = await fetch(`${server.url}${path}`, { headers: caller.headers });
  return (await response.json()) as T;
}

/** Until the team's plan (as the API says) is `plan`, or `ms` have passed. */
async function waitForPlan(server: CrashServer, caller: SignedIn, plan: string, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const { team } = await getJson<{ team?: { plan: string } }>(
      server,
      caller,
      `/api/v1/collab/teams/${caller.ref}`,
    );
    if (team?.plan === plan) return;
    await sleep(250);
  }
}

/** How long a case waits after the restart for webhooks and reconciliation to catch up. */
export const SETTLE_MS = 8_000;

const planChange: CrashCase = {
  name: 'plan change (Acme Inc, premium to pro)',
  midwayMs: 1_300,
  async prepare(server) {
    const caller = await signIn(server, 'olivia@acme.test', 'Acme Inc');
    const invoices = await getJson<unknown[]>(
      server,
      caller,
      `/api/v1/collab/${caller.ref}/billing/invoices`,
    );
    return { caller, teamId: teamIdOf(caller.ref), memo: { invoicesBefore: invoices.length } };
  },
  async fire(server, { caller }) {
    fireAndForget(`${server.url}/api/v2/collab/${caller.ref}/billing/plan`, {
      method: 'PUT',
      headers: caller.headers,
      body: JSON.stringify({ planId: 'pro_365' }),
    });
  },
  async settle(server, { caller }) {
    await waitForPlan(server, caller, 'pro', SETTLE_MS);
  },
  async check(db, _dataDir, { teamId, memo }) {
    const { problems, plan } = await billingProblems(db, teamId, memo.invoicesBefore as number, 1);
    return { problems, outcome: plan === 'pro' ? 'applied' : 'absent' };
  },
};

const checkout: CrashCase = {
  name: 'hosted checkout paid (Basic Bakery to pro)',
  midwayMs: 1_300,
  async prepare(server) {
    const caller = await signIn(server, 'bella@bakery.test', 'Basic Bakery');
    const started = await fetch(`${server.url}/api/v2/collab/${caller.ref}/billing/checkout`, {
      method: 'POST',
      headers: caller.headers,
      body: JSON.stringify({ planId: 'pro_365' }),
    });
    const { url } = (await started.json()) as { url: string };
    const { token: publishableKey } = await getJson<{ token: string }>(
      server,
      caller,
      `/api/v1/collab/${caller.ref}/billing/stripe-token`,
    );
    // The card, as Stripe.js makes it in the checkout page.
    const card = await fetch(`${server.url}/v1/payment_methods`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${publishableKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': '2034',
        'card[cvc]': '123',
      }).toString(),
    });
    const { id: paymentMethod } = (await card.json()) as { id: string };
    return {
      caller,
      teamId: teamIdOf(caller.ref),
      memo: { sessionId: url.slice(url.lastIndexOf('/') + 1), publishableKey, paymentMethod },
    };
  },
  async fire(server, { memo }) {
    fireAndForget(`${server.url}/v1/payment_pages/${memo.sessionId as string}/confirm`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${memo.publishableKey as string}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({
        payment_method: memo.paymentMethod as string,
        email: 'bella@bakery.test',
      }).toString(),
    });
  },
  async settle(server, { caller }) {
    await waitForPlan(server, caller, 'pro', SETTLE_MS);
  },
  async check(db, _dataDir, { teamId }) {
    const { problems, plan } = await billingProblems(db, teamId, 0, 1);
    return { problems, outcome: plan === 'pro' ? 'applied' : 'absent' };
  },
};

const BATCH = 20;

const invitationBatch: CrashCase = {
  name: `invitation batch (${BATCH} addresses to Acme Inc)`,
  midwayMs: 700,
  repairLog: 'unmailed invitations mailed after a restart',
  async prepare(server) {
    const caller = await signIn(server, 'olivia@acme.test', 'Acme Inc');
    const tag = Math.random().toString(36).slice(2, 8);
    const emails = Array.from({ length: BATCH }, (_, i) => `crash-${tag}-${i}@example.test`);
    return { caller, teamId: teamIdOf(caller.ref), memo: { emails } };
  },
  async fire(server, { caller, memo }) {
    fireAndForget(`${server.url}/api/v1/collab/teams/${caller.ref}/invite`, {
      method: 'POST',
      headers: caller.headers,
      body: JSON.stringify((memo.emails as string[]).map((email) => ({ email }))),
    });
  },
  async settle(server, { caller, memo }) {
    // The invitation is one transaction; its mails go out after it, and after a restart the server
    // mails those a killed process never sent: wait until each invited address has its mail.
    const emails = memo.emails as string[];
    const deadline = Date.now() + SETTLE_MS;
    while (Date.now() < deadline) {
      const { items } = await getJson<{ items: { email: string }[] }>(
        server,
        caller,
        `/api/v1/collab/${caller.ref}/users`,
      );
      const invited = items.filter((user) => emails.includes(user.email)).map((user) => user.email);
      const mailed = new Set((await listOutbox(`${server.dataDir}/outbox`)).map((entry) => entry.to));
      if (invited.every((email) => mailed.has(email))) return;
      await sleep(250);
    }
  },
  async check(db, dataDir, { teamId, memo }) {
    const emails = memo.emails as string[];
    const problems: string[] = [];
    const rows = await db.query<{ email: string; invited: boolean; events: number }>(
      `SELECT tu.email, i.team_user_id IS NOT NULL AS invited,
              (SELECT count(*)::int FROM team_events e
               WHERE e.team_id = tu.team_id AND e.type = 'user.invited' AND e.data::text LIKE '%' || tu.email || '%') AS events
       FROM team_users tu LEFT JOIN team_invitations i ON i.team_user_id = tu.id
       WHERE tu.team_id = $1 AND tu.email = ANY($2::text[])`,
      [teamId, emails],
    );
    if (rows.length !== 0 && rows.length !== emails.length)
      problems.push(`${rows.length} of ${emails.length} addresses invited`);
    for (const row of rows) {
      if (!row.invited) problems.push(`${row.email}: pending member without an invitation`);
      if (row.events !== 1) problems.push(`${row.email}: ${row.events} invitation events`);
    }
    const mailed = new Set(
      (await listOutbox(`${dataDir}/outbox`))
        .map((entry) => entry.to.toLowerCase())
        .filter((to) => emails.includes(to)),
    );
    const unmailed = rows.filter((row) => !mailed.has(row.email.toLowerCase()));
    if (unmailed.length > 0) problems.push(`${unmailed.length} invitations never mailed`);
    return { problems, outcome: rows.length === 0 ? 'absent' : 'applied' };
  },
};

/** CRASH_UPLOAD_MB: the size of the public file uploaded (npm test: 256 MB, about a second; the 2 GB: 2048). */
const UPLOAD_MB = Number(process.env.CRASH_UPLOAD_MB ?? 256);

/** A multipart body (info, then the file's bytes in 1 MiB chunks), streamed as a browser sends it. */
function uploadBody(boundary: string, megabytes: number): ReadableStream<Uint8Array> {
  const chunk = new Uint8Array(1024 * 1024).fill(42);
  const head = new TextEncoder().encode(
    `--${boundary}\r\nContent-Disposition: form-data; name="info"\r\n\r\n` +
      `${JSON.stringify({ name: 'crash.bin', meta: { from: 'Crash test' } })}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="crash.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = new TextEncoder().encode(`\r\n--${boundary}--\r\n`);
  let sent = -1;
  return new ReadableStream({
    pull(controller) {
      if (sent === -1) controller.enqueue(head);
      else if (sent < megabytes) controller.enqueue(chunk);
      else {
        controller.enqueue(tail);
        controller.close();
      }
      sent += 1;
    },
  });
}

const publicFileUpload: CrashCase = {
  name: `public-file upload (${UPLOAD_MB} MB)`,
  midwayMs: 250,
  async prepare(server) {
    const caller = await signIn(server, 'staff@spark.test', null);
    return { caller, teamId: 0, memo: { secret: `${'k'.repeat(43)}=` } };
  },
  async fire(server, { caller, memo }) {
    const boundary = `crash${Math.random().toString(36).slice(2)}`;
    fireAndForget(`${server.url}/api/v1/files?s=${encodeURIComponent(memo.secret as string)}`, {
      method: 'POST',
      headers: {
        authorization: caller.headers.authorization as string,
        'content-type': `multipart/form-data; boundary=${boundary}`,
      },
      body: uploadBody(boundary, UPLOAD_MB),
      duplex: 'half',
    } as RequestInit);
  },
  async settle() {
    // Nothing to catch up: an upload is whole (a row and its file) or absent.
  },
  async check(db, dataDir) {
    const problems: string[] = [];
    const rows = await db.query<{ key: string; size: string; storageKey: string }>(
      `SELECT key, size::text AS size, storage_key AS "storageKey" FROM public_files WHERE name = 'crash.bin'`,
    );
    for (const row of rows) {
      const stored = await stat(path.join(dataDir, 'public-files', row.storageKey)).catch(() => null);
      if (!stored) problems.push(`${row.key}: a link to bytes that are not there`);
      else if (stored.size !== Number(row.size))
        problems.push(`${row.key}: ${stored.size} bytes stored, ${row.size} promised`);
    }
    return { problems, outcome: rows.length === 0 ? 'absent' : 'applied' };
  },
};

export const CRASH_CASES: CrashCase[] = [checkout, planChange, invitationBatch, publicFileUpload];
