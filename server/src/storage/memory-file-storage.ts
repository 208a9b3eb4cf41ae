import type { FileStorage, StoredFile } from './file-storage';
import { contentTypeOfKey, newStorageKey } from './storage-key';

/** A FileStorage in memory, for tests; `files` shows what is stored. */
export function createMemoryFileStorage(): FileStorage & { files: Map<string, StoredFile> } {
  const files = new Map<string, StoredFile>();
  return {
    files,
    async put(bytes, contentType) {
      const key = newStorageKey(contentType);
      files.set(key, { bytes: Buffer.from(bytes), contentType });
      return key;
    },
    async get(key) {
      if (!contentTypeOfKey(key)) return null;
      return files.get(key) ?? null;
    },
    async delete(key) {
      files.delete(key);
    },
  };
}
