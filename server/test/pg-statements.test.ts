import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementNames } from '../src/db/pg-db';
import { createTestDb, serverDatabaseUrl, type TestDb } from './helper';

// On a Postgres server each statement with parameters is prepared once per connection and then only
// bound and run (docs/decisions/012-api-request-path.md).
describe('statement names', () => {
  it('one name per text, the same every time, none past the cap', () => {
    const nameOf = createStatementNames(2);
    const first = nameOf('SELECT $1');
    expect(first).toBeDefined();
    expect(nameOf('SELECT $1')).toBe(first);
    const second = nameOf('SELECT $1, $2');
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    expect(nameOf('SELECT $1, $2, $3')).toBeUndefined();
    expect(nameOf('SELECT $1')).toBe(first);
  });
});

describe.skipIf(!serverDatabaseUrl)('on a Postgres server', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await createTestDb();
  });
  afterAll(async () => {
    await testDb.close();
  });

  it('a statement with parameters is prepared once on its connection; one without stays simple', async () => {
    const prepared = await testDb.db.transaction(async (tx) => {
      for (let i = 0; i < 3; i++) expect(await tx.query('SELECT $1::int AS n', [i])).toEqual([{ n: i }]);
      // Several statements in one text still work without parameters (the simple protocol).
      await tx.exec('SELECT 1; SELECT 2');
      expect(await tx.query('SELECT 3 AS n')).toEqual([{ n: 3 }]);
      return tx.query<{ statement: string }>(
        'SELECT statement FROM pg_prepared_statements WHERE NOT from_sql ORDER BY statement',
      );
    });
    const statements = prepared.map((row) => row.statement);
    expect(statements.filter((text) => text === 'SELECT $1::int AS n')).toHaveLength(1);
    expect(statements.some((text) => text.includes('SELECT 3'))).toBe(false);
  });
});
