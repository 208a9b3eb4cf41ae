import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DatabaseNewerThanBuildError, migrate } from '../src/db/migrator';
import { createTestDb, serverDatabaseUrl, type TestDb } from './helper';

let testDb: TestDb | null = null;
afterAll(async () => {
  await testDb?.close();
});

/** An empty schema for each test: one database per file, its schema dropped and made again (a new one costs a second). */
async function freshDb() {
  testDb ??= await createTestDb();
  await testDb.db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public;');
  return testDb.db;
}

const tableNames = async (db: TestDb['db']) =>
  (
    await db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename`,
    )
  ).map((r) => r.name);

describe('migrations', () => {
  it('create the schema once; running them again changes nothing', async () => {
    const db = await freshDb();
    const first = await migrate(db);
    expect(first).toEqual([
      '001-initial',
      '002-team-management',
      '003-billing',
      '004-rate-limit-counters',
      '005-staff',
      '006-web-login',
      '007-redirect-keys',
      '008-public-files',
      '009-personal-billing',
      '012-rate-limit-window-end',
      '013-idempotency-keys',
      '014-checkout-return-codes',
      '016-invitation-mails',
      '017-promotion-redemptions',
      '018-billing-notices',
      '019-service-checks',
      '020-account-identities',
      '021-paddle-billing',
    ]);
    expect(await tableNames(db)).toEqual([
      'account_events',
      'account_identities',
      'accounts',
      'analytics_page_views',
      'auth_codes',
      'billing_free_upgrade_requests',
      'billing_notices',
      'billing_prices',
      'billing_products',
      'billing_tax_rates',
      'billing_webhook_events',
      'idempotency_keys',
      'invitation_mails',
      'jwt_secret_fingerprint',
      'paddle_events_taken',
      'personal_billing',
      'personal_billing_prices',
      'personal_billing_products',
      'promotion_redemptions',
      'public_files',
      'rate_limit_counters',
      'redirect_keys',
      'schema_migrations',
      'sessions',
      'team_billing',
      'team_events',
      'team_invitations',
      'team_settings',
      'team_users',
      'teams',
      'web_login_links',
      'web_login_oauth_states',
    ]);
    expect(await migrate(db)).toEqual([]);
    const recorded = await db.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(recorded.map((r) => `${String(r.version).padStart(3, '0')}-${r.name}`)).toEqual(first);
  });

  it('apply only new files, in numeric order, each in its own transaction', async () => {
    const db = await freshDb();
    const dir = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(dir, '2-second.sql'), 'INSERT INTO t (v) VALUES (2);');
    await writeFile(path.join(dir, '10-tenth.sql'), 'INSERT INTO t (v) VALUES (10);');
    await writeFile(path.join(dir, '1-first.sql'), 'CREATE TABLE t (v int); INSERT INTO t (v) VALUES (1);');
    expect(await migrate(db, dir)).toEqual(['001-first', '002-second', '010-tenth']);

    await writeFile(
      path.join(dir, '11-broken.sql'),
      'INSERT INTO t (v) VALUES (11); SELECT no_such_function();',
    );
    await expect(migrate(db, dir)).rejects.toThrow();
    // The failed file left nothing behind and is not recorded, so a fixed version runs next time.
    expect((await db.query<{ v: number }>('SELECT v FROM t ORDER BY v')).map((r) => r.v)).toEqual([1, 2, 10]);
    await writeFile(path.join(dir, '11-broken.sql'), 'INSERT INTO t (v) VALUES (11);');
    expect(await migrate(db, dir)).toEqual(['011-broken']);
  });

  it('refuse badly named or duplicate numbers', async () => {
    const db = await freshDb();
    const dir = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(dir, '1-a.sql'), 'SELECT 1;');
    await writeFile(path.join(dir, '01-b.sql'), 'SELECT 1;');
    await expect(migrate(db, dir)).rejects.toThrow(/share the number 1/);
    const other = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(other, 'initial.sql'), 'SELECT 1;');
    await expect(migrate(db, other)).rejects.toThrow(/001-name.sql/);
  });

  it('refuse a database migrated past the newest this build knows, in one line, changing nothing', async () => {
    const db = await freshDb();
    const newer = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(newer, '1-first.sql'), 'CREATE TABLE t (v int);');
    await writeFile(path.join(newer, '3-third.sql'), 'INSERT INTO t (v) VALUES (3);');
    expect(await migrate(db, newer)).toEqual(['001-first', '003-third']);
    // An older build: it ships 001 and a 002 the newer one never had, and knows nothing of 003.
    const older = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(older, '1-first.sql'), 'CREATE TABLE t (v int);');
    await writeFile(path.join(older, '2-second.sql'), 'INSERT INTO t (v) VALUES (2);');
    const refused = migrate(db, older);
    await expect(refused).rejects.toBeInstanceOf(DatabaseNewerThanBuildError);
    await expect(refused).rejects.toThrow(
      /^The database has migration 003-third applied, newer than this build knows \(up to 002-second\): a newer version migrated it\. Run that version or a newer one, or restore a backup taken before the upgrade\.$/,
    );
    expect((await db.query<{ v: number }>('SELECT v FROM t')).map((r) => r.v)).toEqual([3]);
    // The build that migrated it starts as before.
    expect(await migrate(db, newer)).toEqual([]);
    // A component with its own table (the Stripe sandbox) is named in the line.
    const sandboxNewer = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(sandboxNewer, '1-a.sql'), 'SELECT 1;');
    await writeFile(path.join(sandboxNewer, '2-b.sql'), 'SELECT 1;');
    expect(await migrate(db, sandboxNewer, 'other_migrations')).toEqual(['001-a', '002-b']);
    const sandboxOlder = await mkdtemp(path.join(tmpdir(), 'spark-migrations-'));
    await writeFile(path.join(sandboxOlder, '1-a.sql'), 'SELECT 1;');
    await expect(migrate(db, sandboxOlder, 'other_migrations')).rejects.toThrow(
      /^The database's other_migrations has migration 002-b applied, newer than this build knows \(up to 001-a\)/,
    );
  });

  it.runIf(serverDatabaseUrl)('are safe when two processes start at once (advisory lock)', async () => {
    const db = await freshDb();
    const { openPgDb } = await import('../src/db/pg-db');
    const second = await openPgDb(testDb?.databaseUrl as string, { max: 2 });
    try {
      const [a, b] = await Promise.all([migrate(db), migrate(second)]);
      expect([...a, ...b].filter((name) => name === '001-initial')).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('enforce the enumerations with CHECK constraints', async () => {
    const db = await freshDb();
    await migrate(db);
    await expect(db.query("INSERT INTO teams (name, plan) VALUES ('X', 'gold')")).rejects.toThrow();
    const [team] = await db.query<{ id: number }>(
      "INSERT INTO teams (name, plan) VALUES ('X', 'pro') RETURNING id",
    );
    await expect(
      db.query("INSERT INTO team_users (team_id, email, role) VALUES ($1, 'a@b.test', 'king')", [team?.id]),
    ).rejects.toThrow();
    await expect(
      db.query("INSERT INTO team_users (team_id, email, team_status) VALUES ($1, 'a@b.test', 'gone')", [
        team?.id,
      ]),
    ).rejects.toThrow();
    await db.query("INSERT INTO accounts (email) VALUES ('Case@Example.test')");
    await expect(db.query("INSERT INTO accounts (email) VALUES ('case@example.TEST')")).rejects.toThrow();
  });
});
