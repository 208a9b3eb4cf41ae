// No Postgres database: its servers run on the embedded database: the children's environment has no DATABASE_URL.
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

// The server as `npm start` runs it (the bundle), its whole output read: with LOG_FORMAT=json every
// line of stdout and stderr is one JSON object, the start-up banner, the stand-ins and a process
// warning included; with LOG_FORMAT=pretty the banner is a line a person reads.

const repoRoot = path.resolve(import.meta.dirname, '../..');
let bundle: TestServerBundle;
let dataDir = '';

beforeAll(async () => {
  bundle = await buildTestServerBundle();
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-log-format-'));
});
afterAll(async () => {
  await bundle?.remove();
  await rm(dataDir, { recursive: true, force: true });
});

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/**
 * Runs the server with `env`; once `ready` matches its stdout, `whileUp` runs with the output so
 * far, then the server is stopped (SIGTERM). Without `ready` it is expected to exit by itself.
 */
function runServer(
  env: Record<string, string>,
  ready?: RegExp,
  whileUp: (stdout: string) => Promise<void> = async () => {},
): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, bundle.server, {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        ...env,
      },
    });
    let stdout = '';
    let stderr = '';
    let started = false;
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk;
      if (!ready || started || !ready.test(stdout)) return;
      started = true;
      whileUp(stdout).then(
        () => child.kill('SIGTERM'),
        (error) => {
          child.kill('SIGKILL');
          reject(error);
        },
      );
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('exit', (code) => resolve({ stdout, stderr, code }));
  });
}

const linesOf = (text: string) => text.split('\n').filter((line) => line !== '');

describe('LOG_FORMAT', () => {
  it('json: every line the server writes, on stdout and stderr, is a JSON object with an ISO time', async () => {
    let answer: Response | null = null;
    const run = await runServer(
      // The S3 stand-in loads the AWS SDK, which warns through process.emitWarning on older Node.
      { LOG_FORMAT: 'json', STORAGE_S3_SANDBOX: 'on' },
      /Get a login link/,
      async (stdout) => {
        const url = /Spark Teams Console: (http[^\s"]+)/.exec(stdout)?.[1];
        answer = await fetch(`${url}/api/v2/profile`, { headers: { 'x-request-id': 'spawned-1' } });
      },
    );
    const lines = [...linesOf(run.stdout), ...linesOf(run.stderr)];
    const parsed = lines.map((line) => {
      const value = JSON.parse(line) as Record<string, unknown>;
      expect(new Date(value.time as string).toISOString()).toBe(value.time);
      return value;
    });
    const messages = parsed.map((line) => String(line.msg));
    expect(messages).toContain('stand-in: S3 stand-in at /sandbox/s3 (STORAGE_S3_SANDBOX=on)');
    expect(messages.some((msg) => /^stand-in: Stripe sandbox at \/v1/.test(msg))).toBe(true);
    expect(messages.some((msg) => /^Spark Teams Console: http:\/\/127\.0\.0\.1:\d+$/.test(msg))).toBe(true);
    expect(messages.some((msg) => msg.startsWith('Get a login link: '))).toBe(true);
    expect((answer as Response | null)?.headers.get('x-request-id')).toBe('spawned-1');
    expect(parsed).toContainEqual(
      expect.objectContaining({
        requestId: 'spawned-1',
        method: 'GET',
        route: '/api/v2/profile',
        statusCode: 401,
      }),
    );
  });

  it('json: a server that cannot start says why in one JSON line', async () => {
    const run = await runServer({ LOG_FORMAT: 'json', PORT: 'eighty' });
    expect(run.code).toBe(1);
    const lines = [...linesOf(run.stdout), ...linesOf(run.stderr)];
    expect(lines.map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({
        level: 'fatal',
        msg: 'Cannot start: PORT must be a number from 0 to 65535, got "eighty"',
      }),
    ]);
  });

  it('pretty: the banner is a line to read, not JSON; a LOG_FORMAT that is neither is refused', async () => {
    const run = await runServer({ LOG_FORMAT: 'pretty' }, /Get a login link/);
    expect(run.stdout).toMatch(/^\[[\d:.]+\] INFO: Spark Teams Console: http:\/\/127\.0\.0\.1:\d+$/m);
    expect(run.stdout).toMatch(
      /INFO: Get a login link: DATA_DIR=\S+ npm run --silent cli -- login-url olivia@acme\.test --team "Acme Inc"$/m,
    );
    expect(run.stdout).not.toContain('{"level"');

    const refused = await runServer({ LOG_FORMAT: 'xml' });
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain(
      'Cannot start: LOG_FORMAT must be json or pretty, got \\"xml\\"',
    );
  });
});
