import { ErrorCode } from '@domain/error-codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { isDatabaseUnavailable } from '../src/db/db-unavailable';
import { openPgDb } from '../src/db/pg-db';
import { createDatabaseOutage, DATABASE_RETRY_AFTER_SECONDS } from '../src/http/outage';
import { createTestDb, serverDatabaseUrl, type TestDb } from './helper';
import { buildLoggedApp, type LoggedApp, type LogLine, parseLines } from './logged-app';
import {
  cuttableProxy,
  refusedConnectionError,
  switchableDb,
  terminatedConnectionError,
} from './unreachable-db';

const ROUTE = '/api/v1/collab/teams/:teamUser';

/** A signed-in call whose first step (the session look-up) needs the database. */
async function teamCall(logged: LoggedApp) {
  const { token } = await logged.app.tokens.signAccessToken({ uid: 1, sid: 1 });
  return () =>
    logged.app.inject({ url: '/api/v1/collab/teams/1-1', headers: { authorization: `Bearer ${token}` } });
}

async function until(check: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const withMessage = (lines: LogLine[], text: string) => lines.filter((line) => line.msg?.startsWith(text));

function expectOutageAnswer(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json(): unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.json()).toEqual({
    errorCode: ErrorCode.serviceUnavailable,
    errorMessage: 'The service is temporarily unavailable. Please try again later',
    errorData: { retryAfter: DATABASE_RETRY_AFTER_SECONDS },
  });
}

describe('telling an unreachable database from a broken statement', () => {
  it('the errors pg throws for a stopped or vanishing server are unavailability', async () => {
    const refused = await refusedConnectionError();
    expect((refused as { code?: string }).code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(refused)).toBe(true);
    const terminated = await terminatedConnectionError();
    expect(terminated.message).toMatch(/^Connection terminated/);
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    // Postgres shutting down, crashed, starting up; a connection exception; a wrapped cause.
    for (const code of ['57P01', '57P02', '57P03', '08006', '08001'])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), code).toBe(true);
    expect(isDatabaseUnavailable(new Error('outer', { cause: refused }))).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused, refused], ''))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
  });

  it('a wrong statement, a constraint or a plain bug is not', () => {
    for (const code of ['42P01', '23505', '22P02', '40001', '08P01', undefined])
      expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code })), String(code)).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of null (reading 'x')"))).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
  });
});

describe('the outage watch', () => {
  it('says it once, again once per interval while it lasts, and once when a probe finds it back', async () => {
    const said: { level: string; msg: string; fields: Record<string, unknown> }[] = [];
    const line = (level: string) => (fields: Record<string, unknown>, msg: string) =>
      said.push({ level, msg, fields });
    const log = { error: line('error'), warn: line('warn') } as unknown as Parameters<
      typeof createDatabaseOutage
    >[0]['log'];
    let reachable = false;
    let probes = 0;
    const refused = await refusedConnectionError();
    const probe = async () => {
      probes += 1;
      if (!reachable) throw refused;
    };
    const outage = createDatabaseOutage({ probe, log, probeMs: 10, reportMs: 200 });
    try {
      for (let call = 0; call < 100; call += 1) outage.failed(refused);
      await until(() => probes >= 30);
      const still = said.filter((entry) => entry.msg === 'database still unavailable');
      // Some 30 probes failed in that time; the log said so about once per 200 ms, not per probe.
      expect(still.length).toBeGreaterThanOrEqual(1);
      expect(still.length).toBeLessThanOrEqual(probes / 5);
      expect(still[0]?.fields).toMatchObject({ failedCalls: 100, database: { code: 'ECONNREFUSED' } });
      reachable = true;
      await until(() => !outage.isDown());
      expect(said.map((entry) => entry.msg).filter((msg) => !msg.startsWith('database still'))).toEqual([
        'database unavailable: API calls answer 503 until it is back',
        'database available again',
      ]);
    } finally {
      outage.stop();
    }
  });
});

