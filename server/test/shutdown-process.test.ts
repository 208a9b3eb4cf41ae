// No Postgres database: the server runs on the embedded database (crash-server.ts empties DATABASE_URL).
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CrashServer, signIn, startServer } from './crash/crash-server';
import { closesWithin, type Sent, send } from './keep-alive-client';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

// The real server as a child process (the server bundle, as `npm start` runs it) gets SIGTERM with
// an upload in flight and a proxy's idle keep-alive connection, as a rolling restart does.

let bundle: TestServerBundle | null = null;
let dataDir = '';
beforeAll(async () => {
  bundle = await buildTestServerBundle();
  dataDir = await mkdtemp(path.join(tmpdir(), 'spark-shutdown-'));
});
afterAll(async () => {
  await bundle?.remove();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function start(env: Record<string, string>): Promise<CrashServer> {
  if (!bundle) throw new Error('the server bundle is built in beforeAll');
  return startServer(dataDir, bundle.server, env);
}

function exitOf(server: CrashServer): Promise<number | null> {
  const { child } = server;
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

const BOUNDARY = 'spark-shutdown-test';
const SECRET = `${'k'.repeat(43)}=`;

/** A public-file upload by staff whose body the test sends part by part (a slow client). */
async function startUpload(server: CrashServer): Promise<Sent> {
  const staff = await signIn(server, 'staff@spark.test', null);
  const upload = send(`${server.url}/api/v1/files?s=${encodeURIComponent(SECRET)}`, {
    method: 'POST',
    headers: {
      authorization: staff.headers.authorization as string,
      'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
    },
  });
  upload.request.write(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="info"\r\n\r\n` +
      `${JSON.stringify({ name: 'slow.bin', meta: { from: 'Shutdown test' } })}\r\n` +
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="slow.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  upload.request.write(Buffer.alloc(64 * 1024, 42));
  return upload;
}

function finishUpload(upload: Sent): void {
  upload.request.write(Buffer.alloc(64 * 1024, 43));
  upload.request.end(`\r\n--${BOUNDARY}--\r\n`);
}

describe('SIGTERM to the real server', () => {
  it('finishes the upload in flight, closes the idle connection, serves metrics until then, and exits 0 at once', {
    timeout: 120_000,
  }, async () => {
    const metricsPort = await freePort();
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '20', METRICS_PORT: String(metricsPort) });
    try {
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      // Metrics on their own port, the sandbox's webhook queue among them; none on the public port.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toMatch(
        /http_request_duration_seconds_count\{method="GET",route="\/readyz",status_code="200"\} 1/,
      );
      expect(metrics).toMatch(/^stripe_sandbox_webhooks_pending \d+$/m);
      expect(metrics).toMatch(/^paddle_sandbox_webhooks_pending \d+$/m);
      expect(server.output()).toContain(`Metrics: http://127.0.0.1:${metricsPort}/metrics`);
      expect((await fetch(`${server.url}/metrics`)).status).toBe(404);

      const idle = send(`${server.url}/healthz`);
      expect(await idle.status).toBe(200);
      await idle.body;
      const upload = await startUpload(server);
      // The server has the request (it is reading the body) before the signal comes.
      await sleep(500);
      const exited = exitOf(server);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await closesWithin(await idle.socket, 3000)).not.toBeNull();
      await sleep(500);
      finishUpload(upload);
      expect(await upload.status).toBe(200);
      expect((await upload.headers).connection).toBe('close');
      expect(JSON.parse(await upload.body)).toMatchObject({ name: 'slow.bin', size: 128 * 1024 });
      expect(await exited).toBe(0);
      const stopMs = Date.now() - signalled;
      console.log(`SIGTERM to exit, with an upload finished 0.5 s after the signal: ${stopMs} ms`);
      expect(stopMs).toBeLessThan(8000);
    } finally {
      await server.kill9();
    }
  });

  it('cuts an upload that never finishes at SHUTDOWN_TIMEOUT_SECONDS and exits 0', {
    timeout: 120_000,
  }, async () => {
    const server = await start({ SHUTDOWN_TIMEOUT_SECONDS: '2' });
    try {
      const upload = await startUpload(server);
      await sleep(500);
      const exited = exitOf(server);
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await expect(upload.status).rejects.toThrow();
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(900);
      expect(await exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(3000);
    } finally {
      await server.kill9();
    }
  });
});
