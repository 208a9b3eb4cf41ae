import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tokens } from '@domain/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { serverFilePath } from '../src/start/server-file';
import {
  type CliResult,
  exchange,
  outputWith,
  type RunningServer,
  runProcess,
  singleLine,
  startServerProcess,
  stopServer,
} from './cli-processes';
import { createTestDb, serverDatabaseUrl, type TestDb } from './helper';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

const node = process.execPath;

// The CLI and the server run from the server bundle (server-bundle.ts), built once per run: through
// tsx every process cost about 3 s of CPU, and this file starts about twenty. One test runs
// the README's own `npm run --silent cli` (tsx) so that path stays covered.
let bundle: TestServerBundle | null = null;
const built = (): TestServerBundle => {
  if (!bundle) throw new Error('the server bundle is built in beforeAll');
  return bundle;
};

let dataDir = '';
let testDb: TestDb | null = null;

/** The environment of a fresh checkout: only what the test sets, no PORT/PUBLIC_URL from outside. */
function env(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  if (testDb?.databaseUrl) base.DATABASE_URL = testDb.databaseUrl;
  return { ...base, ...extra };
}

/** The CLI from this file's server bundle. */
function runCli(...args: string[]): Promise<CliResult> {
  return runProcess(node, [...built().cli, ...args], env());
}

/** The CLI the README's way: `npm run --silent cli -- ...`, through tsx. */
function runCliThroughNpm(...args: string[]): Promise<CliResult> {
  return runProcess('npm', ['run', '--silent', 'cli', '--', ...args], env());
}

/** Starts the real server (PORT=0: a free port) and resolves once it prints its URL. */
function startServer(extraEnv: Record<string, string> = {}): Promise<RunningServer> {
  return startServerProcess(built().server, env({ PORT: '0', ...extraEnv }));
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-cli-'));
  [bundle, testDb] = await Promise.all([buildTestServerBundle(), serverDatabaseUrl ? createTestDb() : null]);
});
afterAll(async () => {
  await testDb?.close();
  await rm(dataDir, { recursive: true, force: true });
  await bundle?.remove();
});

