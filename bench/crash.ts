// kill -9 sweep: each crash case of server/test/crash/crash-cases.ts at many delays
// after its request was sent, on the real server (a child process, embedded database). Prints per
// case and delay what survived (applied or absent) and any inconsistency; exits 1 on one.
// Run: npm run bench -- crash   (CRASH_DELAYS=0,50,100 chooses the delays in ms, CRASH_ONLY=plan a case)
import { CRASH_CASES } from '../server/test/crash/crash-cases';
import { makeTemplate } from '../server/test/crash/crash-server';
import { type CrashResult, runCrashCase } from '../server/test/crash/run-crash-case';

const DELAYS = (process.env.CRASH_DELAYS ?? '0,25,50,100,150,250,400,700,1200')
  .split(',')
  .map((value) => Number(value.trim()));

/** CRASH_ONLY=checkout (a part of a case's name) runs only the matching cases. */
const cases = CRASH_CASES.filter((crashCase) => crashCase.name.includes(process.env.CRASH_ONLY ?? ''));

const started = Date.now();
const template = await makeTemplate();
const results: CrashResult[] = [];
try {
  for (const crashCase of cases) {
    for (const delayMs of DELAYS) {
      const result = await runCrashCase(template, crashCase, delayMs);
      results.push(result);
      const verdict = result.problems.length === 0 ? 'ok' : `PROBLEM: ${result.problems.join('; ')}`;
      console.log(
        `${result.name.padEnd(48)} ${String(delayMs).padStart(5)} ms  ${result.outcome.padEnd(22)} ${verdict}`,
      );
    }
  }
} finally {
  await template.remove();
}
const bad = results.filter((result) => result.problems.length > 0);
const applied = results.filter((result) => result.outcome.startsWith('applied')).length;
console.log(
  `\n${results.length} crash points (${cases.length} cases x ${DELAYS.length} delays): ` +
    `${applied} applied, ${results.length - applied} absent, ${bad.length} inconsistent, ` +
    `${((Date.now() - started) / 1000).toFixed(0)} s`,
);
// bench/run.ts exits 0 after a benchmark: a failure must say so itself.
if (bad.length > 0) process.exit(1);
