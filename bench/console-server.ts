// A console server for the browser-side benchmarks (start, lighthouse): `npm start`'s two steps (the
// build if needed, then the server) on a free port and a fresh temporary DATA_DIR, so a benchmark
// never touches .data or a server someone else is running.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

// BENCH_ROOT: start another checkout's console instead (a before/after side by side).
export const root = process.env.BENCH_ROOT ?? path.resolve(import.meta.dirname, '..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export interface ConsoleServer {
  url: string;
  dataDir: string;
  env: NodeJS.ProcessEnv;
  /** Milliseconds from spawning `npm start` to the first page served (200, text/html). */
  startMs: number;
  stop(): Promise<void>;
  /** What the server printed so far (stdout and stderr). */
  output(): string;
}

export interface StartOptions {
  timeoutMs?: number;
  /** Start on this DATA_DIR (a restart) instead of a fresh temporary one. */
  dataDir?: string;
  /** Leave DATA_DIR in place when the server stops. */
  keepData?: boolean;
  /** Extra environment for the server (e.g. START_PHASES=1, another XDG_CACHE_HOME). */
  env?: NodeJS.ProcessEnv;
}

/** GETs `url` until it answers 200 with HTML; rejects when the process exits or after the timeout. */
async function untilServed(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (performance.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    try {
      // As a browser navigates: the server answers client routes with the console for HTML requests.
      const response = await fetch(url, {
        headers: { accept: 'text/html' },
        signal: AbortSignal.timeout(2000),
      });
      const html = (response.headers.get('content-type') ?? '').includes('text/html');
      await response.arrayBuffer();
      if (response.ok && html) return;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`no page at ${url} within ${timeoutMs} ms`);
}

/** True while any process of the group is alive (npm, its shell, the server). */
function groupAlive(groupId: number): boolean {
  try {
    process.kill(-groupId, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * npm start runs the server as a child of a shell: the whole process group is signalled, and waited
 * for. npm itself exits at once on SIGTERM, while the server is still closing its database: removing
 * DATA_DIR then raced the embedded database's last writes.
 */
async function stopProcess(child: ChildProcess): Promise<void> {
  const groupId = child.pid;
  if (!groupId || !groupAlive(groupId)) return;
  process.kill(-groupId, 'SIGTERM');
  const deadline = performance.now() + 10_000;
  while (groupAlive(groupId) && performance.now() < deadline) await sleep(50);
  if (groupAlive(groupId)) process.kill(-groupId, 'SIGKILL');
}

/**
 * Runs `npm start` (the build when sources changed, then the server) and resolves once the page
 * at `firstPath` is served. The server's output is kept and shown if it fails to start.
 */
export async function startConsoleServer(
  firstPath = '/web-login',
  { timeoutMs = 180_000, dataDir: reuse, keepData = false, env: extraEnv = {} }: StartOptions = {},
): Promise<ConsoleServer> {
  const port = await freePort();
  const dataDir = reuse ?? (await mkdtemp(path.join(tmpdir(), 'spark-bench-')));
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: url,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  };
  let output = '';
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], { cwd: root, env, detached: true, stdio: 'pipe' });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    await stopProcess(child);
    if (!keepData) await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await untilServed(`${url}${firstPath}`, child, timeoutMs);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${output.slice(-4000)}`);
  }
  return { url, dataDir, env, startMs: performance.now() - started, stop, output: () => output };
}
