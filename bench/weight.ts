// First-visit weight of each route group: builds the console into a
// temporary folder (dist/ stays as it is for a running server) and counts what a browser loads on a
// first visit, from Vite's manifest (see first-visit.ts). Run: npm run bench -- weight
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUDGETS, budgetFailures, formatTable, measureRows } from './first-visit';

const root = path.resolve(import.meta.dirname, '..');
const outDir = mkdtempSync(path.join(tmpdir(), 'spark-weight-'));
try {
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'],
    { cwd: root, stdio: 'inherit' },
  );
  if (build.status !== 0) throw new Error(`vite build failed (${build.status})`);
  const rows = measureRows(outDir);
  console.log('\nFirst-visit weight after vite build (KB = 1024 bytes, gzip level 9)\n');
  console.log(formatTable(rows));
  const failures = budgetFailures(rows);
  console.log(
    `\nBudgets (npm run check:budgets enforces them, or a ratchet where a route is still over): public pages <= ${BUDGETS.publicJsKb} KB gz JS, ` +
      `team pages <= ${BUDGETS.teamJsKb} KB, CSS <= ${BUDGETS.cssKb} KB on any route, no Stripe code on a first visit.`,
  );
  console.log(failures.length === 0 ? 'All within budget.' : `Over budget:\n  ${failures.join('\n  ')}`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
