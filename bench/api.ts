// The API under load: autocannon at 64 connections for 10 s on GET team,
// GET members page and PUT team rename, against the embedded database and a Postgres server (and two
// servers on one Postgres, connections spread round-robin), beside a bare Fastify hello-world started
// in the same run. Each server is its own process started as `npm start` would (build excluded; the
// node flags of its script, through NODE_OPTIONS);
// autocannon runs here. Run: npm run bench -- api   (BENCH_API_SECONDS=3 for a quick look).
import { type ChildProcess, execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { type ApiRow, printReport } from './api-report';
import { backendCpuMsBetween, cpuMsByPid, groupCpuMs, postgresBackends } from './cpu';
import { createDatabase, startPostgres } from './postgres';
import { createProcessGroup, freePort, stopProcess, waitFor } from './processes';

const root = path.resolve(import.meta.dirname, '..');
const tsx = path.join(root, 'node_modules/.bin/tsx');
const SECONDS = Number(process.env.BENCH_API_SECONDS ?? 10);
const CONNECTIONS = 64;
/** Unrecorded load on each GET before a server's rows, so the JIT's first work is not counted. */
const WARMUP_SECONDS = Number(process.env.BENCH_API_WARMUP_SECONDS ?? 3);
/** Which sets of rows to run (comma list of embedded, postgres, two-servers); all by default. */
const ROWS = (process.env.BENCH_API_ROWS ?? 'embedded,postgres,two-servers').split(',');
/**
 * Another checkout of the project (its own node_modules, or a link to this one's) to measure in the
 * same run, its rows marked '(compare)': before and after a change, against the same bare Fastify.
 */
const COMPARE = process.env.BENCH_API_COMPARE ? path.resolve(process.env.BENCH_API_COMPARE) : null;
const run = promisify(execFile);

type Row = ApiRow;

/** Whose CPU a row counts: the server process groups, and the database whose backends serve them. */
interface CpuSides {
  servers: ChildProcess[];
  databaseUrl?: string;
}

async function cpuReading(sides: CpuSides) {
  const server = sides.servers.reduce((sum, child) => sum + groupCpuMs(child.pid as number), 0);
  const backends = sides.databaseUrl ? cpuMsByPid(await postgresBackends(sides.databaseUrl)) : null;
  return { server, backends };
}

const rows: Row[] = [];
const skipped: string[] = [];
const group = createProcessGroup();
const { start } = group;
const stop = stopProcess;

async function load(what: string, options: autocannon.Options, sides?: CpuSides): Promise<Row> {
  const before = sides ? await cpuReading(sides) : null;
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options });
  const after = sides ? await cpuReading(sides) : null;
  const errors = result.errors + result.timeouts + result.non2xx;
  if (errors > 0) console.error(`${what}: answers by status ${JSON.stringify(result.statusCodeStats)}`);
  const served = Math.max(1, result.requests.total);
  const row: Row = {
    what,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors,
  };
  if (before && after) {
    row.serverCpu = (after.server - before.server) / served;
    if (before.backends && after.backends)
      row.postgresCpu = backendCpuMsBetween(before.backends, after.backends) / served;
  }
  rows.push(row);
  return row;
}

// --- the servers ------------------------------------------------------------------------------------

async function startBare(): Promise<Server> {
  const port = await freePort();
  const code = `import Fastify from 'fastify';
const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: ${port}, host: '127.0.0.1' });`;
  const child = start(process.execPath, ['--input-type=module', '-e', code], {});
  const url = `http://127.0.0.1:${port}`;
  await waitFor(url);
  return { url, child };
}

interface Server {
  url: string;
  child: ChildProcess;
}

/**
 * The node flags and the environment (`NAME=value` before `node`) `npm start` runs the server with
 * (package.json), so the servers here get them too, and only they: not the bare server, not autocannon.
 */
function startSettings(checkout: string): { flags: string; env: Record<string, string> } {
  const pkg = JSON.parse(readFileSync(path.join(checkout, 'package.json'), 'utf8'));
  const found = /((?:\b[A-Z_]+=\S+ )*)node ((?:--\S+ )*)dist-server\/main\.mjs/.exec(pkg.scripts.start);
  const env = Object.fromEntries(
    (found?.[1] ?? '')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map((assignment) => {
        const at = assignment.indexOf('=');
        return [assignment.slice(0, at), assignment.slice(at + 1)];
      }),
  );
  return { flags: found?.[2]?.trim() ?? '', env };
}

async function startServer(env: NodeJS.ProcessEnv, checkout = root): Promise<Server> {
  const port = await freePort();
  const settings = startSettings(checkout);
  const nodeOptions = [process.env.NODE_OPTIONS, settings.flags].filter(Boolean).join(' ');
  const child = start(
    tsx,
    ['server/src/main.ts'],
    { PORT: String(port), HOST: '127.0.0.1', NODE_OPTIONS: nodeOptions, ...settings.env, ...env },
    'ignore',
    checkout,
  );
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/api/v2/profile`);
  return { url, child };
}

interface Caller {
  headers: Record<string, string>;
  teamUser: string;
}

/** Signs Olivia in as a person would: a login link from the CLI, its code exchanged for tokens. */
async function signIn(url: string, env: NodeJS.ProcessEnv, checkout = root): Promise<Caller> {
  const { stdout } = await run(
    tsx,
    ['server/src/cli/main.ts', 'login-url', 'olivia@acme.test', '--team', 'Acme Inc'],
    {
      cwd: checkout,
      env: { ...process.env, ...env, PUBLIC_URL: url },
    },
  );
  const link = new URL(stdout.trim());
  const response = await fetch(`${url}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: link.searchParams.get('token') }),
  });
  if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const { accessToken } = (await response.json()) as { accessToken: string };
  return {
    headers: { authorization: `Bearer ${accessToken}` },
    teamUser: `${link.searchParams.get('team_id')}-${link.searchParams.get('user_id')}`,
  };
}

