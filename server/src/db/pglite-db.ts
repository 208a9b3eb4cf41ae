import { PGlite, type Transaction } from '@electric-sql/pglite';
import type { Db, Queryable } from './db';
import { createPreparedQueries } from './pglite-prepared';

type PreparedQueries = ReturnType<typeof createPreparedQueries>;

function wrap(target: PGlite | Transaction, prepared: PreparedQueries, inTransaction: boolean): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      if (prepared.handles(sql, params)) return prepared.query<T>(sql, params, inTransaction);
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
 * @param target a folder for the data files, or in-memory options (tests: optionally a cluster image
 *   to start from instead of running initdb).
 */
// Durability, chosen with eyes open (docs/decisions/005-server-speed-and-scale-out.md): PGlite's
// defaults. On Node each commit is written to the files before the answer (a crashed process loses
// nothing) but never fsynced, so a power loss may lose the last seconds; relaxedDurability and
// synchronous_commit would change nothing here. Data that must outlive the machine: DATABASE_URL.
export async function openPgliteDb(
  target: string | { loadDataDir?: Blob } = {},
  /** With a folder: a cluster image (an uncompressed tar from dumpDataDir) to unpack there instead of initdb. */
  options: { loadDataDir?: Blob } = {},
): Promise<PgliteDb> {
  const pglite =
    typeof target === 'string' ? await PGlite.create(target, options) : await PGlite.create(target);
  const prepared = createPreparedQueries(pglite);
  return {
    kind: 'pglite',
    ...wrap(pglite, prepared, false),
    transaction: (fn) => pglite.transaction((tx) => fn(wrap(tx, prepared, true))),
    close: () => pglite.close(),
    dumpDataDir: () => pglite.dumpDataDir('none'),
  };
}

export interface PgliteDb extends Db {
  /** The cluster's files as one uncompressed tar (a consistent copy: PGlite syncs before it reads). */
  dumpDataDir(): Promise<Blob>;
}
