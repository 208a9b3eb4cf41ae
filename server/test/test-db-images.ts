import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { identitySandboxMigrations } from '../sandbox/identity/identity-sandbox';
import { paddleSandboxMigrations } from '../sandbox/paddle/paddle-sandbox';
import { stripeSandboxMigrations } from '../sandbox/stripe/stripe-sandbox';
import type { Db } from '../src/db/db';
import { migrate } from '../src/db/migrator';
import { openPgDb } from '../src/db/pg-db';
import { openPgliteDb } from '../src/db/pglite-db';
import { unpackCluster } from '../src/db/pglite-untar';
import { makeCatalogue } from './test-server';

const execFileAsync = promisify(execFile);

// Where a test file's database comes from (docs/testing.md). Booting one was most of an API test
// file's set-up: PGlite unpacking its cluster, then every migration of the app and of both sandboxes.
// The run's global set-up (test-global-setup.ts) migrates one database once; each file then starts
// from a copy of it, its own database as before (PGlite: a new in-memory cluster loaded from the
// image; Postgres: CREATE DATABASE ... TEMPLATE). The migrations still run for real once per run, and
// migrations.test.ts runs them step by step on an empty database. A test server started once on the
// migrated database leaves the Stripe sandbox's catalogue in it (makeCatalogue), as a first start of
// the product does: every test server's own syncCatalogue then finds it, as a restart does.

/** What the global set-up hands every API test file: clusters to copy (PGlite) or a template (Postgres). */
export interface ProvidedDatabases {
  /** PGlite clusters on disk to copy (embedded runs), else ''. */
  emptyPgliteCluster: string;
  migratedPgliteCluster: string;
  /** The migrated template database's name (DATABASE_URL runs), else ''. */
  migratedPgTemplate: string;
}

/**
 * A tar of a freshly initialised, empty PGlite cluster, made once per PGlite version and kept in the
 * temp folder: loading it takes a fraction of the time initdb takes. Kept uncompressed: gunzipping
 * 40 MB cost half a second of CPU for every database. The bytes as read: wrapping them in a Blob and
 * reading that back (Node 20's Blob.arrayBuffer) cost 0.9-1.0 s of CPU against 0.25 s for the read.
 */
async function emptyClusterTar(): Promise<Buffer<ArrayBuffer>> {
  const pkg = path.join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/package.json');
  const { version } = JSON.parse(await readFile(pkg, 'utf8')) as { version: string };
  const file = path.join(tmpdir(), `spark-pglite-empty-${version}.tar`);
  try {
    return await readFile(file);
  } catch {
    const db = await PGlite.create();
    const image = Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer());
    await db.close();
    // Parallel runs may race to create it: write aside, then rename into place atomically.
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    await writeFile(temp, image);
    await rename(temp, file);
    return image;
  }
}

/** The empty cluster's tar as PGlite's `loadDataDir` takes it. */
export async function emptyClusterImage(): Promise<Blob> {
  return new Blob([await emptyClusterTar()]);
}

/** Every schema a test app needs: the app's migrations and those of the sandboxes it mounts. */
export async function migrateEverything(db: Db): Promise<void> {
  await migrate(db);
  for (const { dir, table } of [
    stripeSandboxMigrations,
    paddleSandboxMigrations,
    identitySandboxMigrations,
  ]) {
    await migrate(db, dir, table);
  }
}

/** Where test databases' folders go: memory (tmpfs) where the machine has it, else the temp folder. */
export function testDbRoot(): string {
  return existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
}

/**
 * Two PGlite clusters on disk in `dir`, for test files to copy: `empty` (initdb's output) and
 * `migrated`. A copy made by cp and opened from disk costs about a third of the CPU of PGlite
 * unpacking its image into its in-memory file system (0.8 s against 2.1 s per database, measured).
 */
export async function writePgliteClusters(dir: string): Promise<{ empty: string; migrated: string }> {
  const image = await emptyClusterTar();
  const empty = path.join(dir, 'empty');
  const migrated = path.join(dir, 'migrated');
  await unpackCluster(image, empty);
  await unpackCluster(image, migrated);
  const db = await openPgliteDb(migrated);
  await migrateEverything(db);
  await makeCatalogue(db);
  await db.close();
  return { empty, migrated };
}

/** A new cluster folder copied from `cluster` (cp: a tenth of the CPU of Node's fs.cp). */
export async function copyCluster(cluster: string): Promise<string> {
  const copy = `${cluster}-copy-${process.pid}-${randomBytes(6).toString('hex')}`;
  await execFileAsync('cp', ['-R', cluster, copy]);
  return copy;
}

async function adminQuery(serverUrl: string, sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** A migrated template database on the Postgres server; returns its name and how to drop it. */
export async function createMigratedPgTemplate(
  serverUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `spark_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await openPgDb(url.toString(), { max: 4 });
  await migrateEverything(db);
  await makeCatalogue(db);
  // Closed now: CREATE DATABASE ... TEMPLATE refuses a template anyone is connected to.
  await db.close();
  return { name, drop: () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}
