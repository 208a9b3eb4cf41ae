import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shutDown } from '../src/start/shutdown';
import { createTestDb, type TestDb } from './helper';
import { closesWithin, connectRaw, requestOn, send } from './keep-alive-client';
import { buildLoggedApp } from './logged-app';

// The bounded stop (shutdown.ts) on a listening app, in this process: the plan's exit is the test's.
// shutdown-process.test.ts sends the real server SIGTERM.

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

interface Held {
  app: FastifyInstance;
  url: string;
  /** Whether /api/test/held has reached its handler. */
  arrived: boolean;
  /** Ends the held request of /api/test/held (never, unless called). */
  release(): void;
  /** Ends the body of /api/test/stream, whose headers left at once. */
  endStream(): void;
}

async function listeningApp(): Promise<Held> {
  const { app } = await buildLoggedApp(testDb.db, 'silent');
  const held: Held = { app, url: '', arrived: false, release: () => {}, endStream: () => {} };
  app.get('/api/test/held', async () => {
    await new Promise<void>((resolve) => {
      held.release = resolve;
      held.arrived = true;
    });
    return { ok: true };
  });
  app.get('/api/test/stream', (_request, reply) => {
    const body = new PassThrough();
    body.write('first part\n');
    held.endStream = () => body.end('last part\n');
    return reply.type('text/plain').send(body);
  });
  held.url = await app.listen({ port: 0, host: '127.0.0.1' });
  return held;
}

function recordedExit() {
  let resolveExit: (code: number) => void = () => {};
  const code = new Promise<number>((resolve) => {
    resolveExit = resolve;
  });
  return { code, exit: (value: number) => resolveExit(value) };
}

describe('the bounded stop', () => {
  it('finishes requests in flight, closes idle keep-alive connections, and exits 0 at once', async () => {
    const held = await listeningApp();
    const idle = send(`${held.url}/healthz`);
    expect(await idle.status).toBe(200);
    await idle.body;
    const stream = send(`${held.url}/api/test/stream`);
    expect(await stream.headers).toMatchObject({ connection: 'keep-alive' });
    const inFlight = send(`${held.url}/api/test/held`);
    await expect.poll(() => held.arrived).toBe(true);
    const steps: string[] = [];
    const exit = recordedExit();
    const started = Date.now();
    void shutDown(
      {
        app: held.app,
        timeoutMs: 10_000,
        stopBackground: async () => void steps.push('background'),
        release: async () => void steps.push('release'),
        exit: exit.exit,
      },
      'SIGTERM',
    );
    expect(held.app.draining.started).toBe(true);
    // The connection idle at the signal closes at once; no new connection is taken.
    expect(await closesWithin(await idle.socket, 1000)).not.toBeNull();
    await expect(fetch(`${held.url}/healthz`)).rejects.toThrow();
    // The request in flight finishes, and its answer closes its connection.
    held.release();
    expect(await inFlight.status).toBe(200);
    expect((await inFlight.headers).connection).toBe('close');
    expect(await closesWithin(await inFlight.socket, 1000)).not.toBeNull();
    // A stream whose headers left before the signal finishes too; its connection, idle then, closes.
    held.endStream();
    expect(await stream.body).toBe('first part\nlast part\n');
    expect(await closesWithin(await stream.socket, 1000)).not.toBeNull();
    expect(await exit.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(steps).toEqual(['background', 'release']);
  });

  it('with a delay, still serves new connections (not ready) until the delay ends', async () => {
    const held = await listeningApp();
    const exit = recordedExit();
    const started = Date.now();
    const noop = async () => {};
    void shutDown(
      {
        app: held.app,
        timeoutMs: 10_000,
        delayMs: 1000,
        stopBackground: noop,
        release: noop,
        exit: exit.exit,
      },
      'SIGTERM',
    );
    const ready = await fetch(`${held.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ status: 'stopping' });
    // Connections stay pooled until the delay ends: no new ones for the listener's close to reset.
    expect(ready.headers.get('connection')).toBe('keep-alive');
    expect((await fetch(`${held.url}/healthz`)).status).toBe(200);
    expect(await exit.code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    await expect(fetch(`${held.url}/healthz`)).rejects.toThrow();
  });

  it("leaves a proxy's idle pooled connection open: a request on it after the signal is answered and closes it, and the stop ends then", async () => {
    const held = await listeningApp();
    const pooled = await connectRaw(Number(new URL(held.url).port));
    const viaProxy = 'X-Forwarded-For: 203.0.113.9\r\n';
    expect(await requestOn(pooled, '/healthz', viaProxy)).toMatch(/^HTTP\/1.1 200/);
    const exit = recordedExit();
    const started = Date.now();
    const noop = async () => {};
    void shutDown(
      { app: held.app, timeoutMs: 10_000, stopBackground: noop, release: noop, exit: exit.exit },
      'SIGTERM',
    );
    // The server does not close it: a request from the proxy may be on its way on it.
    expect(await closesWithin(pooled, 1000)).toBeNull();
    await expect(fetch(`${held.url}/healthz`)).rejects.toThrow();
    // One is: it is answered, and the answer closes the connection.
    const answer = await requestOn(pooled, '/healthz', viaProxy);
    expect(answer).toMatch(/^HTTP\/1.1 200/);
    expect(answer).toMatch(/\r\nconnection: close\r\n/i);
    expect(await closesWithin(pooled, 1000)).not.toBeNull();
    expect(await exit.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('cuts a request that never finishes shortly before the deadline, and still exits 0 within it', async () => {
    const held = await listeningApp();
    const never = send(`${held.url}/api/test/held`);
    await expect.poll(() => held.arrived).toBe(true);
    const exit = recordedExit();
    let released = false;
    const started = Date.now();
    void shutDown(
      {
        app: held.app,
        timeoutMs: 2000,
        stopBackground: async () => {},
        release: async () => {
          released = true;
        },
        exit: exit.exit,
      },
      'SIGTERM',
    );
    await expect(never.status).rejects.toThrow();
    const cutAt = Date.now() - started;
    expect(cutAt).toBeGreaterThanOrEqual(900);
    expect(await exit.code).toBe(0);
    expect(Date.now() - started).toBeLessThan(2000);
    expect(released).toBe(true);
  });

  it('exits 1 at the deadline when a last step hangs', async () => {
    const held = await listeningApp();
    const exit = recordedExit();
    const started = Date.now();
    void shutDown(
      {
        app: held.app,
        timeoutMs: 1000,
        stopBackground: async () => {},
        release: () => new Promise(() => {}),
        exit: exit.exit,
      },
      'SIGTERM',
    );
    expect(await exit.code).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });
});
