// CI's size budgets (issue 13): counts each route group's first visit in the built console (dist/,
// or the folder given) with the weight benchmark's code, and fails past an enforced limit: the
// issue's budget, or while a route is still over it, the ratchet that keeps it from growing. No timing.
// Run after a build: npm run check:budgets [-- <dist folder>]
import { budgetFailures, formatTable, measureRows, targetMisses } from '../bench/first-visit';

const distDir = process.argv[2] ?? 'dist';
const rows = measureRows(distDir);
console.log(formatTable(rows));
const failures = budgetFailures(rows);
if (failures.length > 0) {
  console.error(`\nSize budgets broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
const misses = targetMisses(rows);
if (misses.length > 0) {
  console.log(
    `\nStill over issue 13's targets (held by the ratchet in bench/first-visit.ts):\n  ${misses.join('\n  ')}`,
  );
}
console.log('\nSize budgets: nothing over its enforced limit; CSS and Stripe code within target.');
