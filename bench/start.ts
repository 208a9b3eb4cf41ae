// Start-up time (issue 13, 'Benchmarks: start'): seconds from `npm start` to the first page served,
// on a fresh temporary DATA_DIR and a free port (the demo data is seeded on the way), with the console
// build excluded (dist/ up to date) and included (dist/.build-stamp removed, so `npm start` rebuilds
// dist/ from the same sources). Median of BENCH_START_RUNS (default 3) each.
// Run: npm run bench -- start
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { root, startConsoleServer } from './console-server';

const RUNS = Number(process.env.BENCH_START_RUNS ?? 3);
const TARGET_SECONDS = 10;
const stamp = path.join(root, 'dist', '.build-stamp');

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

async function timeStart(forceBuild: boolean): Promise<number> {
  if (forceBuild && existsSync(stamp)) rmSync(stamp);
  const server = await startConsoleServer('/web-login');
  await server.stop();
  return server.startMs / 1000;
}

/** A second start on the DATA_DIR a first start made: no database creation, migrations or seed. */
async function timeRestart(): Promise<number> {
  const first = await startConsoleServer('/web-login', { keepData: true });
  await first.stop();
  const again = await startConsoleServer('/web-login', { dataDir: first.dataDir });
  await again.stop();
  return again.startMs / 1000;
}

// The first start may build (sources newer than dist/); it is not counted.
await timeStart(false);
const rows: { what: string; runs: number[] }[] = [
  { what: 'npm start, build excluded (dist/ up to date)', runs: [] },
  { what: 'npm start, build included (dist/ rebuilt)', runs: [] },
  { what: 'npm start again on the same DATA_DIR (for comparison)', runs: [] },
];
for (let run = 0; run < RUNS; run++) {
  (rows[0] as { runs: number[] }).runs.push(await timeStart(false));
  (rows[1] as { runs: number[] }).runs.push(await timeStart(true));
  (rows[2] as { runs: number[] }).runs.push(await timeRestart());
}

const width = Math.max(...rows.map((row) => row.what.length));
console.log(`\nStart-up: npm start to the first page served (/web-login), median of ${RUNS}\n`);
console.log(
  `${'measurement'.padEnd(width)}  ${'median s'.padStart(8)}  ${'min s'.padStart(6)}  ${'max s'.padStart(6)}  target`,
);
console.log('-'.repeat(width + 36));
for (const row of rows) {
  const ok = median(row.runs) <= TARGET_SECONDS ? 'ok' : 'OVER';
  console.log(
    `${row.what.padEnd(width)}  ${median(row.runs).toFixed(2).padStart(8)}  ${Math.min(...row.runs)
      .toFixed(2)
      .padStart(6)}  ${Math.max(...row.runs)
      .toFixed(2)
      .padStart(6)}  ${ok} (<= ${TARGET_SECONDS} s)`,
  );
}
console.log(
  '\nA start on a fresh DATA_DIR creates the embedded database (PGlite initdb), migrates and seeds the demo\n' +
    'data before it listens; the target is for that case. Figures move with the load on this machine.',
);
