// The real server and CLI as child processes, for the tests that run them as an operator would
// (cli.test.ts, cli-demo-data.test.ts). Each takes its environment whole: nothing from outside leaks in.

import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'vitest';
import { logText } from './log-text';

export const repoRoot = path.resolve(import.meta.dirname, '../..');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end from the repository's root. */
export function runProcess(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: repoRoot, env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts the real server (node with `args`) and resolves once it prints its URL. */
export function startServerProcess(args: string[], env: NodeJS.ProcessEnv): Promise<RunningServer> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: repoRoot, env });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk;
      // The banner is a JSON line when the output is not a terminal: the URL ends at the quote.
      const match = /Spark Teams Console: (http[^\s"]+)/.exec(output);
      if (match?.[1]) resolve({ url: match[1], child, output: () => logText(output) });
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('error', reject);
    child.on('exit', (code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

/** The server's output once it holds `text` (lines after the URL may come in a later chunk). */
export async function outputWith(server: RunningServer, text: string): Promise<string> {
  for (let waited = 0; !server.output().includes(text) && waited < 10_000; waited += 50) await sleep(50);
  return server.output();
}

export function stopServer(server: RunningServer): Promise<number | null> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve(server.child.exitCode);
    server.child.once('exit', (code) => resolve(code));
    server.child.kill('SIGTERM');
  });
}

/** Signs in with a login link's token: the server's answer (200 with tokens, or an error body). */
export async function exchange(serverUrl: string, loginUrl: string): Promise<Response> {
  const token = new URL(loginUrl).searchParams.get('token');
  return fetch(`${serverUrl}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      code: token,
      platform: 'web',
      version: 'test',
      osVersion: 'test',
      device: 'cli test',
      locale: 'en',
    }),
  });
}

/** The one line a command printed (asserted: exactly one, newline-terminated). */
export function singleLine(stdout: string): string {
  const lines = stdout.split('\n');
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe('');
  return lines[0] as string;
}