describe('cli', { timeout: 90_000 }, () => {
  it('prints usage for --help and fails on unknown commands', async () => {
    const help = await runCli('--help');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('login-url <email> [--team "<team name>"]');
    expect(help.stdout).toContain('outbox [--limit <n>]');
    expect(help.stdout).toContain('staff add <email> [--name "<full name>"]');
    expect(help.stdout).toContain('seed --reset [--force]');
    const unknown = await runCli('frobnicate');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toContain('Unknown command: frobnicate');
  });

  it('cleanup with no server running: the CLI runs it on the database, a line per kind of row', async () => {
    // (Through a running server it calls /api/internal/cli/cleanup: server/test/cleanup.test.ts.)
    // The README's way, through npm and tsx: the CLI opens, migrates and seeds the database from source.
    const cleaned = await runCliThroughNpm('cleanup');
    expect(cleaned).toMatchObject({ code: 0, stderr: '' });
    expect(cleaned.stdout).toMatch(/^sessions and refresh-token families: \d+ deleted$/mu);
    expect(cleaned.stdout).toMatch(/^rate-limit counters: \d+ deleted$/mu);
    expect(cleaned.stdout).toMatch(/^invitation mail counts: \d+ deleted\n$/mu);
    const wrong = await runCli('cleanup', 'now');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('cleanup takes no arguments');
  });

  it('sandbox keys prints the Stripe and Paddle keys with no server, and the same ones through a running server', async () => {
    const offline = await runCli('sandbox', 'keys');
    expect(offline).toMatchObject({ code: 0, stderr: '' });
    const lines = offline.stdout.split('\n');
    expect(lines).toHaveLength(7);
    expect(lines[0]).toMatch(/^STRIPE_SECRET_KEY=sk_test_\w+$/);
    expect(lines[1]).toMatch(/^STRIPE_PUBLISHABLE_KEY=pk_test_\w+$/);
    expect(lines[2]).toMatch(/^STRIPE_WEBHOOK_SECRET=whsec_\w+$/);
    expect(lines[3]).toMatch(/^PADDLE_API_KEY=pdl_sdbx_apikey_\w+$/);
    expect(lines[4]).toMatch(/^PADDLE_CLIENT_TOKEN=test_\w+$/);
    expect(lines[5]).toMatch(/^PADDLE_WEBHOOK_SECRET=pdl_ntfset_\w+$/);
    expect(lines[6]).toBe('');
    const server = await startServer();
    try {
      const online = await runCli('sandbox', 'keys');
      expect(online).toMatchObject({ code: 0, stderr: '', stdout: offline.stdout });
      // The printed secret key is the one the running sandbox takes, as curl would send it.
      const secret = (lines[0] as string).slice('STRIPE_SECRET_KEY='.length);
      const customers = await fetch(`${server.url}/v1/customers?limit=1`, {
        headers: { authorization: `Bearer ${secret}` },
      });
      expect(customers.status).toBe(200);
      expect(((await customers.json()) as { object: string }).object).toBe('list');
      // And the Paddle API key is the one the running Paddle sandbox takes.
      const apiKey = (lines[3] as string).slice('PADDLE_API_KEY='.length);
      const products = await fetch(`${server.url}/sandbox/paddle/api/products`, {
        headers: { authorization: `Bearer ${apiKey}` },
      });
      expect(products.status).toBe(200);
      expect(((await products.json()) as { data: unknown[] }).data).toEqual(expect.any(Array));
    } finally {
      await stopServer(server);
    }
    const wrong = await runCli('sandbox', 'keys', 'now');
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain('sandbox keys takes no arguments');
  });

  it('login-url and seed --reset work with no server running, then through a running server', async () => {
    // No server: the CLI opens the database itself (and seeds the empty database first).
    const offline = await runCli('login-url', demoAccounts.olivia.email, '--team', demoTeams.acme.name);
    expect(offline.stderr).toBe('');
    expect(offline.code).toBe(0);
    const offlineUrl = new URL(singleLine(offline.stdout));
    expect(`${offlineUrl.origin}${offlineUrl.pathname}`).toBe('http://127.0.0.1:8080/login');
    expect(offlineUrl.searchParams.get('team_id')).toMatch(/^\d+$/);
    expect(offlineUrl.searchParams.get('user_id')).toMatch(/^\d+$/);
    expect(existsSync(serverFilePath(dataDir))).toBe(false);

    const missing = await runCli('login-url', 'nobody@example.test');
    expect(missing).toMatchObject({ code: 1, stdout: '' });
    expect(missing.stderr).toContain('No account with email nobody@example.test');
    const notMember = await runCli('login-url', demoAccounts.solo.email, '--team', demoTeams.acme.name);
    expect(notMember).toMatchObject({ code: 1, stdout: '' });
    expect(notMember.stderr).toContain('is not a member');

    const server = await startServer();
    try {
      // The demo data is there (the CLI loaded it above, on this loopback address): the start says
      // it left the database alone and names Olivia in its sign-in hint.
      const said = await outputWith(server, 'login-url');
      expect(said).toContain('demo data: not loaded (the database is not empty)');
      expect(said).toContain(`login-url ${demoAccounts.olivia.email} --team "${demoTeams.acme.name}"`);
      // The offline code was stored in the same database, signed with the same key.
      const offlineExchange = await exchange(server.url, offlineUrl.toString());
      expect(offlineExchange.status).toBe(200);

      const online = await runCli('login-url', demoAccounts.olivia.email, '--team', demoTeams.bakery.name);
      expect(online.stderr).toBe('');
      expect(online.code).toBe(0);
      const onlineUrl = new URL(singleLine(online.stdout));
      // Through the server, links use its address; straight to Postgres, the CLI's own PUBLIC_URL/PORT.
      expect(onlineUrl.origin).toBe(serverDatabaseUrl ? 'http://127.0.0.1:8080' : server.url);
      const tokens = (await (await exchange(server.url, onlineUrl.toString())).json()) as Tokens;
      expect(tokens.accessToken).toBeTruthy();
      const teams = await fetch(`${server.url}/api/v1/collab/teams`, {
        headers: { authorization: `Bearer ${tokens.accessToken}` },
      });
      const bakery = (
        (await teams.json()) as { items: { team: { id: number; name: string }; profile: { id: number } }[] }
      ).items.find((item) => item.team.name === demoTeams.bakery.name);
      expect(onlineUrl.searchParams.get('team_id')).toBe(String(bakery?.team.id));
      expect(onlineUrl.searchParams.get('user_id')).toBe(String(bakery?.profile.id));

      // The server writes invitation mail to DATA_DIR/outbox; the CLI lists it from there.
      const acme = (
        (await (
          await fetch(`${server.url}/api/v1/collab/teams`, {
            headers: { authorization: `Bearer ${tokens.accessToken}` },
          })
        ).json()) as { items: { team: { id: number; name: string }; profile: { id: number } }[] }
      ).items.find((item) => item.team.name === demoTeams.acme.name);
      const invited = await fetch(
        `${server.url}/api/v1/collab/teams/${acme?.team.id}-${acme?.profile.id}/invite`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
          body: JSON.stringify([{ email: 'cli.invitee@acme.test' }]),
        },
      );
      expect(invited.status).toBe(200);
      const outbox = await runCli('outbox');
      expect(outbox).toMatchObject({ code: 0, stderr: '' });
      expect(outbox.stdout).toMatch(
        /^1 message\(s\) in .*outbox, newest first:\n\n\d{4}-\d\d-\d\d \d\d:\d\d:\d\dZ {2}cli\.invitee@acme\.test {2}Olivia Owens invited you to Acme Inc on Spark\n {4}http:\/\/127\.0\.0\.1:\d+\/accept-invitation\?key=[A-Za-z0-9_-]{43}\n$/,
      );
      expect(outbox.stdout).toContain(`${server.url}/accept-invitation?key=`);

      const reset = await runCli('seed', '--reset');
      expect(reset.code).toBe(0);
      expect(singleLine(reset.stdout)).toMatch(/demo data loaded/i);
      // The reset wiped the sessions: the refresh token from before no longer works.
      const form = new FormData();
      form.set('refreshToken', tokens.refreshToken);
      const refresh = await fetch(`${server.url}/api/v1/auth/refresh`, { method: 'POST', body: form });
      expect(refresh.status).toBe(401);
      expect(await refresh.json()).toMatchObject({ errorCode: 1200 });
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
    expect(existsSync(serverFilePath(dataDir))).toBe(false);

    const offlineReset = await runCli('seed', '--reset');
    expect(offlineReset.code).toBe(0);
  });

  it.skipIf(serverDatabaseUrl)('keeps a second process off a data folder in use', async () => {
    // A live process (this test runner) claims the folder as a server that does not answer.
    await writeFile(
      serverFilePath(dataDir),
      JSON.stringify({
        pid: process.pid,
        role: 'server',
        url: 'http://127.0.0.1:9',
        publicUrl: null,
        cliSecret: 'x',
      }),
    );
    try {
      await expect(startServer()).rejects.toThrow(/in use by a server/);
      const cli = await runCli('login-url', demoAccounts.olivia.email);
      expect(cli).toMatchObject({ code: 1, stdout: '' });
      expect(cli.stderr).toContain('does not answer');
    } finally {
      await rm(serverFilePath(dataDir), { force: true });
    }
  });

  it.skipIf(serverDatabaseUrl)('takes over a server.json left behind by a dead process', async () => {
    await writeFile(
      serverFilePath(dataDir),
      JSON.stringify({
        pid: 2 ** 22 + 12345,
        role: 'server',
        url: 'http://127.0.0.1:9',
        publicUrl: null,
        cliSecret: 'x',
      }),
    );
    const cli = await runCli('login-url', demoAccounts.mia.email);
    expect(cli.code).toBe(0);
    expect(existsSync(serverFilePath(dataDir))).toBe(false);
  });

  it('files cleanup removes an expired public file through the running server', async () => {
    const server = await startServer();
    try {
      const login = await runCli('login-url', demoAccounts.staff.email);
      const tokens = (await (await exchange(server.url, singleLine(login.stdout))).json()) as Tokens;
      const secret = `${'a1B2'.repeat(10)}xyz=`;
      const form = new FormData();
      form.set('info', JSON.stringify({ expiresAt: Math.floor(Date.now() / 1000) + 2 }));
      form.set('file', new Blob(['short-lived bytes']), 'note.txt');
      const uploaded = await fetch(`${server.url}/api/v1/files?s=${secret}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.accessToken}` },
        body: form,
      });
      expect(uploaded.status).toBe(200);
      const { key } = (await uploaded.json()) as { key: string };
      const folder = path.join(dataDir, 'public-files');
      expect(await readdir(folder)).toHaveLength(1);
      await new Promise((resolve) => setTimeout(resolve, 2500));
      const cleanup = await runCli('files', 'cleanup');
      expect(cleanup).toMatchObject({ code: 0, stderr: '' });
      expect(cleanup.stdout).toBe(
        'Public files cleaned up: 1 expired or deleted, 0 unfinished upload(s) removed.\n',
      );
      expect(await readdir(folder)).toEqual([]);
      const link = await fetch(`${server.url}/api/v1/public-files/${key}?s=${secret}`);
      expect(link.status).toBe(410);
      expect(await link.json()).toMatchObject({ errorCode: 2210 });
    } finally {
      expect(await stopServer(server)).toBe(0);
    }
  });
});
