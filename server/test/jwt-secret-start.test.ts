import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliResult, runProcess } from './cli-processes';
import { createTestDb, serverDatabaseUrl, type TestDb } from './helper';
import { logText } from './log-text';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

// The real server and CLI (the server bundle) against one database: a server with another
// JWT_SECRET than the first one's refuses to start, with one line naming the variable, and
// `cli jwt-secret rotate` is the way to change the key on purpose.

const repoRoot = path.resolve(import.meta.dirname, '../..');
const KEY_A = 'a'.repeat(40);
const KEY_B = 'b'.repeat(40);

let bundle: TestServerBundle | null = null;
let testDb: TestDb | null = null;
let dataDir = '';

function env(jwtSecret: string): NodeJS.ProcessEnv {
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PORT: '0',
    JWT_SECRET: jwtSecret,
  };
  if (testDb?.databaseUrl) base.DATABASE_URL = testDb.databaseUrl;
  return base;
}

type Finished = CliResult;

const cli = (jwtSecret: string, ...args: string[]) =>
  runProcess(process.execPath, [...(bundle?.cli ?? []), ...args], env(jwtSecret));

/** Starts the server; resolves with it once listening, or with how it ended when it exits first. */
function startServer(jwtSecret: string): Promise<{ child: ChildProcess; stdout: string } | Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, bundle?.server ?? [], { cwd: repoRoot, env: env(jwtSecret) });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      if (/Spark Teams Console: http/.test(stdout)) resolve({ child, stdout });
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Starts and stops the server; returns what it printed until listening. */
async function startAndStop(jwtSecret: string): Promise<string> {
  const started = await startServer(jwtSecret);
  if (!('child' in started)) throw new Error(`server did not start: ${started.stderr}`);
  await new Promise((resolve) => {
    started.child.once('exit', resolve);
    started.child.kill('SIGTERM');
  });
  return started.stdout;
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-jwt-start-'));
  [bundle, testDb] = await Promise.all([buildTestServerBundle(), serverDatabaseUrl ? createTestDb() : null]);
});
afterAll(async () => {
  await testDb?.close();
  // A server that has just exited may still be flushing its database files: retry the removal.
  await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  await bundle?.remove();
});

describe('one JWT_SECRET per database', { timeout: 240_000 }, () => {
  it('refuses a second key, rotates on purpose, and the CLI checks its own key too', async () => {
    // The first start records key A; starting with it again is fine.
    const first = await startAndStop(KEY_A);
    await startAndStop(KEY_A);
    // With Postgres several servers may run: files on local disk and the outbox are warned about.
    const warned = [
      /but avatars, logos and public files are on this server's disk.*set STORAGE_S3_BUCKET/,
      /outbox.*set SMTP_URL/,
    ];
    for (const warning of warned) {
      if (serverDatabaseUrl) expect(first).toMatch(warning);
      else expect(first).not.toMatch(warning);
    }

    const refused = await startServer(KEY_B);
    expect('code' in refused).toBe(true);
    const { code, stdout, stderr } = refused as Finished;
    expect(code).toBe(1);
    // One line says why, and it is the last the server wrote.
    const lines = logText(stdout + stderr)
      .trim()
      .split('\n');
    const why = lines.filter((line) => line.startsWith('Cannot start'));
    expect(why).toHaveLength(1);
    expect(lines.at(-1)).toBe(why[0]);
    expect(why[0]).toMatch(/^Cannot start: JWT_SECRET is not the key this database's tokens are signed with/);
    expect(why[0]).toContain('npm run --silent cli -- jwt-secret rotate');
    expect(stdout + stderr).not.toContain(KEY_A);
    expect(stdout + stderr).not.toContain(KEY_B);

    // A login link signed with B would fail on the servers that have A: the CLI says so instead.
    const link = await cli(KEY_B, 'login-url', 'olivia@acme.test');
    expect(link.code).toBe(1);
    expect(link.stdout).toBe('');
    expect(link.stderr).toMatch(/^JWT_SECRET is not the key/);

    const rotated = await cli(KEY_B, 'jwt-secret', 'rotate');
    expect(rotated).toMatchObject({ code: 0, stderr: '' });
    expect(rotated.stdout).toContain('JWT_SECRET recorded');
    await startAndStop(KEY_B);
    const old = await startServer(KEY_A);
    expect(old).toMatchObject({ code: 1 });
    const oldOutput = old as Finished;
    expect(logText(oldOutput.stdout + oldOutput.stderr)).toContain('JWT_SECRET is not the key');

    const usage = await cli(KEY_B, 'jwt-secret');
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('jwt-secret takes one subcommand: rotate');
  });

  it.skipIf(serverDatabaseUrl)(
    'on the embedded database, rotating waits for the server to stop',
    async () => {
      const started = await startServer(KEY_B);
      if (!('child' in started)) throw new Error(`server did not start: ${started.stderr}`);
      try {
        const busy = await cli(KEY_A, 'jwt-secret', 'rotate');
        expect(busy.code).toBe(1);
        expect(busy.stderr).toMatch(/has this DATA_DIR open: stop it, run jwt-secret rotate/);
      } finally {
        started.child.kill('SIGTERM');
      }
    },
  );
});
