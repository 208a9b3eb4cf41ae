import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, params as unknown[]);
      return result.rows;
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/**
 * The embedded database. PGlite is one Postgres backend in this process: it queues statements, and a
 * transaction holds the queue, so statements inside fn must go through tx, never through the Db.
 * @param dataDir folder for the data files; omit for a throwaway in-memory database (tests).
 */
export async function openPgliteDb(dataDir?: string): Promise<Db> {
  const pglite = dataDir ? await PGlite.create(dataDir) : await PGlite.create();
  return {
    kind: 'pglite',
    ...wrap(pglite),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx))),
    close: () => pglite.close(),
  };
}
