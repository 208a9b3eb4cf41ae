// No Postgres database: the embedded database (PGlite) by name, whatever DATABASE_URL says.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/db';
import { openPgliteDb } from '../src/db/pglite-db';

// The embedded database runs statements with parameters as named prepared statements
// (db/pglite-prepared.ts): the answers must be those of PGlite's own query().
let db: Db;

beforeAll(async () => {
  db = await openPgliteDb();
  await db.exec(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL, flag boolean, data jsonb,
    at timestamptz, big bigint, tags text[])`);
});

afterAll(async () => {
  await db.close();
});

describe('prepared statements on PGlite', () => {
  it('parameters and columns of every type the repositories use, the same on each call', async () => {
    const at = new Date('2026-01-02T03:04:05.678Z');
    for (let i = 0; i < 3; i++) {
      await db.query(
        'INSERT INTO things (id, name, flag, data, at, big, tags) VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7)',
        [
          i,
          `name ${i}`,
          i % 2 === 0,
          JSON.stringify({ i, nested: [1, 'x'] }),
          at,
          2 ** 40 + i,
          ['a', `b${i}`],
        ],
      );
    }
    const rows = await db.query('SELECT * FROM things WHERE id = ANY($1::int[]) ORDER BY id', [[0, 2]]);
    expect(rows).toEqual([
      {
        id: 0,
        name: 'name 0',
        flag: true,
        data: { i: 0, nested: [1, 'x'] },
        at,
        big: 2 ** 40,
        tags: ['a', 'b0'],
      },
      {
        id: 2,
        name: 'name 2',
        flag: true,
        data: { i: 2, nested: [1, 'x'] },
        at,
        big: 2 ** 40 + 2,
        tags: ['a', 'b2'],
      },
    ]);
    expect(
      await db.query('SELECT id FROM things WHERE name = $1 AND flag IS NOT DISTINCT FROM $2', [
        'name 1',
        null,
      ]),
    ).toEqual([]);
    expect(await db.query('UPDATE things SET name = $2 WHERE id = $1', [1, 'renamed'])).toEqual([]);
    expect(await db.query('SELECT name FROM things WHERE id = $1', [1])).toEqual([{ name: 'renamed' }]);
    // Each text with parameters was prepared once, under a name; one without runs as before.
    const statements = await db.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements WHERE NOT from_sql',
    );
    expect(
      statements.filter((row) => row.statement === 'SELECT name FROM things WHERE id = $1'),
    ).toHaveLength(1);
    expect(statements.some((row) => row.statement.includes('pg_prepared_statements'))).toBe(false);
  });

  it('a failing statement throws the database error and the next ones work', async () => {
    await expect(
      db.query('INSERT INTO things (id, name) VALUES ($1, $2)', [0, 'again']),
    ).rejects.toMatchObject({
      code: '23505',
    });
    await expect(db.query('SELECT nope FROM things WHERE id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    });
    await expect(db.query('SELECT id FROM things WHERE id = $1', ['not a number'])).rejects.toMatchObject({
      code: '22P02',
    });
    expect(await db.query('SELECT id FROM things WHERE id = $1', [2])).toEqual([{ id: 2 }]);
  });

  it('a transaction sees its own writes, rolls back on a throw, and waits for nobody else', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('UPDATE things SET name = $2 WHERE id = $1', [2, 'inside']);
        expect(await tx.query('SELECT name FROM things WHERE id = $1', [2])).toEqual([{ name: 'inside' }]);
        await tx.query('INSERT INTO things (id, name) VALUES ($1, $2)', [2, 'duplicate']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await db.query('SELECT name FROM things WHERE id = $1', [2])).toEqual([{ name: 'name 2' }]);
    // A statement outside waits for a running transaction, and sees it only once committed.
    let inside: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      inside = resolve;
    });
    const transaction = db.transaction(async (tx) => {
      await tx.query('UPDATE things SET name = $2 WHERE id = $1', [2, 'committed']);
      inside();
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await started;
    const outside = await db.query<{ name: string }>('SELECT name FROM things WHERE id = $1', [2]);
    await transaction;
    expect(outside).toEqual([{ name: 'committed' }]);
  });

  it('many statements at once each get their own answer', async () => {
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => db.query<{ n: number }>('SELECT $1::int * 2 AS n', [i])),
    );
    expect(answers.map((rows) => rows[0]?.n)).toEqual(Array.from({ length: 50 }, (_, i) => i * 2));
  });
});
