import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FileStorage } from './file-storage';
import { contentTypeOfKey, newStorageKey } from './storage-key';

/**
 * Files in one local folder (DATA_DIR/storage), one file per key. Keys are checked against the key
 * pattern before any path is built, so a request can only ever reach files this storage wrote.
 */
export function createLocalFileStorage(dir: string): FileStorage {
  const fileOf = (key: string) => path.join(dir, key);
  return {
    async put(bytes, contentType) {
      const key = newStorageKey(contentType);
      await mkdir(dir, { recursive: true });
      // Written aside and renamed into place: a reader never sees half a file.
      const temp = path.join(dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`);
      await writeFile(temp, bytes, { mode: 0o600 });
      await rename(temp, fileOf(key));
      return key;
    },
    async get(key) {
      const contentType = contentTypeOfKey(key);
      if (!contentType) return null;
      try {
        return { bytes: await readFile(fileOf(key)), contentType };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!contentTypeOfKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
  };
}
