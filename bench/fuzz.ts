// The write-call fuzz at length: fast-check over every POST, PUT and DELETE of
// the API, bodies, parameters and queries from the server's own zod schemas, valid and spoiled, as an
// owner, a member and nobody, from many client addresses. Counts every case rather than stopping at
// the first bad one. The same property runs 300 fixed-seed cases in `npm test`
// (server/test/fuzz-write-calls.test.ts).
// Run: npm run bench -- fuzz   (BENCH_FUZZ_CASES, default 10000; BENCH_FUZZ_SEED, default random)
import { runWriteFuzz } from '../server/test/fuzz/run-write-fuzz';
import { buildTestApp } from '../server/test/helper';

const CASES = Number(process.env.BENCH_FUZZ_CASES ?? 10_000);
const SEED = Number(process.env.BENCH_FUZZ_SEED ?? Math.floor(Math.random() * 2 ** 31));

const t = await buildTestApp();
try {
  const stats = await runWriteFuzz(t, {
    numRuns: CASES,
    seed: SEED,
    stop: 'all',
    onProgress: (so) =>
      console.log(
        `${so.cases} cases, ${so.serverErrors} 5xx, ${so.problems.length} problems, ${(so.durationMs / 1000).toFixed(0)} s`,
      ),
  });
  const seconds = stats.durationMs / 1000;
  console.log(`\nWrite-call fuzz: ${stats.routes} write routes, seed ${SEED}, Node ${process.version}\n`);
  const rows: [string, string][] = [
    ['cases', String(stats.cases)],
    ['5xx answers', String(stats.serverErrors)],
    [
      'other problems (shape, leaks, refused calls that changed the database)',
      String(stats.problems.length - stats.serverErrors),
    ],
    ['refused calls overlapping a webhook (database check void)', String(stats.overlapped)],
    ['duration', `${seconds.toFixed(1)} s (${(stats.cases / seconds).toFixed(0)} cases/s)`],
    [
      'answers by status',
      [...stats.byStatus]
        .sort(([a], [b]) => a - b)
        .map(([status, count]) => `${status}: ${count}`)
        .join(', '),
    ],
  ];
  const width = Math.max(...rows.map(([what]) => what.length));
  for (const [what, value] of rows) console.log(`${what.padEnd(width)}  ${value}`);
  for (const problem of stats.problems.slice(0, 20)) console.log(`\n${problem.slice(0, 600)}`);
  if (stats.problems.length > 0) process.exitCode = 1;
} finally {
  await t.close();
}
