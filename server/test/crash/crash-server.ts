// The real server as a child process (`tsx server/src/main.ts`, or the server bundle the test built:
// server/test/server-bundle.ts) on the embedded database, for the crash harness (issue 14): started,
// driven over HTTP, killed with SIGKILL, started again.
import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { CLI_SECRET_HEADER } from '../../src/routes/internal-cli.routes';
import { readServerFile, serverFilePath } from '../../src/start/server-file';

const root = path.join(import.meta.dirname, '../../..');
const START_TIMEOUT_MS = 90_000;

export interface CrashServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Output so far (stderr and stdout), for a failing check to show. */
  output(): string;
  /** kill -9: no handler runs, nothing is flushed beyond what the process already wrote. */
  kill9(): Promise<void>;
  /** SIGTERM: the server's own orderly stop. */
  stop(): Promise<void>;
  /** An internal CLI route with the per-start secret (login links without spawning the CLI). */
  cli<T>(route: string, body: unknown): Promise<T>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * node's arguments that start the server: main.ts through tsx as a loader in the same process (its
 * CLI would run the server as a grandchild), so the pid that gets SIGKILL is the server itself.
 */
export const serverFromSource = ['--import', 'tsx', 'server/src/main.ts'];

/**
 * Starts the server on dataDir (a free port) and waits until it has published where it listens;
 * `env` adds settings (SHUTDOWN_TIMEOUT_SECONDS, METRICS_PORT) to the fixed ones below.
 */
export async function startServer(
  dataDir: string,
  entry: string[] = serverFromSource,
  env: Record<string, string> = {},
): Promise<CrashServer> {
  let log = '';
  const child = spawn(process.execPath, entry, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      // Always the embedded database, the outbox and the Stripe sandbox, whatever the caller's env says.
      PUBLIC_URL: '',
      DATABASE_URL: '',
      JWT_SECRET: '',
      SMTP_URL: '',
      STRIPE_SECRET_KEY: '',
      STRIPE_PUBLISHABLE_KEY: '',
      STRIPE_WEBHOOK_SECRET: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const deadline = Date.now() + START_TIMEOUT_MS;
  let owner = await readServerFile(dataDir);
  while (!(owner?.url && owner.pid === child.pid)) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${log}`);
    }
    await sleep(100);
    owner = await readServerFile(dataDir);
  }
  const { url, cliSecret } = owner;
  return {
    url,
    dataDir,
    child,
    output: () => log,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async cli<T>(route: string, body: unknown): Promise<T> {
      const response = await fetch(`${url}/api/internal/cli/${route}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLI_SECRET_HEADER]: cliSecret ?? '' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`cli ${route}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
  };
}

/**
 * A data folder with the demo data (and demo billing) made once by a real first start, then copied
 * for each crash case: a case starts from the same state in the time of a restart, not of a seed.
 */
export async function makeTemplate(): Promise<{
  dir: string;
  copy(): Promise<string>;
  remove(): Promise<void>;
}> {
  const dir = await mkdtemp(path.join(tmpdir(), 'spark-crash-template-'));
  const server = await startServer(dir);
  await server.stop();
  const copies: string[] = [];
  return {
    dir,
    async copy() {
      const target = await mkdtemp(path.join(tmpdir(), 'spark-crash-'));
      await cp(dir, target, { recursive: true, filter: (source) => source !== serverFilePath(dir) });
      copies.push(target);
      return target;
    },
    async remove() {
      for (const target of [dir, ...copies]) await rm(target, { recursive: true, force: true });
    },
  };
}

export interface SignedIn {
  ref: string;
  headers: Record<string, string>;
}

/** A demo person signed in through a login link and the code exchange, with their team's ref (if any). */
export async function signIn(server: CrashServer, email: string, team: string | null): Promise<SignedIn> {
  const grant = await server.cli<{ token: string; teamId: number; userId: number }>('login-url', {
    email,
    team,
  });
  const response = await fetch(`${server.url}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code: grant.token, platform: 'web' }),
  });
  const tokens = (await response.json()) as { accessToken: string };
  return {
    ref: `${grant.teamId}-${grant.userId}`,
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'content-type': 'application/json' },
  };
}

/** Sends a request and forgets it: the harness kills the server while it may still be running. */
export function fireAndForget(url: string, init: RequestInit): void {
  fetch(url, init).then(
    (response) => response.body?.cancel(),
    () => undefined,
  );
}
