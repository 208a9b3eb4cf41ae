import { setFlagsFromString } from 'node:v8';
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
/**
 * Postgres's memory settings for the one embedded backend (docs/decisions/023-memory-at-rest.md).
 * initdb writes shared_buffers = 128MB, and PGlite's linear memory holds it: at rest the buffer pool
 * was about 120 MB of a fresh server's resident memory. The console's data is small and the data
 * files sit in the OS's page cache anyway, so a small pool costs a read() now and then, not a disk
 * seek. PGlite is a single-user backend: the per-connection tables (sized by max_connections, 100)
 * serve one, and it has no WAL senders (which must stay below max_connections).
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=8MB', '-c', 'max_connections=10', '-c', 'max_wal_senders=0'],
];

/**
 * Runs `start` with the event loop held open until it settles. PGlite compiles its WebAssembly on
 * V8's background threads, which no libuv handle stands for. When nothing else held the loop at
 * that moment (a server's first start on a new machine, before it listens), Node went to drain its
 * platform's tasks and now and then waited there for good: the process asleep in that drain, its
 * port never opened.
 */
async function whileLoopHeldOpen<T>(start: () => Promise<T>): Promise<T> {
  const hold = setInterval(() => {}, 60_000);
  try {
    return await start();
  } finally {
    clearInterval(hold);
  }
}

export async function openPgliteDb(target: string | { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  // PGlite's Postgres is 9 MB of WebAssembly. V8 compiles it with its baseline compiler (Liftoff),
  // then recompiles hot functions with TurboFan in background threads; those compilations left
  // about 50 MB resident (optimised code and the compilers' freed-but-kept malloc arenas) for a
  // speed-up that did not show on the console's short statements (decision 023). Liftoff only, then:
  // read when a module is compiled, so it must be set before the first PGlite starts; the process
  // has no other WebAssembly. Set at run time, --liftoff-only alone no longer stops the tier-up
  // (Node 24's V8 applies a flag's implications only at its own start), so the two tier-up flags
  // it implies are set too: without them one hot function's TurboFan compilation peaked at 600 MB.
  for (const flag of ['--liftoff-only', '--no-wasm-tier-up', '--no-wasm-dynamic-tiering']) {
    setFlagsFromString(flag);
  }
  const pglite = await whileLoopHeldOpen(() =>
    typeof target === 'string'
      ? PGlite.create(target, { startParams: PGLITE_START_PARAMS })
      : PGlite.create({ ...target, startParams: PGLITE_START_PARAMS }),
  );
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
