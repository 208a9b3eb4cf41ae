// No Postgres database: it reads the version; the one server it starts is on the embedded database.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const packageJson = JSON.parse(await readFile(path.join(repoRoot, 'package.json'), 'utf8'));

/** git's own answer, asked here rather than through the code under test; 'unknown' without .git. */
function expectedCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const expectedLine = () => `spark-teams-console ${packageJson.version} (${expectedCommit()})`;

let bundle: TestServerBundle | null = null;
let dataDir = '';

/** Runs a command to its end, or until `until` matches its output (then stops it). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, cwd: string, until?: RegExp) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    const seen = () => {
      if (until?.test(stdout + stderr)) child.kill('SIGTERM');
    };
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
      seen();
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
      seen();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-version-'));
  bundle = await buildTestServerBundle();
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
  await bundle?.remove();
});

describe('the version', { timeout: 90_000 }, () => {
  it('cli --version, the README way (npm, tsx, from source), prints name, version and commit on one line', async () => {
    const env = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: dataDir };
    const result = await run('npm', ['run', '--silent', 'cli', '--', '--version'], env, repoRoot);
    expect(result).toEqual({ code: 0, stdout: `${expectedLine()}\n`, stderr: '' });
    const misuse = await run('npm', ['run', '--silent', 'cli', '--', '--version', 'cleanup'], env, repoRoot);
    expect(misuse.code).toBe(2);
    expect(misuse.stderr).toContain('--version takes no command');
  });

  it('the server bundle carries the stamp: its CLI names the commit with no git on PATH, outside the checkout', async () => {
    const cli = bundle?.cli ?? [];
    const nodeOnly = { PATH: path.dirname(process.execPath), DATA_DIR: dataDir };
    const result = await run(process.execPath, [...cli, '--version'], nodeOnly, tmpdir());
    expect(result).toEqual({ code: 0, stdout: `${expectedLine()}\n`, stderr: '' });
  });

  it('the server logs its version and commit at start', async () => {
    const env = {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      DATA_DIR: dataDir,
      PORT: '0',
      // A start-up line: it shows whatever LOG_LEVEL says, as the console's address does.
      LOG_LEVEL: 'warn',
    };
    const versionLine = /"msg":"Spark Teams Console [^"]*"/;
    const result = await run(process.execPath, bundle?.server ?? [], env, repoRoot, versionLine);
    const line = (result.stdout + result.stderr).split('\n').find((text) => versionLine.test(text));
    expect(line, result.stdout + result.stderr).toBeDefined();
    expect(JSON.parse(line as string)).toMatchObject({
      level: 'info',
      version: packageJson.version,
      commit: expectedCommit(),
      msg: `Spark Teams Console ${packageJson.version} (${expectedCommit()})`,
    });
  });
});
