import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/db';
import { createRepositories, type Repositories } from '../db/repositories';
import type { FileStorage } from '../storage/file-storage';
import type { ImageUpload } from './image-upload';

export interface SwapImageDeps {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
}

/**
 * Replaces (or with null removes) a stored image: the new file is stored first, then `save` records
 * its key in one transaction and returns the key it replaced; that old file is deleted after the
 * commit. If the transaction fails, the new file is deleted again and nothing changes.
 */
export async function swapImage(
  deps: SwapImageDeps,
  image: ImageUpload | null,
  save: (repos: Repositories, key: string | null) => Promise<string | null>,
): Promise<void> {
  const key = image ? await deps.storage.put(image.bytes, image.contentType) : null;
  let previous: string | null;
  try {
    previous = await deps.db.transaction((tx) => save(createRepositories(tx), key));
  } catch (error) {
    if (key) await deps.storage.delete(key).catch(() => {});
    throw error;
  }
  if (previous && previous !== key) {
    // The database no longer points at it; a failure here only leaves an orphan file behind.
    await deps.storage.delete(previous).catch((error: unknown) => {
      deps.log.warn({ err: error }, 'could not delete a replaced image');
    });
  }
}
