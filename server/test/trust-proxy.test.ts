import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrator';
import { SIGN_IN_FAILURES_PER_WINDOW } from '../src/routes/auth.routes';
import { loadConfig } from '../src/settings/config';
import { createTestDb, type TestDb } from './helper';
import { buildLoggedApp } from './logged-app';

// TRUST_PROXY (README, production table; issue 20 finding 7): only the proxies it names may say who
// the client is (X-Forwarded-For: request.ip, which keys rate limits and logs) and which host it asked
// for (X-Forwarded-Host: request.host). Each server here is built from the setting as main.ts reads
// it (loadConfig), listens on loopback and is asked over HTTP, as a proxy on this machine would ask.

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await migrate(testDb.db);
});
afterAll(async () => {
  await testDb.close();
});

interface Server {
  url: string;
  /** The server's log lines, as written (one JSON object each). */
  lines: string[];
  app: FastifyInstance;
}

/** A server started with TRUST_PROXY set to `setting` (undefined: unset), logging at debug. */
async function startWith(setting: string | undefined): Promise<Server> {
  const config = loadConfig(setting === undefined ? {} : { TRUST_PROXY: setting });
  const { app, lines } = await buildLoggedApp(testDb.db, 'debug', { trustProxy: config.trustProxy });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, lines, app };
}

const device = { platform: 'web', version: '1.0', osVersion: 'Linux', device: 'Chrome', locale: 'en' };

/** A wrong sign-in code sent through a "proxy" that says the client is `client`. */
const wrongCode = (server: Server, client: string, attempt: number) =>
  fetch(`${server.url}/api/v2/auth/code`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': client },
    body: JSON.stringify({ code: `wrong-${attempt}`, ...device }),
  });

/** The client address and host the server saw for a request with these forwarded headers. */
async function seenBy(server: Server, client: string, host: string) {
  const path = `/api/v2/seen-${Math.random().toString(36).slice(2)}`;
  await fetch(`${server.url}${path}`, { headers: { 'x-forwarded-for': client, 'x-forwarded-host': host } });
  const line = server.lines
    .map((text) => JSON.parse(text) as Record<string, unknown>)
    .find((entry) => (entry.req as { url?: string } | undefined)?.url === path);
  const req = line?.req as { remoteAddress: string; host: string };
  return { ip: req.remoteAddress, host: req.host };
}

/** Spends one client's sign-in misses, then asks as another client: 429 means both counted as one. */
async function secondClientAfterFirstSpent(server: Server, first: string, second: string) {
  for (let attempt = 0; attempt < SIGN_IN_FAILURES_PER_WINDOW; attempt++) {
    expect((await wrongCode(server, first, attempt)).status, `miss ${attempt + 1}`).toBe(401);
  }
  expect((await wrongCode(server, first, 99)).status).toBe(429);
  return (await wrongCode(server, second, 100)).status;
}

describe('TRUST_PROXY', () => {
  it('unset: X-Forwarded-* is not believed; every client behind the proxy is the proxy', async () => {
    const server = await startWith(undefined);
    try {
      const seen = await seenBy(server, '203.0.113.10', 'forged.example');
      expect(seen.ip).toBe('127.0.0.1');
      expect(seen.host).toBe(new URL(server.url).host);
      // Any client may write X-Forwarded-For: its own misses cannot be dodged by changing it.
      expect(await secondClientAfterFirstSpent(server, '203.0.113.11', '203.0.113.12')).toBe(429);
    } finally {
      await server.app.close();
    }
  });

  it('a hop count (1): the proxy says who the client is and which host it asked for', async () => {
    const server = await startWith('1');
    try {
      expect(await seenBy(server, '203.0.113.20', 'console.example')).toEqual({
        ip: '203.0.113.20',
        host: 'console.example',
      });
      // One client's misses do not hold back another behind the same proxy.
      expect(await secondClientAfterFirstSpent(server, '203.0.113.21', '203.0.113.22')).toBe(401);
    } finally {
      await server.app.close();
    }
  });

  it('a list of proxies: believed from a listed address (loopback), not from any other', async () => {
    const listed = await startWith('10.0.0.0/8,loopback');
    try {
      expect(await seenBy(listed, '203.0.113.30', 'console.example')).toEqual({
        ip: '203.0.113.30',
        host: 'console.example',
      });
      expect(await secondClientAfterFirstSpent(listed, '203.0.113.31', '203.0.113.32')).toBe(401);
    } finally {
      await listed.app.close();
    }
    // This test's requests come from 127.0.0.1, which this list does not name.
    const unlisted = await startWith('10.0.0.0/8');
    try {
      const seen = await seenBy(unlisted, '203.0.113.40', 'forged.example');
      expect(seen.ip).toBe('127.0.0.1');
      expect(seen.host).toBe(new URL(unlisted.url).host);
    } finally {
      await unlisted.app.close();
    }
  });
});
