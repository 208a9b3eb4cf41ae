// What the browser tests ask of this worker's e2e server besides its pages: login links, fresh demo
// data, redirect keys (the requests the README's `cli` tool makes of a running server, sent from here),
// and the `cli` tool itself for the commands whose printed output a test reads (outbox, sandbox).
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { workerServer } from './servers';

export const E2E_PORT = workerServer.port;
const E2E_DATA_DIR = workerServer.dataDir;
export const E2E_BASE_URL = workerServer.baseUrl;

// The same CLI from the server bundle that `npm start` (the e2e web server) has just brought up to
// date (scripts/server-bundle.mjs): a call then costs about a third of tsx's CPU.
const BUNDLED_CLI = 'dist-server/cli.mjs';
const CLI_ENTRY = existsSync(BUNDLED_CLI)
  ? [BUNDLED_CLI]
  : ['node_modules/tsx/dist/cli.mjs', 'server/src/cli/main.ts'];
const run = promisify(execFile);

/** The README's `cli` tool, run the way a developer runs it, against this worker's server; its stdout. */
export async function cli(...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [...CLI_ENTRY, ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: E2E_BASE_URL, PORT: String(E2E_PORT) },
    encoding: 'utf8',
  });
  return stdout.trim();
}

// The CLI's own route to a running server (server/src/cli/remote-backend.ts): loopback, with the
// per-start secret the server writes to DATA_DIR/server.json. A node process per call cost 0.8-0.9 s
// of CPU (5 s wall at load 30) against about 25 ms this way, and the suite makes about 300 (a login
// link per test, a reset per billing test; decision 025). The CLI's parsing and printing are tested
// in server/test/cli.test.ts.
async function askServer<T>(command: string, body: object): Promise<T> {
  const server = JSON.parse(await readFile(path.join(E2E_DATA_DIR, 'server.json'), 'utf8')) as {
    cliSecret: string;
  };
  const response = await fetch(`${E2E_BASE_URL}/api/internal/cli/${command}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-cli-secret': server.cliSecret },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${command}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

/** `cli seed --reset`: wipes the database and loads the demo data. */
export async function seedReset(): Promise<void> {
  await askServer('seed-reset', {});
}

/** `cli login-url`: an absolute /login URL with a fresh auth code (and team_id/user_id with a team). */
export async function loginUrl(email: string, team?: string): Promise<string> {
  const grant = await askServer<{ token: string; teamId: number | null; userId: number | null }>(
    'login-url',
    { email, team: team ?? null },
  );
  const url = new URL('/login', E2E_BASE_URL);
  url.searchParams.set('token', grant.token);
  if (grant.teamId !== null && grant.userId !== null) {
    url.searchParams.set('team_id', String(grant.teamId));
    url.searchParams.set('user_id', String(grant.userId));
  }
  return url.toString();
}

/** Just the one-time auth code of a fresh login link. */
export async function authCode(email: string): Promise<string> {
  return new URL(await loginUrl(email)).searchParams.get('token') ?? '';
}

/** `cli redirect-key`: a /back-to-app?key= link with a fresh one-time key to `target`. */
export async function redirectLink(target: string): Promise<string> {
  const { key } = await askServer<{ key: string }>('redirect-key', { url: target });
  const url = new URL('/back-to-app', E2E_BASE_URL);
  url.searchParams.set('key', key);
  return url.toString();
}
