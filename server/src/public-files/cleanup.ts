import type { Repositories } from '../db/repositories';
import type { PublicFileStore } from '../storage/public-file-store';

/** How often the server runs the cleanup (every server may; each file is claimed once). */
export const CLEANUP_INTERVAL_MS = 10 * 60 * 1000;
/** A write still unfinished after this long belongs to a process that died. */
const UNFINISHED_WRITE_AGE_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

export interface CleanupResult {
  /** Files whose bytes were removed now (expired, or deleted and not yet removed). */
  purged: number;
  /** Leftovers of uploads that never finished. */
  unfinished: number;
}

/**
 * Removes the bytes of expired and deleted public files. The rows stay (marked purged), so their
 * links keep saying 'expired' or 'deleted' rather than 'not found'. Rows are claimed and marked in
 * one statement before their bytes go: with several servers each file is removed once, and a crash
 * in between leaves at worst an orphan object, never a row pointing at missing bytes that is live.
 */
export async function cleanupPublicFiles(
  repos: Pick<Repositories, 'publicFiles'>,
  store: PublicFileStore,
  now: Date,
): Promise<CleanupResult> {
  let purged = 0;
  for (;;) {
    const claimed = await repos.publicFiles.claimPurgeable(now, BATCH);
    for (const keys of claimed) {
      await store.delete(keys.storageKey);
      if (keys.previewStorageKey) await store.delete(keys.previewStorageKey);
    }
    purged += claimed.length;
    if (claimed.length < BATCH) break;
  }
  const unfinished = await store.sweepUnfinished(UNFINISHED_WRITE_AGE_MS);
  return { purged, unfinished };
}
