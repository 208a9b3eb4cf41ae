import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/db/migrator';
import { DELETE_UP_TO_BYTES, wipeData, wipePlan } from '../src/db/wipe';
import { createTestDb, type TestDb } from './helper';

describe('the wipe plan', () => {
  const table = (name: string, referencedBy: string[] = [], large = false) => ({
    name,
    referencedBy,
    large,
  });

  it('empties every table after the tables that reference it', () => {
    const plan = wipePlan([
      table('accounts', ['sessions', 'team_users']),
      table('teams', ['team_users']),
      table('team_users', ['team_invitations']),
      table('team_invitations'),
      table('sessions'),
    ]);
    expect(plan.truncate).toEqual([]);
    const at = (name: string) => plan.remove.indexOf(name);
    expect(plan.remove).toHaveLength(5);
    expect(at('team_invitations')).toBeLessThan(at('team_users'));
    expect(at('team_users')).toBeLessThan(at('teams'));
    expect(at('team_users')).toBeLessThan(at('accounts'));
    expect(at('sessions')).toBeLessThan(at('accounts'));
  });

  it('truncates large tables and tables in a circle of references', () => {
    const plan = wipePlan([
      table('a', ['b']),
      table('b', ['a', 'c']),
      table('c'),
      table('big', [], true),
      table('plain'),
    ]);
    expect(plan.truncate.sort()).toEqual(['a', 'b', 'big']);
    expect(plan.remove.sort()).toEqual(['c', 'plain']);
  });
});

describe('wiping the data', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
    await migrate(testDb.db);
    // Tables a later migration could add: a serial and an identity column, a reference to a product
    // table and to itself, two tables that reference each other, and one too large to empty by rows.
    await testDb.db.exec(`
      CREATE TABLE later_notes (
        id serial PRIMARY KEY,
        account_id bigint REFERENCES accounts (id),
        parent_id int REFERENCES later_notes (id)
      );
      CREATE TABLE later_tags (id int GENERATED ALWAYS AS IDENTITY PRIMARY KEY, note_id int NOT NULL REFERENCES later_notes (id));
      CREATE TABLE later_left (id int PRIMARY KEY, right_id int);
      CREATE TABLE later_right (id int PRIMARY KEY, left_id int REFERENCES later_left (id));
      ALTER TABLE later_left ADD FOREIGN KEY (right_id) REFERENCES later_right (id);
      CREATE TABLE later_bulk (id serial PRIMARY KEY, body text NOT NULL);
    `);
  });
  afterAll(async () => {
    await testDb?.close();
  });

  async function fill(): Promise<void> {
    await testDb.db.exec(`
      INSERT INTO accounts (email, full_name) VALUES ('a@example.test', 'A'), ('b@example.test', 'B');
      INSERT INTO later_notes (account_id) SELECT id FROM accounts;
      INSERT INTO later_notes (account_id, parent_id) SELECT account_id, id FROM later_notes;
      INSERT INTO later_tags (note_id) SELECT id FROM later_notes;
      INSERT INTO later_left (id) VALUES (1);
      INSERT INTO later_right (id, left_id) VALUES (1, 1);
      UPDATE later_left SET right_id = 1;
      INSERT INTO later_bulk (body) SELECT repeat(md5(i::text), 30) FROM generate_series(1, 2000) AS i;
    `);
  }

  const bytes = async (table: string) =>
    (await testDb.db.query<{ n: number }>(`SELECT pg_relation_size('${table}')::float8 AS n`))[0]?.n;
  const count = async (table: string) =>
    (await testDb.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`))[0]?.n;

  it('empties every table but the kept ones, and restarts their ids', async () => {
    await fill();
    expect(await bytes('later_bulk')).toBeGreaterThan(DELETE_UP_TO_BYTES);
    const products = await count('billing_products');

    await testDb.db.transaction((tx) => wipeData(tx));
    const wiped = ['accounts', 'later_notes', 'later_tags', 'later_left', 'later_right', 'later_bulk'];
    for (const table of wiped) {
      expect(await count(table), table).toBe(0);
    }
    // The large table was truncated (new, empty files), the others emptied row by row.
    expect(await bytes('later_bulk')).toBe(0);
    expect(await bytes('accounts')).toBeGreaterThan(0);
    expect(await count('billing_products')).toBe(products);
    expect(await count('schema_migrations')).toBeGreaterThan(0);

    await fill();
    expect((await testDb.db.query('SELECT id FROM accounts ORDER BY id')).map((r) => r.id)).toEqual([1, 2]);
    expect((await testDb.db.query('SELECT min(id) AS id FROM later_notes'))[0]?.id).toBe(1);
    expect((await testDb.db.query('SELECT min(id) AS id FROM later_tags'))[0]?.id).toBe(1);
    expect((await testDb.db.query('SELECT min(id) AS id FROM later_bulk'))[0]?.id).toBe(1);
  });

  it('changes nothing, ids included, when its transaction rolls back', async () => {
    await testDb.db.transaction((tx) => wipeData(tx));
    await fill();
    await expect(
      testDb.db.transaction(async (tx) => {
        await wipeData(tx);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    expect(await count('accounts')).toBe(2);
    expect(await count('later_tags')).toBe(4);
    const [next] = await testDb.db.query<{ id: number }>(
      `INSERT INTO accounts (email, full_name) VALUES ('c@example.test', 'C') RETURNING id`,
    );
    expect(next?.id).toBe(3);
  });
});
