// Start-up time: seconds from `npm start` to the first page served,
// on a fresh temporary DATA_DIR and a free port (the demo data is seeded on the way), with the builds
// excluded (dist/ and dist-server/ up to date) and included (dist/.build-stamp and the server bundle
// removed, so `npm start` rebuilds both from the same sources); a fresh DATA_DIR on a machine that
// has no cached empty cluster yet (an empty XDG_CACHE_HOME: PGlite's initdb runs); and a restart on
// the DATA_DIR a first start made. Median of BENCH_START_RUNS (default 3) each. The server reports
// its phases (START_PHASES=1, docs/decisions/013-start-up.md): wall and CPU ms per phase, medians.
// Then the server's memory at rest, embedded and on Postgres (bench/memory.ts).
// Run: npm run bench -- start
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type ConsoleServer, root, type StartOptions, startConsoleServer } from './console-server';
import { measureMemoryAtRest, printMemoryRows } from './memory';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const TARGET_SECONDS = 10;
const builds = [path.join(root, 'dist', '.build-stamp'), path.join(root, 'dist-server', 'main.mjs')];

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

interface Phase {
  name: string;
  wallMs: number;
  cpuMs: number;
}

/** The server's `start phase:` lines (server/src/start/start-phases.ts). */
function phasesOf(output: string): Phase[] {
  const line = /^start phase: (.+) (\d+) ms, cpu (\d+) ms \(at \d+ ms\)$/gm;
  return [...output.matchAll(line)].map((m) => ({
    name: m[1] as string,
    wallMs: Number(m[2]),
    cpuMs: Number(m[3]),
  }));
}

interface Run {
  seconds: number;
  phases: Phase[];
}

/** Waits (up to a minute) for the server to finish what it does after listening, for the phase table. */
async function untilReady(server: ConsoleServer): Promise<void> {
  for (let waited = 0; waited < 60_000 && !/start phase: ready /.test(server.output()); waited += 100) {
    await sleep(100);
  }
}

async function timeStart(options: StartOptions = {}): Promise<Run> {
  const server = await startConsoleServer('/web-login', {
    ...options,
    env: { START_PHASES: '1', ...options.env },
  });
  await untilReady(server);
  await server.stop();
  return { seconds: server.startMs / 1000, phases: phasesOf(server.output()) };
}

async function timeBuildIncluded(): Promise<Run> {
  for (const file of builds) if (existsSync(file)) rmSync(file);
  return timeStart();
}

/** A machine that never started the console: no cached empty cluster, so initdb runs. */
async function timeNoTemplate(): Promise<Run> {
  const cache = await mkdtemp(path.join(tmpdir(), 'spark-bench-cache-'));
  try {
    return await timeStart({ env: { XDG_CACHE_HOME: cache } });
  } finally {
    await rm(cache, { recursive: true, force: true });
  }
}

/** A second start on the DATA_DIR a first start made: no database creation, migrations or seed. */
async function timeRestart(): Promise<Run> {
  const first = await startConsoleServer('/web-login', { keepData: true });
  await first.stop();
  // npm exits on the signal before the server has finished its shutdown and released DATA_DIR.
  const claim = path.join(first.dataDir, 'server.json');
  for (let waited = 0; existsSync(claim) && waited < 20_000; waited += 100) await sleep(100);
  try {
    return await timeStart({ dataDir: first.dataDir });
  } finally {
    await rm(first.dataDir, { recursive: true, force: true });
  }
}

// The first start may build (sources newer than dist/) and makes the cached cluster; not counted.
await timeStart();
const rows: { what: string; measure: () => Promise<Run>; runs: Run[] }[] = [
  { what: 'npm start, new DATA_DIR, builds excluded', measure: () => timeStart(), runs: [] },
  { what: 'npm start, new DATA_DIR, builds included', measure: timeBuildIncluded, runs: [] },
  { what: 'npm start, new DATA_DIR, first on this machine', measure: timeNoTemplate, runs: [] },
  { what: 'npm start again on the same DATA_DIR', measure: timeRestart, runs: [] },
];
for (let run = 0; run < RUNS; run++) {
  for (const row of rows) row.runs.push(await row.measure());
}

const width = Math.max(...rows.map((row) => row.what.length));
console.log(`\nStart-up: npm start to the first page served (/web-login), median of ${RUNS}\n`);
console.log(
  `${'measurement'.padEnd(width)}  ${'median s'.padStart(8)}  ${'min s'.padStart(6)}  ${'max s'.padStart(6)}  target`,
);
console.log('-'.repeat(width + 36));
for (const row of rows) {
  const seconds = row.runs.map((r) => r.seconds);
  const ok = median(seconds) <= TARGET_SECONDS ? 'ok' : 'OVER';
  console.log(
    `${row.what.padEnd(width)}  ${median(seconds).toFixed(2).padStart(8)}  ${Math.min(...seconds)
      .toFixed(2)
      .padStart(6)}  ${Math.max(...seconds)
      .toFixed(2)
      .padStart(6)}  ${ok} (<= ${TARGET_SECONDS} s)`,
  );
}

// Phases: the server process only (npm, the build check and node's own start come before 'modules').
for (const row of rows) {
  const names = [...new Set(row.runs.flatMap((r) => r.phases.map((p) => p.name)))];
  if (names.length === 0) continue;
  console.log(`\n${row.what}: server phases, median ms (wall / CPU)`);
  for (const name of names) {
    const of = (pick: (p: Phase) => number) =>
      median(row.runs.map((r) => r.phases.find((p) => p.name === name)).flatMap((p) => (p ? [pick(p)] : [])));
    console.log(
      `  ${name.padEnd(34)} ${String(of((p) => p.wallMs)).padStart(7)} / ${String(of((p) => p.cpuMs)).padStart(6)}`,
    );
  }
}
const memoryRows = await measureMemoryAtRest(RUNS);
printMemoryRows(memoryRows, RUNS);

const load = existsSync('/proc/loadavg') ? readFileSync('/proc/loadavg', 'utf8').trim() : 'unknown';
console.log(
  `\nload average: ${load}\n` +
    'The first page is served once the server listens; catalogue sync and demo billing follow\n' +
    "('ready'). Wall figures move with the load on this machine; CPU figures far less.",
);