describe('a database outage (the errors pg throws, on a database that fails on demand)', () => {
  let testDb: TestDb;
  let db: ReturnType<typeof switchableDb>;
  let logged: LoggedApp;

  beforeAll(async () => {
    testDb = await createTestDb({ migrated: true });
    db = switchableDb(testDb.db);
    logged = await buildLoggedApp(db, 'info');
    // An abuse limit whose counter is in the database: an outage skips the count, not the call.
    logged.app.get(
      '/api/test/limited/:id',
      { config: { rateLimit: { max: 1_000, timeWindow: 60_000 } } },
      async () => ({ ok: true }),
    );
  });
  afterAll(async () => {
    await logged?.app.close();
    await testDb?.close();
  });

  it('answers 503 with Retry-After and the error body, logs the outage once and a burst in a few lines', async () => {
    const call = await teamCall(logged);
    expect((await call()).statusCode).toBe(401);
    logged.lines.length = 0;
    db.failWith(await refusedConnectionError());

    const first = await call();
    expectOutageAnswer(first);
    const [burst, limited] = await Promise.all([
      Promise.all(Array.from({ length: 499 }, () => call())),
      Promise.all(Array.from({ length: 100 }, () => logged.app.inject({ url: '/api/test/limited/1' }))),
    ]);
    for (const response of burst) expectOutageAnswer(response);
    for (const response of limited) expect(response.statusCode).toBe(200);

    const lines = parseLines(logged.lines);
    // 600 calls that met the outage: one outage line and the allowance of per-request lines.
    expect(lines.length).toBeLessThanOrEqual(15);
    expect(logged.lines.join('')).not.toContain('    at ');
    expect(withMessage(lines, 'database unavailable: API calls answer 503')).toHaveLength(1);
    const [firstLine] = withMessage(lines, 'database unavailable');
    expect(firstLine).toMatchObject({
      level: 'error',
      database: { code: 'ECONNREFUSED' },
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    });
    const perRequest = lines.filter(
      (line) => line.msg === 'database unavailable' || line.msg === 'rate-limit store failed',
    );
    expect(perRequest[0]).toMatchObject({
      level: 'warn',
      method: 'GET',
      route: ROUTE,
      statusCode: 503,
      errorCode: ErrorCode.serviceUnavailable,
      requestId: first.headers['x-request-id'],
      database: { code: 'ECONNREFUSED' },
    });
    expect(logged.app.databaseOutage.isDown()).toBe(true);
    // The rest are counted: one line says how many, when their window ends (here: ended early).
    logged.app.errorLines.stop();
    const summary = parseLines(logged.lines).find((line) => typeof line.suppressed === 'number');
    expect(summary).toMatchObject({ level: 'warn', suppressed: 600 - perRequest.length });

    // Back: the next probe (within a second) says so, once, with what the outage cost.
    db.failWith(null);
    await until(() => withMessage(parseLines(logged.lines), 'database available again').length > 0);
    expect(withMessage(parseLines(logged.lines), 'database available again')[0]).toMatchObject({
      level: 'warn',
      failedCalls: 600,
    });
    expect(logged.app.databaseOutage.isDown()).toBe(false);
    expect((await call()).statusCode).toBe(401);
  });
});

describe.runIf(serverDatabaseUrl)(
  'a Postgres server that stops and comes back (through a proxy cut and restored)',
  () => {
    let testDb: TestDb;
    let proxy: Awaited<ReturnType<typeof cuttableProxy>>;
    let db: Db;
    let logged: LoggedApp;

    beforeAll(async () => {
      testDb = await createTestDb({ migrated: true });
      proxy = await cuttableProxy(testDb.databaseUrl as string);
      db = await openPgDb(proxy.url, { max: 4 });
      logged = await buildLoggedApp(db, 'info');
    });
    afterAll(async () => {
      await logged?.app.close();
      await db?.close().catch(() => {});
      await proxy?.close();
      await testDb?.close();
    });

    it('answers 503 while it is gone, logs it once, and serves again when it is back', async () => {
      const call = await teamCall(logged);
      expect((await call()).statusCode).toBe(401);
      logged.lines.length = 0;
      await proxy.cut();
      const burst = await Promise.all(Array.from({ length: 200 }, () => call()));
      for (const response of burst) expectOutageAnswer(response);
      const lines = parseLines(logged.lines);
      expect(lines.length).toBeLessThanOrEqual(15);
      expect(withMessage(lines, 'database unavailable: API calls answer 503')).toHaveLength(1);
      expect(lines.find((line) => line.msg === 'database unavailable')).toMatchObject({
        method: 'GET',
        route: ROUTE,
        statusCode: 503,
      });

      await proxy.restore();
      await until(() => withMessage(parseLines(logged.lines), 'database available again').length > 0);
      expect((await call()).statusCode).toBe(401);
    });
  },
);
