import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Tokens } from '@domain/entities';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-data';
import {
  type CliResult,
  exchange,
  outputWith,
  runProcess,
  singleLine,
  startServerProcess,
  stopServer,
} from './cli-processes';
import { createTestDb, serverDatabaseUrl, type TestDb } from './helper';
import { logText } from './log-text';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

// Demo data only where it belongs: a server or CLI behind a public PUBLIC_URL leaves an empty database
// empty, `staff add` makes its first account, and `seed --reset` asks for --force there. The real
// server and CLI (the server bundle), on the embedded database or, with DATABASE_URL, on Postgres.

const PUBLIC = 'https://teams.example.com';

let bundle: TestServerBundle | null = null;
const built = (): TestServerBundle => {
  if (!bundle) throw new Error('the server bundle is built in beforeAll');
  return bundle;
};

/** One site: its own data folder and (on Postgres) its own empty database. */
interface Site {
  env: (extra?: Record<string, string>) => NodeJS.ProcessEnv;
  close(): Promise<void>;
}

const sites: Site[] = [];

async function newSite(settings: Record<string, string>): Promise<Site> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'spark-cli-demo-'));
  const db: TestDb | null = serverDatabaseUrl ? await createTestDb() : null;
  const site: Site = {
    env: (extra = {}) => ({
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...(db?.databaseUrl ? { DATABASE_URL: db.databaseUrl } : {}),
      ...settings,
      ...extra,
    }),
    async close() {
      await db?.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  sites.push(site);
  return site;
}

const cli = (site: Site, ...args: string[]): Promise<CliResult> =>
  runProcess(process.execPath, [...built().cli, ...args], site.env());

/** A refusal or input error: non-zero, nothing on stdout, one line on stderr. */
function oneLineFailure(result: CliResult): string {
  expect(result.code).not.toBe(0);
  expect(result.stdout).toBe('');
  return singleLine(result.stderr);
}

/** Signs in with a fresh login link; the profile the server then answers. */
async function profileVia(serverUrl: string, site: Site, email: string) {
  const link = await cli(site, 'login-url', email);
  expect(link).toMatchObject({ code: 0, stderr: '' });
  const url = singleLine(link.stdout);
  expect(url.startsWith(`${PUBLIC}/login?token=`)).toBe(true);
  const signIn = await exchange(serverUrl, url);
  expect(signIn.status).toBe(200);
  const { accessToken } = (await signIn.json()) as Tokens;
  const profile = await fetch(`${serverUrl}/api/v2/profile`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  return (await profile.json()) as { email: string; fullName: string; isStaff: boolean };
}

/** A port nobody listens on now: the server's links say PUBLIC_URL, so the test needs its own address. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

beforeAll(async () => {
  bundle = await buildTestServerBundle();
});
afterAll(async () => {
  await Promise.all(sites.map((site) => site.close()));
  await bundle?.remove();
});

describe('demo data behind a public PUBLIC_URL', { timeout: 180_000 }, () => {
  it('is not loaded; staff add makes the first account; seed --reset needs --force', async () => {
    const site = await newSite({ PUBLIC_URL: PUBLIC });
    const port = await freePort();
    const server = await startServerProcess(built().server, site.env({ PORT: String(port) }));
    const local = `http://127.0.0.1:${port}`;
    expect(server.url).toBe(PUBLIC);
    try {
      const said = await outputWith(server, 'login-url');
      expect(said).toContain(
        `demo data: not loaded (PUBLIC_URL ${PUBLIC} is not loopback; DEMO_DATA=on to load it)`,
      );
      expect(said).toMatch(/No accounts yet\..* staff add <email>, then sign in with .* login-url <email>/);
      expect(said).not.toContain(demoAccounts.olivia.email);
      const olivia = await cli(site, 'login-url', demoAccounts.olivia.email);
      expect(oneLineFailure(olivia)).toBe(`No account with email ${demoAccounts.olivia.email}`);

      for (const bad of ['not-an-email', 'ops@example']) {
        expect(oneLineFailure(await cli(site, 'staff', 'add', bad)), bad).toBe(
          `staff add: ${JSON.stringify(bad)} is not an email address`,
        );
      }
      expect(oneLineFailure(await cli(site, 'staff', 'add', 'ops@example.com', '--name', ' '))).toBe(
        'staff add: --name must be 1 to 200 characters on one line',
      );

      const added = await cli(site, 'staff', 'add', 'Ops@Example.com', '--name', 'Olga Ops');
      expect(added).toMatchObject({ code: 0, stderr: '', stdout: 'staff: Ops@Example.com (new account)\n' });
      const again = await cli(site, 'staff', 'add', 'ops@example.com', '--name', 'Other Name');
      expect(again).toMatchObject({
        code: 0,
        stderr: '',
        stdout: 'staff: Ops@Example.com (existing account)\n',
      });
      expect(await profileVia(local, site, 'ops@example.com')).toMatchObject({
        email: 'Ops@Example.com',
        fullName: 'Olga Ops',
        isStaff: true,
      });

      // Refused, and nothing touched: the account is still there and the demo data is not.
      const refused = await cli(site, 'seed', '--reset');
      expect(oneLineFailure(refused)).toBe(
        `Refusing to wipe the database: PUBLIC_URL ${PUBLIC} is not loopback, so it may hold real accounts. ` +
          'Nothing was changed; add --force to wipe it and load the demo data.',
      );
      expect((await profileVia(local, site, 'ops@example.com')).isStaff).toBe(true);

      const forced = await cli(site, 'seed', '--reset', '--force');
      expect(forced).toMatchObject({ code: 0, stderr: '', stdout: 'Database wiped and demo data loaded.\n' });
      expect((await cli(site, 'login-url', 'ops@example.com')).code).toBe(1);
      expect(await profileVia(local, site, demoAccounts.staff.email)).toMatchObject({ isStaff: true });
    } finally {
      expect(await stopServer(server)).toBe(0);
    }

    // No server: the CLI opens the database itself, under the same rules.
    const offline = await cli(site, 'staff', 'add', 'second@example.com');
    expect(offline).toMatchObject({
      code: 0,
      stderr: '',
      stdout: 'staff: second@example.com (new account)\n',
    });
    expect(oneLineFailure(await cli(site, 'seed', '--reset'))).toMatch(/^Refusing to wipe the database/);
    expect(singleLine((await cli(site, 'login-url', 'second@example.com')).stdout)).toMatch(
      /^https:\/\/teams\.example\.com\/login\?token=/,
    );
  });

  it('an empty database stays empty for the CLI alone; DEMO_DATA=on loads the demo there', async () => {
    const site = await newSite({ PUBLIC_URL: PUBLIC });
    expect(oneLineFailure(await cli(site, 'login-url', demoAccounts.olivia.email))).toBe(
      `No account with email ${demoAccounts.olivia.email}`,
    );
    const asked = await newSite({ PUBLIC_URL: PUBLIC, DEMO_DATA: 'on' });
    expect(await cli(asked, 'login-url', demoAccounts.olivia.email)).toMatchObject({ code: 0, stderr: '' });
  });
});

describe('DEMO_DATA on a loopback address', { timeout: 60_000 }, () => {
  it('off keeps an empty database empty, where seed --reset still needs no --force', async () => {
    const site = await newSite({ DEMO_DATA: 'off' });
    expect((await cli(site, 'login-url', demoAccounts.olivia.email)).code).toBe(1);
    expect(await cli(site, 'seed', '--reset')).toMatchObject({ code: 0, stderr: '' });
    expect(await cli(site, 'login-url', demoAccounts.olivia.email)).toMatchObject({ code: 0, stderr: '' });
  });

  it('a value other than auto, on or off stops the server and the CLI with one line', async () => {
    const site = await newSite({ DEMO_DATA: 'yes' });
    const server = await runProcess(process.execPath, built().server, site.env({ PORT: '0' }));
    expect(server.code).toBe(1);
    expect(logText(server.stdout + server.stderr).trim()).toBe(
      'Cannot start: DEMO_DATA must be auto, on or off',
    );
    expect(oneLineFailure(await cli(site, 'staff', 'add', 'ops@example.com'))).toBe(
      'DEMO_DATA must be auto, on or off',
    );
  });
});
