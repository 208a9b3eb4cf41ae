// A throwaway Postgres server for the benchmarks that run on one (api, load): DATABASE_URL when set,
// else scripts/with-postgres.sh kept alive by a holder process, and one fresh database per run.
import type { ChildProcess } from 'node:child_process';
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import pg from 'pg';
import type { createProcessGroup } from './processes';

const run = promisify(execFile);

export type PostgresServer = { url: string; holder: ChildProcess | null } | { skip: string };

/** The server to use, or why there is none (no binaries, or the script could not start one). */
export async function startPostgres(group: ReturnType<typeof createProcessGroup>): Promise<PostgresServer> {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, holder: null };
  const hasBinaries =
    !!process.env.PG_BIN ||
    existsSync('/usr/lib/postgresql') ||
    (await run('sh', ['-c', 'command -v initdb']).then(
      () => true,
      () => false,
    ));
  if (!hasBinaries) return { skip: 'no Postgres binaries (install the postgresql package or set PG_BIN)' };
  const holder = group.start(
    'bash',
    ['scripts/with-postgres.sh', 'sh', '-c', 'echo "$DATABASE_URL"; exec sleep 86400'],
    {},
    'pipe',
  );
  const url = await new Promise<string | null>((resolve) => {
    holder.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
    holder.once('exit', () => resolve(null));
  });
  if (!url) return { skip: 'scripts/with-postgres.sh could not start a Postgres server' };
  return { url, holder };
}

/** A database of its own on that server, so each run starts from the demo data. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
