// Load: 200 signed-in clients at once for 60 s, each in a loop of reads and writes
// as the console makes them (GET team, members page; the owner renames the team, admins invite and
// cancel, members rename themselves), against one server and two servers on one Postgres (requests
// alternate between the two, as behind a round-robin balancer). Counts errors (any answer but 2xx,
// any failed connection), then counts the writes in the database: every answered write must be there.
// Run: npm run bench -- load   (BENCH_LOAD_SECONDS=10 for a quick look; BENCH_LOAD_CLIENTS, default 200)
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { issueAuthCode } from '../server/src/auth/auth-codes';
import { createTokenSigner } from '../server/src/auth/tokens';
import type { Db } from '../server/src/db/db';
import { openPgDb } from '../server/src/db/pg-db';
import { createRepositories } from '../server/src/db/repositories';
import { TeamEventType } from '../server/src/events/team-event';
import { serverRssMb } from './memory';
import { createDatabase, startPostgres } from './postgres';
import { createProcessGroup, freePort, stopProcess } from './processes';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SECONDS = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const CLIENTS = Number(process.env.BENCH_LOAD_CLIENTS ?? 200);
/** owner, two admins, one member: four clients per team. */
const TEAM_SIZE = 4;
/** Invitations per admin in a run: under the abuse limit of 30 an hour per inviting team user. */
const INVITES_PER_ADMIN = 25;
const JWT_SECRET = randomBytes(36).toString('base64url');
const group = createProcessGroup();
const { start } = group;
const stop = stopProcess;

// --- processes (as bench/api.ts starts them) ------------------------------------------------------

