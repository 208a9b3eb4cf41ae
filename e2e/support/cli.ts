// The README's `cli` tool, run the way a developer runs it, against this worker's e2e server's data
// folder (it routes through the running server, since PGlite is single-process).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { workerServer } from './servers';

export const E2E_PORT = workerServer.port;
const E2E_DATA_DIR = workerServer.dataDir;
export const E2E_BASE_URL = workerServer.baseUrl;

// The same CLI from the server bundle that `npm start` (the e2e web server) has just brought up to
// date (scripts/server-bundle.mjs): a call then costs about a third of tsx's CPU, and the browser
// suite makes a few hundred of them (a login link per test, a seed --reset per billing test).
const BUNDLED_CLI = 'dist-server/cli.mjs';
const CLI_ENTRY = existsSync(BUNDLED_CLI)
  ? [BUNDLED_CLI]
  : ['node_modules/tsx/dist/cli.mjs', 'server/src/cli/main.ts'];

export function cli(...args: string[]): string {
  return execFileSync(process.execPath, [...CLI_ENTRY, ...args], {
    env: { ...process.env, DATA_DIR: E2E_DATA_DIR, PUBLIC_URL: E2E_BASE_URL, PORT: String(E2E_PORT) },
    encoding: 'utf8',
  }).trim();
}

/** A one-line absolute /login URL with a fresh auth code (and team_id/user_id with a team). */
export function loginUrl(email: string, team?: string): string {
  return cli('login-url', email, ...(team ? ['--team', team] : []));
}

/** Just the one-time auth code of a fresh login link. */
export function authCode(email: string): string {
  return new URL(loginUrl(email)).searchParams.get('token') ?? '';
}