async function loadCalls(
  label: string,
  servers: Server[],
  caller: Caller,
  databaseUrl?: string,
): Promise<void> {
  const urls = servers.map((server) => server.url);
  const url = urls.length === 1 ? (urls[0] as string) : urls;
  const sides = { servers: servers.map((server) => server.child), databaseUrl };
  for (const path of [`/api/v1/collab/teams/${caller.teamUser}`, `/api/v1/collab/${caller.teamUser}/users`]) {
    if (WARMUP_SECONDS <= 0) break;
    const requests = [{ method: 'GET' as const, path, headers: caller.headers }];
    await autocannon({
      connections: CONNECTIONS,
      duration: WARMUP_SECONDS,
      url,
      requests,
    } as autocannon.Options);
  }
  const get = (path: string) => [{ method: 'GET' as const, path, headers: caller.headers }];
  await load(
    `${label}: GET team`,
    {
      url,
      requests: get(`/api/v1/collab/teams/${caller.teamUser}`),
    } as autocannon.Options,
    sides,
  );
  await load(
    `${label}: GET members page`,
    {
      url,
      requests: get(`/api/v1/collab/${caller.teamUser}/users`),
    } as autocannon.Options,
    sides,
  );
  let n = 0;
  await load(
    `${label}: PUT team rename`,
    {
      url,
      requests: [
        {
          method: 'PUT',
          path: `/api/v1/collab/teams/${caller.teamUser}`,
          headers: { ...caller.headers, 'content-type': 'application/json' },
          setupRequest: (request) => ({ ...request, body: JSON.stringify({ name: `Acme Inc ${n++ % 2}` }) }),
        },
      ],
    } as autocannon.Options,
    sides,
  );
}

/** Every row of ROWS against servers started from one checkout (this one, or BENCH_API_COMPARE's). */
async function runRows(checkout: string, suffix: string, postgresUrl: string | null): Promise<void> {
  const work = await mkdtemp(path.join(tmpdir(), 'spark-bench-api-'));
  try {
    if (ROWS.includes('embedded')) await runEmbeddedRows(checkout, suffix, path.join(work, 'embedded'));
    if (!postgresUrl) return;
    const databaseUrl = await createDatabase(postgresUrl, `spark_bench_api${suffix ? '_compare' : ''}`);
    const env = {
      DATA_DIR: path.join(work, 'postgres'),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'b'.repeat(48),
    };
    const one = await startServer(env, checkout);
    const caller = await signIn(one.url, env, checkout);
    if (ROWS.includes('postgres')) await loadCalls(`Postgres, 1 server${suffix}`, [one], caller, databaseUrl);
    if (ROWS.includes('two-servers')) {
      // A second process on the same database and key: the same token works on both.
      const two = await startServer(env, checkout);
      await loadCalls(`Postgres, 2 servers round-robin${suffix}`, [one, two], caller, databaseUrl);
      await stop(two.child);
    }
    await stop(one.child);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function runEmbeddedRows(checkout: string, suffix: string, dataDir: string): Promise<void> {
  const env = { DATA_DIR: dataDir };
  const server = await startServer(env, checkout);
  await loadCalls(`embedded (PGlite)${suffix}`, [server], await signIn(server.url, env, checkout));
  if (existsSync(path.join(checkout, 'dist/index.html'))) {
    // A browser's navigation: the console's HTML (from memory, brotli), no database involved.
    const requests = [
      {
        method: 'GET',
        path: '/web-login',
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, deflate, br' },
      },
    ];
    await load(`console HTML /web-login (br)${suffix}`, { url: server.url, requests } as autocannon.Options, {
      servers: [server.child],
    });
  } else if (!suffix) {
    skipped.push('console HTML row: dist/ is not built (npm run build)');
  }
  await stop(server.child);
}

// --- the run ----------------------------------------------------------------------------------------

/** The bare Fastify hello-world, warmed up, measured as a row of its own. */
async function measureBare(what: string): Promise<Row> {
  const bareServer = await startBare();
  try {
    if (WARMUP_SECONDS > 0)
      await autocannon({ connections: CONNECTIONS, duration: WARMUP_SECONDS, url: bareServer.url });
    return await load(what, { url: bareServer.url }, { servers: [bareServer.child] });
  } finally {
    await stop(bareServer.child);
  }
}

try {
  // Bare Fastify first and last: this shared machine's speed moves within a run (the same bare server
  // gave 21k to 46k requests/s from run to run), so the shares are of the two rows' mean.
  const bareFirst = await measureBare('bare Fastify hello-world (first)');

  const postgres = ROWS.some((set) => set !== 'embedded') ? await startPostgres(group) : null;
  if (postgres && 'skip' in postgres) skipped.push(`Postgres rows: ${postgres.skip}`);
  const postgresUrl = postgres && 'url' in postgres ? postgres.url : null;
  if (COMPARE) await runRows(COMPARE, ' (compare)', postgresUrl);
  await runRows(root, '', postgresUrl);
  if (postgres && 'holder' in postgres && postgres.holder) await stop(postgres.holder);
  const bareLast = await measureBare('bare Fastify hello-world (last)');

  printReport({ rows, bare: [bareFirst, bareLast], skipped, connections: CONNECTIONS, seconds: SECONDS });
} finally {
  await group.stopAll();
}