async function startServer(env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  // LOG_LEVEL warn: 200 clients would otherwise spend the machine on request logs.
  const child = start(tsx, ['server/src/main.ts'], {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    CLEANUP_INTERVAL_MINUTES: '1',
    ...env,
  });
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    try {
      await fetch(`${url}/api/v2/profile`);
      return { url, child };
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${url} did not start`);
}

// --- the clients ------------------------------------------------------------------------------------

type Role = 'owner' | 'admin' | 'member';

interface Client {
  role: Role;
  teamId: number;
  ref: string;
  accountId: number;
  token: string;
  /** What this client's answered writes say the database must now hold. */
  renames: number;
  lastName: string | null;
  invited: string[];
  cancelled: string[];
}

/** Teams of four new people (premium: every feature open), straight into the database. */
async function seedClients(db: Db, count: number): Promise<Omit<Client, 'token'>[]> {
  const repos = createRepositories(db);
  const clients: Omit<Client, 'token'>[] = [];
  const run = randomBytes(3).toString('hex');
  for (let index = 0; index < count; index += TEAM_SIZE) {
    const team = await repos.teams.create({
      name: `Load ${run} ${index / TEAM_SIZE}`,
      plan: 'premium',
      domain: null,
      settings: {},
    });
    for (const role of ['owner', 'admin', 'admin', 'member'] as const) {
      if (clients.length >= count) break;
      const email = `load-${run}-${clients.length}@load.test`;
      const account = await repos.accounts.create({ email, fullName: `Load ${clients.length}` });
      const row = await repos.teamUsers.create({
        teamId: team.id,
        accountId: account.id,
        email,
        fullName: account.fullName,
        role,
      });
      clients.push({
        role,
        teamId: team.id,
        ref: `${team.id}-${row.id}`,
        accountId: account.id,
        renames: 0,
        lastName: null,
        invited: [],
        cancelled: [],
      });
    }
  }
  return clients;
}

async function signIn(db: Db, url: string, accountId: number): Promise<string> {
  const code = await issueAuthCode(db, createTokenSigner(new TextEncoder().encode(JWT_SECRET)), accountId);
  const response = await fetch(`${url}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

interface Tally {
  requests: number;
  reads: number;
  writes: number;
  errors: number;
  errorsByKind: Map<string, number>;
  latencies: number[];
}

/** One client's loop until the deadline: mostly reads, a write in three, in the console's order. */
async function drive(client: Client, servers: string[], deadline: number, tally: Tally, seed: number) {
  let turn = seed;
  const call = async (method: string, pathname: string, body?: unknown): Promise<unknown> => {
    const base = servers[turn++ % servers.length] as string;
    const started = performance.now();
    tally.requests += 1;
    if (method === 'GET') tally.reads += 1;
    else tally.writes += 1;
    try {
      const response = await fetch(`${base}${pathname}`, {
        method,
        headers: {
          authorization: `Bearer ${client.token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      tally.latencies.push(performance.now() - started);
      if (!response.ok) {
        const kind = `${method} ${pathname.replace(/\d+/gu, 'N')} ${response.status}`;
        tally.errors += 1;
        tally.errorsByKind.set(kind, (tally.errorsByKind.get(kind) ?? 0) + 1);
        return null;
      }
      return text ? JSON.parse(text) : {};
    } catch (error) {
      tally.errors += 1;
      const kind = `${method} ${(error as Error).message}`;
      tally.errorsByKind.set(kind, (tally.errorsByKind.get(kind) ?? 0) + 1);
      return null;
    }
  };
  let n = 0;
  while (performance.now() < deadline) {
    n += 1;
    const roll = (seed * 7919 + n * 104729) % 3;
    if (roll !== 0) {
      if (n % 2 === 0) await call('GET', `/api/v1/collab/teams/${client.ref}`);
      else await call('GET', `/api/v1/collab/${client.ref}/users`);
      continue;
    }
    if (client.role === 'owner') {
      const name = `Load team ${client.teamId} #${n}`;
      if (await call('PUT', `/api/v1/collab/teams/${client.ref}`, { name })) {
        client.renames += 1;
        client.lastName = name;
      }
    } else if (client.role === 'admin' && client.invited.length < INVITES_PER_ADMIN) {
      const email = `invitee-${client.accountId}-${n}@load.test`;
      const invited = (await call('POST', `/api/v1/collab/teams/${client.ref}/invite`, [{ email }])) as
        | { id: number }[]
        | null;
      const id = invited?.[0]?.id;
      if (id === undefined) continue;
      client.invited.push(email);
      if (await call('POST', `/api/v1/collab/${client.ref}/users/${id}/kick`, {}))
        client.cancelled.push(email);
    } else {
      const fullName = `Load person ${client.accountId} #${n}`;
      if (await call('PUT', `/api/v1/collab/${client.ref}/users/me`, { fullName })) {
        client.renames += 1;
        client.lastName = fullName;
      }
    }
  }
}

/** Every answered write, looked for in the database: the count of those missing. */
async function lostWrites(db: Db, clients: Client[]): Promise<{ checked: number; lost: number }> {
  let checked = 0;
  let lost = 0;
  for (const client of clients) {
    if (client.role === 'owner' && client.lastName) {
      const [team] = await db.query<{ name: string }>('SELECT name FROM teams WHERE id = $1', [
        client.teamId,
      ]);
      const [events] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM team_events WHERE team_id = $1 AND type = $2',
        [client.teamId, TeamEventType.teamRenamed],
      );
      checked += client.renames;
      // Each rename gave a new name: one event each, and the last one answered is the name now.
      lost += Math.max(0, client.renames - (events?.n ?? 0)) + (team?.name === client.lastName ? 0 : 1);
    }
    if (client.role === 'member' && client.lastName) {
      const [row] = await db.query<{ fullName: string }>(
        'SELECT full_name AS "fullName" FROM team_users WHERE team_id = $1 AND account_id = $2',
        [client.teamId, client.accountId],
      );
      checked += client.renames;
      lost += row?.fullName === client.lastName ? 0 : 1;
    }
    for (const email of client.invited) {
      const [row] = await db.query<{ teamStatus: string }>(
        'SELECT team_status AS "teamStatus" FROM team_users WHERE team_id = $1 AND lower(email) = $2',
        [client.teamId, email],
      );
      checked += 1;
      const cancelled = client.cancelled.includes(email);
      if (cancelled) checked += 1;
      if (!row) lost += cancelled ? 2 : 1;
      else if (cancelled && row.teamStatus !== 'deleted') lost += 1;
    }
  }
  return { checked, lost };
}

interface Row {
  what: string;
  clients: number;
  requests: number;
  reads: number;
  writes: number;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  checked: number;
  lost: number;
  /** One server's RSS in MB (1-server rows): at rest before, right after, and a minute after the load. */
  memory?: { restMb: number; loadedMb: number | null; afterMb: number | null } | null;
}

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1))] ?? Number.NaN;

async function scenario(
  what: string,
  serverUrl: string,
  database: string,
  serverCount: number,
): Promise<Row> {
  const databaseUrl = await createDatabase(serverUrl, database);
  const env = {
    DATABASE_URL: databaseUrl,
    JWT_SECRET,
    DATA_DIR: await mkdtemp(path.join(tmpdir(), 'spark-bench-load-')),
  };
  const servers: { url: string; child: ChildProcess }[] = [];
  const db = await openPgDb(databaseUrl, { max: 4 });
  // One server's memory: at rest before the load, and a minute after it.
  const rss = () => serverRssMb(env.DATA_DIR, 'server/src/main.ts');
  let memory: Row['memory'] = null;
  try {
    for (let i = 0; i < serverCount; i++) servers.push(await startServer(env));
    if (serverCount === 1) await sleep(10_000);
    const restMb = serverCount === 1 ? rss() : null;
    const seeded = await seedClients(db, CLIENTS);
    const clients: Client[] = [];
    for (const [index, client] of seeded.entries()) {
      clients.push({
        ...client,
        token: await signIn(db, servers[index % servers.length]?.url as string, client.accountId),
      });
    }
    const tally: Tally = {
      requests: 0,
      reads: 0,
      writes: 0,
      errors: 0,
      errorsByKind: new Map(),
      latencies: [],
    };
    const started = performance.now();
    const deadline = started + SECONDS * 1000;
    const urls = servers.map((server) => server.url);
    await Promise.all(clients.map((client, index) => drive(client, urls, deadline, tally, index)));
    const elapsed = (performance.now() - started) / 1000;
    if (restMb !== null) {
      const loadedMb = rss();
      await sleep(60_000);
      memory = { restMb, loadedMb, afterMb: rss() };
    }
    for (const [kind, count] of tally.errorsByKind) console.error(`${what}: ${count} x ${kind}`);
    const { checked, lost } = await lostWrites(db, clients);
    const sorted = tally.latencies.sort((a, b) => a - b);
    return {
      what,
      clients: clients.length,
      requests: tally.requests,
      reads: tally.reads,
      writes: tally.writes,
      rps: tally.requests / elapsed,
      p50: percentile(sorted, 0.5),
      p99: percentile(sorted, 0.99),
      errors: tally.errors,
      checked,
      lost,
      memory,
    };
  } finally {
    await db.close();
    for (const server of servers) await stop(server.child);
    await rm(env.DATA_DIR, { recursive: true, force: true });
  }
}

// --- the run ----------------------------------------------------------------------------------------

const rows: Row[] = [];
const postgres = await startPostgres(group);
if ('skip' in postgres) throw new Error(postgres.skip);
try {
  rows.push(await scenario('Postgres, 1 server', postgres.url, 'spark_bench_load_1', 1));
  rows.push(await scenario('Postgres, 2 servers round-robin', postgres.url, 'spark_bench_load_2', 2));
} finally {
  await group.stopAll();
}

const head = [
  'row',
  'clients',
  'requests',
  'reads',
  'writes',
  'req/s',
  'p50 ms',
  'p99 ms',
  'errors',
  'writes checked',
  'lost',
];
const cells = rows.map((row) => [
  row.what,
  String(row.clients),
  String(row.requests),
  String(row.reads),
  String(row.writes),
  row.rps.toFixed(0),
  row.p50.toFixed(1),
  row.p99.toFixed(1),
  String(row.errors),
  String(row.checked),
  String(row.lost),
]);
const widths = head.map((title, column) =>
  Math.max(title.length, ...cells.map((cell) => (cell[column] as string).length)),
);
const line = (values: string[]) =>
  values
    .map((value, column) =>
      column === 0 ? value.padEnd(widths[column] as number) : value.padStart(widths[column] as number),
    )
    .join('  ');
console.log(`\nLoad: ${CLIENTS} signed-in clients for ${SECONDS} s each row, Node ${process.version}\n`);
console.log(line(head));
console.log('-'.repeat(widths.reduce((sum, width) => sum + width + 2, 0)));
for (const cell of cells) console.log(line(cell));
console.log(
  '\nreads and writes count calls (a rename, an invitation, its cancellation are a write each); "writes checked"\n' +
    'counts the answered writes looked for in the database afterwards. Clients and servers share this machine.',
);
for (const { what, memory: m } of rows) {
  if (!m?.afterMb) continue;
  const over = (m.afterMb / m.restMb - 1) * 100;
  console.log(
    `${what}: server RSS at rest ${m.restMb.toFixed(0)} MB, right after the load ${m.loadedMb?.toFixed(0)} MB, ` +
      `a minute later ${m.afterMb.toFixed(0)} MB (${over.toFixed(0)}% over rest; ${over <= 20 ? 'ok' : 'OVER'}, target <= 20%)`,
  );
}
console.log(`load average: ${readFileSync('/proc/loadavg', 'utf8').trim()}`);
if (rows.some((row) => row.errors > 0 || row.lost > 0)) process.exitCode = 1;
