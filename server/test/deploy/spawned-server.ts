// One server of a deployment as the manual runs it (the server bundle: `node dist-server/main.mjs`),
// on a port of its own, ready when its /readyz says so. On Postgres the server publishes no
// server file (that is the embedded database's, for the CLI), so readiness is asked over HTTP.
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';

const START_TIMEOUT_MS = 90_000;

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  output(): string;
  /** The exit code once it has exited (null when a signal ended it). */
  exited(): Promise<number | null>;
  stop(): Promise<void>;
}

export async function spawnServer(
  entry: string[],
  env: Record<string, string>,
  port: number,
): Promise<SpawnedServer> {
  let log = '';
  const child = spawn(process.execPath, entry, {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
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
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log}`);
    const ready = await fetch(`${url}/readyz`).catch(() => null);
    if (ready?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server was not ready in time:\n${log}`);
    }
    await sleep(200);
  }
  return {
    url,
    child,
    output: () => log,
    exited: () => exit,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exit;
    },
  };
}
