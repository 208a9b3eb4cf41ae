import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { byteLimit, type PublicFileStore } from './public-file-store';

// 32 random bytes in base64url: nothing else is a key, so no key can name a path outside the folder.
const KEY_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const TEMP_SUFFIX = '.part';
const READ_CHUNK_BYTES = 1024 * 1024;

/** fsync of a file or a folder (a folder's entry list holds renames). */
async function syncPath(target: string): Promise<void> {
  const handle = await open(target, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Public files in one local folder (DATA_DIR/public-files), one file per key. A write goes to
 * `.{key}.part` beside its final name, is fsynced, then renamed: readers (and other servers sharing
 * the folder) see a whole file or none. A failed write removes its part file at once; a crash leaves
 * one that `sweepUnfinished` removes later.
 */
export function createLocalPublicFileStore(dir: string): PublicFileStore & { dir: string } {
  const fileOf = (key: string) => path.join(dir, key);
  return {
    dir,
    async write(source, maxBytes) {
      await mkdir(dir, { recursive: true });
      const key = randomBytes(32).toString('base64url');
      const temp = path.join(dir, `.${key}${TEMP_SUFFIX}`);
      const counted = { bytes: 0 };
      // Opened before the first byte arrives, not by the write stream: a source that fails at once
      // would otherwise reject before the stream's own open created the part file, and the clean-up
      // below would run before there was anything to remove.
      const part = await open(temp, 'wx', 0o600);
      try {
        await pipeline(source, byteLimit(maxBytes, counted), part.createWriteStream());
        // Durable before visible: the rename (and the database row after it) never points at bytes
        // still in the page cache only.
        await syncPath(temp);
        await rename(temp, fileOf(key));
        // And the rename itself: a crash right after must not lose a file the database will name.
        await syncPath(dir);
        return { key, size: counted.bytes };
      } catch (error) {
        await part.close().catch(() => {});
        await rm(temp, { force: true });
        throw error;
      }
    },
    async read(key, range) {
      if (!KEY_PATTERN.test(key)) return null;
      try {
        // Opening first turns a missing file into null rather than a stream error mid-response.
        const handle = await open(fileOf(key), 'r');
        // 1 MiB reads: a quarter of the system calls of the 64 KiB default on a multi-GB file, and
        // still a constant, small amount of memory per download.
        return handle.createReadStream({ highWaterMark: READ_CHUNK_BYTES, ...(range ?? {}) });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      if (!KEY_PATTERN.test(key)) return;
      await rm(fileOf(key), { force: true });
    },
    async sweepUnfinished(olderThanMs) {
      let names: string[];
      try {
        names = await readdir(dir);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
        throw error;
      }
      let removed = 0;
      for (const name of names.filter((n) => n.startsWith('.') && n.endsWith(TEMP_SUFFIX))) {
        const file = path.join(dir, name);
        const info = await stat(file).catch(() => null);
        if (info && Date.now() - info.mtimeMs > olderThanMs) {
          await rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
  };
}

export type LocalPublicFileStore = ReturnType<typeof createLocalPublicFileStore>;
