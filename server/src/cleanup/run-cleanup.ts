import type { Db } from '../db/db';
import type { FileStorage } from '../storage/file-storage';
import { CLEANUP_JOBS, type CleanupJob } from './cleanup-jobs';

/** Any constant works; it only has to be the same for every server on this database. */
const CLEANUP_LOCK_KEY = 7_305_202_614;

/** Rows per DELETE: small enough that each statement takes milliseconds even on a busy table. */
export const CLEANUP_BATCH_SIZE = 1000;

/** How many rows each job deleted, by job name; or 'busy' when another server was running it. */
export type CleanupReport = { job: string; deleted: number }[] | 'busy';

export interface CleanupOptions {
  db: Db;
  storage: FileStorage;
  now: Date;
  jobs?: readonly CleanupJob[];
  batchSize?: number;
}

/**
 * Runs every job to the end, batch after batch, each batch its own statement (no long transaction,
 * nothing held between batches). With several servers on one Postgres, one runs it at a time: the
 * first takes a transaction-scoped advisory lock on a connection of its own and holds it while its
 * batches run on the others; a server that finds it taken skips this round. PGlite has one process
 * (and one connection, which a held transaction would block), so it needs no lock.
 */
export async function runCleanup(options: CleanupOptions): Promise<CleanupReport> {
  const { db } = options;
  if (db.kind === 'pglite') return runJobs(options);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ locked: boolean }>(
      'SELECT pg_try_advisory_xact_lock($1::bigint) AS locked',
      [CLEANUP_LOCK_KEY],
    );
    if (!row?.locked) return 'busy' as const;
    return runJobs(options);
  });
}

async function runJobs(options: CleanupOptions): Promise<{ job: string; deleted: number }[]> {
  const batchSize = options.batchSize ?? CLEANUP_BATCH_SIZE;
  const ctx = { db: options.db, storage: options.storage, now: options.now, batchSize };
  const report: { job: string; deleted: number }[] = [];
  for (const job of options.jobs ?? CLEANUP_JOBS) {
    let deleted = 0;
    for (;;) {
      const count = await job.deleteBatch(ctx);
      deleted += count;
      if (count < batchSize) break;
    }
    report.push({ job: job.name, deleted });
  }
  return report;
}
