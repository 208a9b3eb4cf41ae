import { randomBytes, randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { CLEANUP_RETENTION_MS } from '../src/cleanup/cleanup-jobs';
import { registerCleanupSchedule } from '../src/cleanup/cleanup-schedule';
import { runCleanup } from '../src/cleanup/run-cleanup';
import { createFixedWindowLimiter } from '../src/http/fixed-window-limiter';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { accountId, serverDatabaseUrl, setupTestApp, signIn, withBearer } from './helper';

// The scheduled cleanup (issue 14, 'Abuse limits'; decision 010): expired and used rows go, live
// ones stay, in batches, one server at a time.

const t = setupTestApp();

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const past = (ms: number) => new Date(Date.now() - ms);
const future = (ms: number) => new Date(Date.now() + ms);
const hex = () => randomBytes(16).toString('hex');

/** Seeds one row per case into every table the cleanup looks at; returns the keys that must stay. */
async function seed() {
  const account = await accountId(t, 'mia@acme.test');
  const [team] = await t.db.query<{ id: number }>("SELECT id FROM teams WHERE name = 'Acme Inc'");
  const live: Record<string, string[]> = {};
  const gone: Record<string, string[]> = {};
  const add = (table: string, key: string, keep: boolean) => {
    const side = keep ? live : gone;
    side[table] = [...(side[table] ?? []), key];
  };

  // Sessions: expired long ago, revoked long ago (a whole family), live, just expired (kept a day).
  const session = async (keep: boolean, expiresAt: Date, revokedAt: Date | null, family = randomUUID()) => {
    const [row] = await t.db.query<{ id: number }>(
      `INSERT INTO sessions (account_id, family_id, token_hash, expires_at, revoked_at)
       VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [account, family, hex(), expiresAt, revokedAt],
    );
    add('sessions', String(row?.id), keep);
  };
  await session(false, past(2 * DAY), null);
  const revokedFamily = randomUUID();
  await session(false, future(50 * DAY), past(2 * DAY), revokedFamily);
  await session(false, future(51 * DAY), past(2 * DAY), revokedFamily);
  await session(true, future(60 * DAY), null);
  await session(true, past(HOUR), null);
  await session(true, future(60 * DAY), past(HOUR));

  const keyed = async (
    table: string,
    column: string,
    insert: (key: string, expiresAt: Date, usedAt: Date | null) => Promise<unknown>,
  ) => {
    for (const [keep, expiresAt, usedAt] of [
      [false, past(2 * DAY), null],
      [false, future(HOUR), past(2 * DAY)],
      [true, future(HOUR), null],
      [true, past(HOUR), null],
      [true, future(HOUR), past(HOUR)],
    ] as const) {
      const key = hex();
      await insert(key, expiresAt, usedAt);
      add(`${table}.${column}`, key, keep);
    }
  };
  await keyed('auth_codes', 'jti', (key, expiresAt, usedAt) =>
    t.db.query('INSERT INTO auth_codes (jti, account_id, expires_at, used_at) VALUES ($1, $2, $3, $4)', [
      key,
      account,
      expiresAt,
      usedAt,
    ]),
  );
  await keyed('redirect_keys', 'key_hash', (key, expiresAt, usedAt) =>
    t.db.query(
      `INSERT INTO redirect_keys (key_hash, url, created_at, expires_at, used_at) VALUES ($1, '/', now(), $2, $3)`,
      [key, expiresAt, usedAt],
    ),
  );
  await keyed('web_login_links', 'key_hash', (key, expiresAt, usedAt) =>
    t.db.query(
      `INSERT INTO web_login_links (key_hash, email, destination, team_plan_id, expires_at, used_at)
       VALUES ($1, 'x@y.test', 'stripe_checkout', 'premium_365', $2, $3)`,
      [key, expiresAt, usedAt],
    ),
  );
  await keyed('web_login_oauth_states', 'state_hash', (key, expiresAt, usedAt) =>
    t.db.query(
      `INSERT INTO web_login_oauth_states
         (state_hash, provider, code_verifier, nonce, destination, team_plan_id, expires_at, used_at)
       VALUES ($1, 'google', 'v', 'n', 'stripe_checkout', 'premium_365', $2, $3)`,
      [key, expiresAt, usedAt],
    ),
  );
  // Invitations belong to a pending team user each.
  await keyed('team_invitations', 'key_hash', async (key, expiresAt, usedAt) => {
    const [user] = await t.db.query<{ id: number }>(
      `INSERT INTO team_users (team_id, email, team_status) VALUES ($1, $2, 'pending') RETURNING id`,
      [team?.id, `${key}@invited.test`],
    );
    await t.db.query(
      `INSERT INTO team_invitations (team_user_id, key_hash, created_at, expires_at, used_at)
       VALUES ($1, $2, now(), $3, $4)`,
      [user?.id, key, expiresAt, usedAt],
    );
  });
  // Rate-limit counters: an ended window, a live one, one from before migration 012 (no end) either way.
  for (const [keep, start, end] of [
    [false, past(2 * HOUR), past(HOUR)],
    [true, past(10 * 60_000), future(5 * 60_000)],
    [false, past(2 * DAY), null],
    [true, past(HOUR), null],
  ] as const) {
    const key = `test:${hex()}`;
    await t.db.query(
      'INSERT INTO rate_limit_counters (key, window_start, window_end, hits) VALUES ($1, $2, $3, 1)',
      [key, start, end],
    );
    add('rate_limit_counters.key', key, keep);
  }
  return { live, gone };
}

async function present(table: string, keys: string[]): Promise<string[]> {
  const [name, column = 'id'] = table.split('.') as [string, string?];
  const rows = await t.db.query<{ k: string }>(
    `SELECT ${column}::text AS k FROM ${name} WHERE ${column}::text = ANY($1::text[])`,
    [keys],
  );
  return rows.map((row) => row.k).sort();
}

describe('cleanup', () => {
  it('deletes expired and used rows of every kind, in batches, and leaves the live ones', async () => {
    const { live, gone } = await seed();
    // A batch of 2 makes every job loop: the run goes on until a batch comes back short.
    const report = await runCleanup({ db: t.db, storage: t.storage, now: new Date(), batchSize: 2 });
    expect(report).not.toBe('busy');
    for (const [table, keys] of Object.entries(gone)) expect(await present(table, keys), table).toEqual([]);
    for (const [table, keys] of Object.entries(live))
      expect(await present(table, keys), table).toEqual([...keys].sort());
    const deleted = Object.fromEntries(
      (report as { job: string; deleted: number }[]).map((r) => [r.job, r.deleted]),
    );
    expect(deleted['sessions and refresh-token families']).toBeGreaterThanOrEqual(3);
    expect(deleted['invitation join keys']).toBeGreaterThanOrEqual(2);
    expect(deleted['rate-limit counters']).toBeGreaterThanOrEqual(2);
    // A second run finds nothing more.
    const again = await runCleanup({ db: t.db, storage: t.storage, now: new Date() });
    expect((again as { deleted: number }[]).every((r) => r.deleted === 0)).toBe(true);
  });

  it('keeps used and expired keys for a day, then deletes them', async () => {
    const key = hex();
    await t.db.query(
      `INSERT INTO redirect_keys (key_hash, url, created_at, expires_at, used_at) VALUES ($1, '/', now(), $2, $2)`,
      [key, past(HOUR)],
    );
    await runCleanup({ db: t.db, storage: t.storage, now: new Date() });
    expect(await present('redirect_keys.key_hash', [key])).toEqual([key]);
    await runCleanup({ db: t.db, storage: t.storage, now: new Date(Date.now() + CLEANUP_RETENTION_MS) });
    expect(await present('redirect_keys.key_hash', [key])).toEqual([]);
  });

  it('leaves signed-in people signed in: their session, refresh and calls keep working', async () => {
    const tokens = await signIn(t, 'olivia@acme.test');
    await runCleanup({ db: t.db, storage: t.storage, now: new Date() });
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v2/profile',
      headers: withBearer(tokens.accessToken),
    });
    expect(profile.statusCode).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refreshToken: tokens.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
  });

  it('counters the limiters write carry their window end, so an ended window is deleted', async () => {
    const limiter = createFixedWindowLimiter({
      name: `cleanup-test-${hex()}`,
      limit: 5,
      windowMs: 60_000,
      clock: t.clock,
      db: t.db,
    });
    await limiter.hit('a');
    const [row] = await t.db.query<{ windowStart: Date; windowEnd: Date; key: string }>(
      `SELECT key, window_start AS "windowStart", window_end AS "windowEnd" FROM rate_limit_counters
       WHERE key LIKE 'cleanup-test-%:a'`,
    );
    expect(new Date(row?.windowEnd as Date).getTime() - new Date(row?.windowStart as Date).getTime()).toBe(
      60_000,
    );
    await runCleanup({ db: t.db, storage: t.storage, now: t.clock.now() });
    expect(await present('rate_limit_counters.key', [row?.key as string])).toHaveLength(1);
    await runCleanup({ db: t.db, storage: t.storage, now: new Date(t.clock.now().getTime() + 61_000) });
    expect(await present('rate_limit_counters.key', [row?.key as string])).toEqual([]);
  });

  it('runs on a schedule while the app is up, and closing waits for a run in progress', async () => {
    const key = hex();
    await t.db.query(
      `INSERT INTO redirect_keys (key_hash, url, created_at, expires_at) VALUES ($1, '/', now(), $2)`,
      [key, past(2 * DAY)],
    );
    const app = Fastify({ logger: false });
    app.decorate('db', t.db);
    app.decorate('storage', t.storage);
    app.decorate('clock', t.clock);
    registerCleanupSchedule(app, 20);
    await app.ready();
    const until = Date.now() + 5000;
    while ((await present('redirect_keys.key_hash', [key])).length > 0 && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await app.close();
    expect(await present('redirect_keys.key_hash', [key])).toEqual([]);
  });

  it('`cli cleanup` through a running server: the internal route runs it and reports per job', async () => {
    const key = hex();
    await t.db.query(`INSERT INTO auth_codes (jti, account_id, expires_at) VALUES ($1, $2, $3)`, [
      key,
      await accountId(t, 'mia@acme.test'),
      past(2 * DAY),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/internal/cli/cleanup',
      headers: { [CLI_SECRET_HEADER]: t.cliSecret },
    });
    expect(response.statusCode).toBe(200);
    const { report } = response.json<{ report: { job: string; deleted: number }[] }>();
    expect(report.find((r) => r.job === 'auth codes')?.deleted).toBeGreaterThanOrEqual(1);
    expect(await present('auth_codes.jti', [key])).toEqual([]);
    const stranger = await t.app.inject({ method: 'POST', url: '/api/internal/cli/cleanup' });
    expect(stranger.statusCode).toBe(404);
  });

  it.skipIf(!serverDatabaseUrl)(
    'one server at a time: while another holds the lock, a run does nothing and says so',
    async () => {
      const key = hex();
      await t.db.query(
        `INSERT INTO redirect_keys (key_hash, url, created_at, expires_at) VALUES ($1, '/', now(), $2)`,
        [key, past(2 * DAY)],
      );
      // Another server, as far as Postgres can tell: its own connection, holding the cleanup's lock.
      const other = new pg.Client({ connectionString: t.databaseUrl as string });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT pg_advisory_xact_lock(7305202614)');
        expect(await runCleanup({ db: t.db, storage: t.storage, now: new Date() })).toBe('busy');
        expect(await present('redirect_keys.key_hash', [key])).toEqual([key]);
        await other.query('COMMIT');
        expect(await runCleanup({ db: t.db, storage: t.storage, now: new Date() })).not.toBe('busy');
        expect(await present('redirect_keys.key_hash', [key])).toEqual([]);
      } finally {
        await other.end();
      }
    },
  );
});
