import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { MAX_UNANSWERED_PROBES, READINESS_TIMEOUT_MS } from '../src/routes/health.routes';
import { createTestDb, type TestDb } from './helper';
import { buildLoggedApp } from './logged-app';

// The probes: /healthz (the process) and /readyz (the database, and not while stopping).

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
});

type ProbeMode = 'answer' | 'fail' | 'hang';

/** The test database, except that the probe's `SELECT 1` fails or never answers as the test says. */
function probedDb(db: Db): { db: Db; set(mode: ProbeMode): void } {
  let mode: ProbeMode = 'answer';
  const query = ((sql: string, params?: readonly unknown[]) => {
    if (sql !== 'SELECT 1' || mode === 'answer') return db.query(sql, params);
    if (mode === 'fail')
      return Promise.reject(new Error('connect ECONNREFUSED 10.1.2.3:5432 password=hunter2'));
    return new Promise(() => {});
  }) as Db['query'];
  return {
    db: { ...db, query },
    set(next) {
      mode = next;
    },
  };
}

const probeLines = (lines: string[]) => lines.filter((line) => /healthz|readyz/.test(line));

describe('/healthz and /readyz', () => {
  it('answer 200 with a small JSON body, without auth, and write no log line even at debug', async () => {
    const { app, lines } = await buildLoggedApp(testDb.db, 'debug');
    try {
      for (const url of ['/healthz', '/readyz']) {
        const response = await app.inject(url);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
        expect(response.headers['cache-control']).toBe('no-store');
        expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
      }
      // Probes come every few seconds from every balancer: none of them is rate-limited.
      const many = await Promise.all(Array.from({ length: 60 }, () => app.inject('/readyz')));
      expect(many.map((response) => response.statusCode)).toEqual(many.map(() => 200));
      expect(probeLines(lines)).toEqual([]);
      // The same logger does write a line per request at debug for any other route.
      await app.inject('/api/v2/profile');
      expect(lines.some((line) => line.includes('/api/v2/profile'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 when the database fails, /healthz still 200; one log line per change, no internals', async () => {
    const probed = probedDb(testDb.db);
    const { app, lines } = await buildLoggedApp(probed.db, 'info');
    try {
      probed.set('fail');
      for (let i = 0; i < 3; i++) {
        const response = await app.inject('/readyz');
        expect(response.statusCode).toBe(503);
        expect(response.json()).toEqual({ status: 'database unavailable' });
        expect(response.body).not.toMatch(/ECONNREFUSED|hunter2|10\.1\.2\.3/);
      }
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      probed.set('answer');
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      const messages = lines.map((line) => JSON.parse(line).msg as string);
      expect(messages).toEqual([
        `not ready: the database did not answer SELECT 1 within ${READINESS_TIMEOUT_MS} ms`,
        'ready: the database answers again',
      ]);
      expect(lines.join('')).not.toMatch(/hunter2/);
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 after the timeout when the database hangs, and queues no more than a few probes', {
    timeout: 30_000,
  }, async () => {
    const probed = probedDb(testDb.db);
    const { app } = await buildLoggedApp(probed.db, 'silent');
    try {
      probed.set('hang');
      // Probes that come together share one query.
      let started = Date.now();
      const together = await Promise.all([
        app.inject('/readyz'),
        app.inject('/readyz'),
        app.inject('/readyz'),
      ]);
      expect(together.map((response) => response.statusCode)).toEqual([503, 503, 503]);
      const waited = Date.now() - started;
      expect(waited).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
      expect(waited).toBeLessThan(READINESS_TIMEOUT_MS + 1500);
      // Each later probe sends a query of its own, until that many hang: then it answers at once.
      for (let i = 1; i < MAX_UNANSWERED_PROBES; i++)
        expect((await app.inject('/readyz')).statusCode).toBe(503);
      started = Date.now();
      expect((await app.inject('/readyz')).statusCode).toBe(503);
      expect(Date.now() - started).toBeLessThan(500);
      expect((await app.inject('/healthz')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 while the server is still starting, and 200 once it has', async () => {
    const { app } = await buildLoggedApp(testDb.db, 'silent');
    try {
      expect((await app.inject('/readyz')).statusCode).toBe(200);
      app.starting.begin();
      const starting = await app.inject('/readyz');
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({ status: 'starting' });
      // Alive all along: an orchestrator must not restart a server that is starting.
      expect((await app.inject('/healthz')).statusCode).toBe(200);
      app.starting.finish();
      expect((await app.inject('/readyz')).json()).toEqual({ status: 'ok' });
    } finally {
      await app.close();
    }
  });

  it('/readyz answers 503 once the server begins to stop; once it stops taking connections, every answer closes its own', async () => {
    const { app } = await buildLoggedApp(testDb.db, 'silent');
    try {
      const before = await app.inject('/healthz');
      expect(before.headers.connection).not.toBe('close');
      app.draining.begin();
      const ready = await app.inject('/readyz');
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'stopping' });
      // Still taking connections (SHUTDOWN_DELAY_SECONDS): a proxy keeps using its pooled ones
      // rather than opening new ones, which the listener's close would reset.
      expect(ready.headers.connection).not.toBe('close');
      await app.draining.stopTakingConnections();
      const live = await app.inject('/healthz');
      expect(live.statusCode).toBe(200);
      expect(live.headers.connection).toBe('close');
      expect((await app.inject('/api/v2/profile')).headers.connection).toBe('close');
      expect((await app.inject('/readyz')).statusCode).toBe(503);
    } finally {
      await app.close();
    }
  });

  it('are not swallowed by the console: with a build, a browser gets JSON; /metrics is a 404 on this port', async () => {
    const distDir = await mkdtemp(path.join(tmpdir(), 'spark-dist-'));
    await writeFile(path.join(distDir, 'index.html'), '<html><head></head><body>console</body></html>');
    const { app } = await buildLoggedApp(testDb.db, 'silent', { distDir });
    try {
      const html = { accept: 'text/html,application/xhtml+xml' };
      for (const url of ['/healthz', '/readyz']) {
        const response = await app.inject({ url, headers: html });
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ status: 'ok' });
        const wrongMethod = await app.inject({ method: 'POST', url, headers: html });
        expect(wrongMethod.statusCode).toBe(404);
        expect(wrongMethod.body).not.toContain('console');
      }
      for (const url of ['/metrics', '/metrics?x=1', '/metrics/']) {
        const response = await app.inject({ url, headers: html });
        expect(response.statusCode).toBe(404);
        expect(response.body).not.toContain('console');
      }
      // A client route is still the console's page.
      expect((await app.inject({ url: '/teams/1-2', headers: html })).body).toContain('console');
    } finally {
      await app.close();
      await rm(distDir, { recursive: true, force: true });
    }
  });

  it('are not in the API reference', async () => {
    const { app } = await buildLoggedApp(testDb.db, 'silent');
    try {
      const paths = Object.keys((await app.inject('/api/openapi.json')).json<{ paths: object }>().paths);
      expect(paths.length).toBeGreaterThan(50);
      expect(paths.filter((p) => /healthz|readyz|metrics/.test(p))).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
