import path from 'node:path';
import type { Config } from '../settings/config';
import type { Db } from './db';

/** The embedded database keeps its files here. */
export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

/**
 * DATABASE_URL picks a Postgres server; otherwise the embedded PGlite in DATA_DIR. Each driver is
 * imported only when chosen: a process holds one of them, not both (decision 023, memory at rest).
 */
export async function openDb(config: Config, onError?: (error: Error) => void): Promise<Db> {
  if (config.databaseUrl) {
    const { openPgDb } = await import('./pg-db');
    return openPgDb(config.databaseUrl, { onError });
  }
  const { openEmbeddedDb } = await import('./pglite-template');
  return (await openEmbeddedDb(pgliteDir(config))).db;
}
