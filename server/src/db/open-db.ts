import path from 'node:path';
import type { Config } from '../config';
import type { Db } from './db';
import { openPgDb } from './pg-db';
import { openEmbeddedDb } from './pglite-template';

/** The embedded database keeps its files here. */
export function pgliteDir(config: Pick<Config, 'dataDir'>): string {
  return path.join(config.dataDir, 'pglite');
}

/** DATABASE_URL picks a Postgres server; otherwise the embedded PGlite in DATA_DIR. */
export function openDb(config: Config, onError?: (error: Error) => void): Promise<Db> {
  if (config.databaseUrl) return openPgDb(config.databaseUrl, { onError });
  return openEmbeddedDb(pgliteDir(config)).then(({ db }) => db);
}
