// Child processes for the benchmarks that start servers (api, load, files): each started in its own
// process group so a stop ends the server and whatever it spawned, stderr kept for a failure report.
import { type ChildProcess, spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { root } from './console-server';

export { freePort } from './console-server';

/** The processes one benchmark run started, to stop them all at the end (or on a failure). */
export function createProcessGroup() {
  const children: ChildProcess[] = [];
  return {
    children,
    /** Spawns in the repository root (or `cwd`) with the given environment on top of ours. */
    start(
      command: string,
      args: string[],
      env: NodeJS.ProcessEnv,
      stdout: 'ignore' | 'pipe' = 'ignore',
      cwd = root,
    ) {
      const child = spawn(command, args, {
        cwd,
        env: { ...process.env, ...env },
        stdio: ['ignore', stdout, 'pipe'],
        detached: true,
      });
      let stderr = '';
      child.stderr?.on('data', (chunk: Buffer) => {
        stderr = (stderr + chunk.toString()).slice(-4000);
      });
      child.once('exit', (code) => {
        if (code && code !== 143 && code !== 130)
          console.error(`${command} ${args.join(' ')} exited ${code}:\n${stderr}`);
      });
      children.push(child);
      return child;
    },
    /** Every process this group started. */
    async stopAll() {
      for (const child of children) await stopProcess(child);
    },
  };
}

/** SIGTERM to the child's process group; resolves when it has exited. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    try {
      process.kill(-(child.pid as number), 'SIGTERM');
    } catch {
      resolve();
    }
  });
}

/** Until the URL answers at all (any status). */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await sleep(200);
    }
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
