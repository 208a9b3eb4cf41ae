import type { Dirent } from 'node:fs';
import { chmod, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds the embedded database (its WAL has the sandbox's secret and webhook keys), the JWT
 * key, the outbox's mail and uploaded files: only its owner may read it. PGlite and Node create
 * files 0666 and folders 0777 less the umask, so the server and the CLI set this umask before they
 * write anything (files 0600, folders 0700), and fix the modes of a folder made before they did.
 */
export const PRIVATE_UMASK = 0o077;

/** Sets the process umask so every file and folder made from now on is its owner's alone. */
export function setPrivateUmask(): void {
  process.umask(PRIVATE_UMASK);
}

/**
 * Folders 0700 and files 0600 under `dir` (itself included). Symbolic links are left alone (their
 * targets may be anywhere); a missing `dir` is nothing to fix. Returns how many entries it set.
 */
export async function restrictDataDirModes(dir: string): Promise<number> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  await chmod(dir, 0o700);
  // One folder's entries at once: the chmods go to libuv's thread pool together, not one by one.
  const counts = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) return restrictDataDirModes(full);
      if (!entry.isFile()) return 0;
      // A file may vanish between the listing and here (a CLI run, a temp file): nothing to fix.
      await chmod(full, 0o600).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
      return 1;
    }),
  );
  return counts.reduce((sum, count) => sum + count, 1);
}
