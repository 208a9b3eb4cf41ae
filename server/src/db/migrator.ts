import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../settings/config';
import type { Db, Queryable } from './db';

export const migrationsDir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Any constant works; it only has to be the same for every process migrating this database.
const MIGRATION_LOCK_KEY = 7_305_202_611;

interface Migration {
  version: number;
  name: string;
  file: string;
}

async function listMigrations(dir: string): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of await readdir(dir)) {
    if (!file.endsWith('.sql')) continue;
    const match = /^(\d+)-([a-z0-9-]+)\.sql$/.exec(file);
    if (!match) throw new Error(`Migration file name must look like 001-name.sql: ${file}`);
    migrations.push({ version: Number(match[1]), name: match[2] as string, file: path.join(dir, file) });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    if (migrations[i]?.version === migrations[i - 1]?.version) {
      throw new Error(`Two migrations share the number ${migrations[i]?.version}`);
    }
  }
  return migrations;
}

const label = (version: number, name: string) => `${String(version).padStart(3, '0')}-${name}`;

/**
 * A database migrated by a newer build than this one. Migrations only go forward, so this build
 * cannot know what the newer ones changed: it refuses to start (or to run a CLI command) rather than
 * write rows a newer schema does not expect. A ConfigError, so it is one line without a stack.
 */
export class DatabaseNewerThanBuildError extends ConfigError {}

/** Throws when the newest recorded migration is past the newest this build ships. */
function refuseNewerDatabase(migrations: Migration[], recorded: Map<number, string>, table: string): void {
  const newestKnown = migrations.at(-1);
  const newestApplied = Math.max(0, ...recorded.keys());
  if (newestApplied <= (newestKnown?.version ?? 0)) return;
  const where = table === 'schema_migrations' ? 'The database' : `The database's ${table}`;
  throw new DatabaseNewerThanBuildError(
    `${where} has migration ${label(newestApplied, recorded.get(newestApplied) ?? '')} applied, newer than ` +
      `this build knows (up to ${newestKnown ? label(newestKnown.version, newestKnown.name) : 'none'}): ` +
      'a newer version migrated it. Run that version or a newer one, or restore a backup taken before the upgrade.',
  );
}

/**
 * Serialises migrators across processes (two servers starting against one Postgres). The lock is
 * transaction-scoped, so it is released with the commit and never leaks on a pooled connection.
 * On PGlite it is a harmless no-op: there is only one connection.
 */
async function lock(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
}

/**
 * Applies the numbered SQL files not yet recorded, each in its own transaction. Returns their names.
 * A component with its own migrations (the Stripe sandbox) passes its folder and its own table.
 */
export async function migrate(
  db: Db,
  dir: string = migrationsDir,
  table: string = 'schema_migrations',
): Promise<string[]> {
  if (!/^[a-z_][a-z0-9_]*$/.test(table)) throw new Error(`Bad migrations table name: ${table}`);
  const migrations = await listMigrations(dir);
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.exec(`CREATE TABLE IF NOT EXISTS ${table} (
      version integer PRIMARY KEY,
      name text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  });
  // One read for the usual start, where every migration is already recorded: a recorded one never
  // becomes unapplied, so only the others need a transaction and the lock (docs/decisions/013-start-up.md).
  const recorded = new Map(
    (await db.query<{ version: number; name: string }>(`SELECT version, name FROM ${table}`)).map((row) => [
      row.version,
      row.name,
    ]),
  );
  refuseNewerDatabase(migrations, recorded, table);
  const applied: string[] = [];
  for (const migration of migrations) {
    if (recorded.has(migration.version)) continue;
    const sql = await readFile(migration.file, 'utf8');
    await db.transaction(async (tx) => {
      await lock(tx);
      // Checked under the lock: another process may have applied it while we waited.
      const done = await tx.query(`SELECT 1 FROM ${table} WHERE version = $1`, [migration.version]);
      if (done.length > 0) return;
      await tx.exec(sql);
      await tx.query(`INSERT INTO ${table} (version, name) VALUES ($1, $2)`, [
        migration.version,
        migration.name,
      ]);
      applied.push(label(migration.version, migration.name));
    });
  }
  return applied;
}
