// No Postgres database: its server runs on the embedded database: the child's environment has no DATABASE_URL.

import { spawn } from 'node:child_process';
import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logText } from './log-text';
import { buildTestServerBundle } from './server-bundle';

// Issue 20, finding 6: DATA_DIR holds the embedded database (whose WAL has the sandbox's keys), the
// JWT key and the outbox's mail. Everything under it is the owner's alone: files 0600, folders 0700,
// including an existing folder made before this rule. The real server is started, as `npm start`
// does, on a data folder that already holds world-readable files.

const repoRoot = path.resolve(import.meta.dirname, '../..');
let dataDir = '';
let output = '';

/** Every entry under `dir` (itself included) with its permission bits, symlinks left out. */
async function modes(dir: string): Promise<{ file: string; mode: number; isDir: boolean }[]> {
  const info = await lstat(dir);
  const found = [{ file: dir, mode: info.mode & 0o777, isDir: true }];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...(await modes(full)));
    else if (entry.isFile()) found.push({ file: full, mode: (await lstat(full)).mode & 0o777, isDir: false });
  }
  return found;
}

/**
 * Starts the server on DATA_DIR (a free port), waits until it is ready, and stops it. The server
 * bundle, as `npm start` runs it (server-bundle.ts; through tsx the start cost twice the CPU).
 */
function runServerOnce(serverMain: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // Under umask 000 from outside: the server must not rely on the shell's.
    const command = 'umask 000 && exec "$0" "$1"';
    const child = spawn('/bin/sh', ['-c', command, process.execPath, serverMain], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'warn',
      },
    });
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk;
      // The sign-in hint is the start's last line.
      if (/login-url .*\n/.test(text)) child.kill('SIGTERM');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('error', reject);
    child.on('exit', () => (/login-url .*\n/.test(text) ? resolve(text) : reject(new Error(text))));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-data-modes-'));
  // A folder as an older version left it: readable (and writable) by everyone.
  await chmod(dataDir, 0o777);
  await mkdir(path.join(dataDir, 'outbox'), { mode: 0o777 });
  await chmod(path.join(dataDir, 'outbox'), 0o777);
  await writeFile(path.join(dataDir, 'outbox', 'old.eml'), 'Subject: old\n\n', { mode: 0o666 });
  await chmod(path.join(dataDir, 'outbox', 'old.eml'), 0o666);
  const bundle = await buildTestServerBundle();
  try {
    output = logText(await runServerOnce(bundle.server[0] as string));
  } finally {
    await bundle.remove();
  }
}, 240_000);
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe('DATA_DIR after a start', () => {
  it('has every file 0600 and every folder 0700, the embedded database and the old files included', async () => {
    const entries = await modes(dataDir);
    // The embedded database is there (hundreds of files PGlite unpacks with 0666 of its own).
    expect(
      entries.filter((entry) => entry.file.includes(`${path.sep}pglite${path.sep}`)).length,
    ).toBeGreaterThan(100);
    const wrong = entries
      .filter((entry) => entry.mode !== (entry.isDir ? 0o700 : 0o600))
      .map((entry) => `${entry.mode.toString(8)} ${path.relative(dataDir, entry.file) || '.'}`);
    expect(wrong).toEqual([]);
  });

  it('loaded the demo data, as on a fresh clone, said why, and how to sign in as Olivia', () => {
    expect(output).toContain(
      'demo data: loaded on an empty database (PUBLIC_URL unset and HOST is loopback)',
    );
    expect(output).toContain(
      `Get a login link: DATA_DIR=${dataDir} npm run --silent cli -- login-url olivia@acme.test --team "Acme Inc"`,
    );
  });

  it('said which stand-ins run and why', () => {
    expect(output).toContain(
      'stand-in: Stripe sandbox at /v1 and /sandbox/stripe (PUBLIC_URL unset and HOST is loopback)',
    );
    expect(output).toContain(
      'stand-in: identity sandbox for Google and Microsoft sign-in at /sandbox/identity (PUBLIC_URL unset and HOST is loopback)',
    );
  });
});
