// CPU time of processes from /proc (Linux): for the API benchmark's CPU per request, on both sides of
// the database connection. A count of CPU the load moves much less than requests/s does
// (decision 012), so it is the figure to compare between runs on a busy machine.
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Kernel clock ticks per second (`getconf CLK_TCK`; 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

interface Stat {
  pgrp: number;
  /** utime + stime, in ms. */
  cpuMs: number;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function readStat(pid: number): Stat | null {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'latin1');
  } catch {
    return null; // ended, or not Linux
  }
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  // man 5 proc: field 5 is pgrp, 14 utime, 15 stime; fields[0] here is field 3 (state).
  const ticks = Number(fields[11]) + Number(fields[12]);
  return { pgrp: Number(fields[2]), cpuMs: (ticks * 1000) / TICKS_PER_SECOND };
}

/** CPU ms so far of every live process in a process group (a server started detached: tsx and node). */
export function groupCpuMs(pgid: number): number {
  let total = 0;
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat?.pgrp === pgid) total += stat.cpuMs;
  }
  return total;
}

/** CPU ms so far of each of these processes (those that ended are left out). */
export function cpuMsByPid(pids: readonly number[]): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat) byPid.set(pid, stat.cpuMs);
  }
  return byPid;
}

/**
 * The Postgres backends serving one database (the servers' pools), read through pg_stat_activity. Only
 * meaningful when Postgres runs on this machine, as the benchmark's throwaway server does.
 */
export async function postgresBackends(databaseUrl: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity
       WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`,
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

/**
 * Postgres CPU spent between two readings: backends present at both count their difference, those
 * that connected in between (a pool growing under load) count all of theirs.
 */
export function backendCpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0);
  return total;
}
