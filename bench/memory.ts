// Memory at rest: the server's resident memory (VmRSS of the node process `npm start`
// runs) 10 s after the first page was served, on a fresh temporary DATA_DIR, with the embedded
// database and with DATABASE_URL (a throwaway Postgres from scripts/with-postgres.sh, or
// DATABASE_URL if set). Printed by `npm run bench -- start` beside the start-up times, each figure
// beside its target. RSS moves little with the machine's load, unlike times.
import { readdirSync, readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { startConsoleServer } from './console-server';
import { createDatabase, startPostgres } from './postgres';
import { createProcessGroup } from './processes';

const REST_MS = 10_000;
export const TARGETS_MB = { embedded: 160, postgres: 110 } as const;

function statusOf(pid: string): string {
  try {
    return readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return '';
  }
}

/**
 * VmRSS in MB of the server started with this DATA_DIR: the largest process whose command line names
 * `entry` (under tsx, its launcher process matches too, and is the smaller one).
 */
export function serverRssMb(dataDir: string, entry = 'dist-server/main.mjs'): number | null {
  let largest: number | null = null;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(entry)) continue;
      if (!readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`DATA_DIR=${dataDir}`)) continue;
      const kb = /VmRSS:\s+(\d+) kB/.exec(statusOf(pid))?.[1];
      if (kb) largest = Math.max(largest ?? 0, Number(kb) / 1024);
    } catch {
      // gone, or another user's
    }
  }
  return largest;
}

async function restingRss(env: NodeJS.ProcessEnv = {}): Promise<number | null> {
  const server = await startConsoleServer('/web-login', { env });
  try {
    await sleep(REST_MS);
    return serverRssMb(server.dataDir);
  } finally {
    await server.stop();
  }
}

export interface MemoryRow {
  what: string;
  mb: number | null;
  target: number;
  skip?: string;
}

/** Median of `runs` starts per row (RSS varies a few MB from start to start). */
export async function measureMemoryAtRest(runs: number): Promise<MemoryRow[]> {
  const median = async (env: () => Promise<NodeJS.ProcessEnv>) => {
    const values: number[] = [];
    for (let run = 0; run < runs; run++) {
      const mb = await restingRss(await env());
      if (mb !== null) values.push(mb);
    }
    values.sort((a, b) => a - b);
    return values.length ? (values[Math.floor(values.length / 2)] as number) : null;
  };
  const rows: MemoryRow[] = [
    {
      what: 'embedded database, new DATA_DIR',
      mb: await median(async () => ({})),
      target: TARGETS_MB.embedded,
    },
  ];
  const group = createProcessGroup();
  try {
    const postgres = await startPostgres(group);
    const what = 'DATABASE_URL (Postgres), new DATA_DIR';
    if ('skip' in postgres) rows.push({ what, mb: null, target: TARGETS_MB.postgres, skip: postgres.skip });
    else {
      // A new database per start, as a new DATA_DIR: migrations and demo data run every time.
      const env = async () => ({ DATABASE_URL: await createDatabase(postgres.url, 'spark_bench_memory') });
      rows.push({ what, mb: await median(env), target: TARGETS_MB.postgres });
    }
  } finally {
    await group.stopAll();
  }
  return rows;
}

export function printMemoryRows(rows: MemoryRow[], runs: number): void {
  console.log(`\nMemory at rest: server RSS ${REST_MS / 1000} s after the first page, median of ${runs}\n`);
  const width = Math.max(...rows.map((row) => row.what.length));
  for (const row of rows) {
    const figure =
      row.mb === null ? `skipped: ${row.skip ?? 'no server process found'}` : `${row.mb.toFixed(0)} MB`;
    const ok = row.mb === null ? '' : row.mb <= row.target ? 'ok' : 'OVER';
    console.log(`${row.what.padEnd(width)}  ${figure.padStart(7)}  ${ok} (<= ${row.target} MB)`);
  }
}
