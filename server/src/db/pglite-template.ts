import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { constants, gunzip, gzip } from 'node:zlib';
import { openPgliteDb, type PgliteDb } from './pglite-db';
import { unpackCluster } from './pglite-untar';

// A new embedded database used to cost PGlite's initdb on every fresh DATA_DIR: about two thirds
// of a first start (docs/decisions/013-start-up.md). initdb's output is the same empty cluster every
// time for one PGlite version, so the first start on a machine keeps a copy of it (PGlite's own
// dumpDataDir, taken before any migration) and later fresh folders unpack that copy
// instead (written to disk by pglite-untar.ts). Migrations and the demo data still run for real on
// every new database.

const gunzipAsync = promisify(gunzip);
const gzipAsync = promisify(gzip);
/** Far above an empty cluster's size (about 40 MB): a larger figure is not trusted as a buffer size. */
const MAX_IMAGE_BYTES = 512 * 1024 * 1024;

/** The per-user cache folder: $XDG_CACHE_HOME or ~/.cache, like other tools' caches. */
export function templateCacheDir(env: NodeJS.ProcessEnv = process.env): string {
  const base = env.XDG_CACHE_HOME?.trim() || path.join(homedir(), '.cache');
  return path.join(base, 'spark-teams-console');
}

async function pgliteVersion(): Promise<string> {
  const pkg = path.join(import.meta.dirname, '../../../node_modules/@electric-sql/pglite/package.json');
  return (JSON.parse(await readFile(pkg, 'utf8')) as { version: string }).version;
}

/** The image for this PGlite version, only if this user made it and nobody else can have changed it. */
export async function readTemplate(file: string): Promise<Buffer | null> {
  try {
    const [info, folder] = await Promise.all([stat(file), stat(path.dirname(file))]);
    // A database is trusted data: never start one from a file another user could have planted.
    const uid = process.getuid?.();
    const ownedAndPrivate = (s: typeof info) =>
      (uid === undefined || s.uid === uid) && (s.mode & 0o022) === 0;
    if (!ownedAndPrivate(info) || !ownedAndPrivate(folder)) return null;
    const packed = await readFile(file);
    // One output buffer of the image's size (gzip's trailer), rather than thousands of 16 KB chunks
    // that, once concatenated and freed, left the allocator's heap fragmented for the process's life.
    const size = packed.length > 18 ? packed.readUInt32LE(packed.length - 4) : 0;
    const chunkSize = Math.max(size + 1, constants.Z_DEFAULT_CHUNK);
    return await gunzipAsync(packed, size < MAX_IMAGE_BYTES ? { chunkSize } : {});
  } catch {
    return null;
  }
}

/** Compresses off the main thread (zlib's thread pool) and renames into place, so a reader never sees half. */
async function writeTemplate(file: string, image: Blob): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(temp, await gzipAsync(Buffer.from(await image.arrayBuffer()), { level: 6 }), {
      mode: 0o600,
    });
    await rename(temp, file);
  } catch {
    // Only a cache: the next fresh folder runs initdb again.
    await rm(temp, { force: true }).catch(() => {});
  }
}

export interface EmbeddedDb {
  db: PgliteDb;
  /** 'opened' an existing cluster, 'template' unpacked the cached image, 'initdb' made a new one. */
  how: 'opened' | 'template' | 'initdb';
  /** Settles when a new image has been written (initdb only); never rejects. */
  templateSaved: Promise<void>;
}

/** Opens the embedded database in `dir`, creating it from the cached empty cluster when there is one. */
export async function openEmbeddedDb(dir: string, cacheDir = templateCacheDir()): Promise<EmbeddedDb> {
  const done = Promise.resolve();
  if (existsSync(path.join(dir, 'PG_VERSION'))) {
    return { db: await openPgliteDb(dir), how: 'opened', templateSaved: done };
  }
  const file = path.join(cacheDir, `pglite-${await pgliteVersion()}-empty.tar.gz`);
  const template = await readTemplate(file);
  if (template) {
    await unpackCluster(template, dir);
    return { db: await openPgliteDb(dir), how: 'template', templateSaved: done };
  }
  const db = await openPgliteDb(dir);
  // Still empty (no migration has run): this is exactly initdb's output.
  const image = await db.dumpDataDir();
  return { db, how: 'initdb', templateSaved: writeTemplate(file, image) };
}
