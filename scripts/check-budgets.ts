// CI's size budgets: counts each route group's first visit in the built console (dist/,
// or the folder given) with the weight benchmark's code, and fails past the budgets: public
// pages 130 KB gz JavaScript, team pages 190 KB, CSS 20 KB, at most 22 files (decision 031), no Stripe
// code on a first visit. No timing. It also holds the entry's chunks to what index.html preloads and
// dynamic imports leave out (scripts/vite-preload-dependencies.ts).
// Run after a build: npm run check:budgets [-- <dist folder>]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { budgetFailures, formatTable, measureRows, readManifest } from '../bench/first-visit';
import { entryImportsNotNamed } from './vite-preload-dependencies';

const distDir = process.argv[2] ?? 'dist';
const rows = measureRows(distDir);
console.log(formatTable(rows));
const manifest = readManifest(distDir);
const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8');
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
const entryImports = (entry?.imports ?? []).map((key) => manifest[key]?.file ?? key);
const failures = [
  ...budgetFailures(rows),
  // vite.config.ts leaves these out of every dynamic import's preloads: a new one would be named again.
  ...entryImportsNotNamed(entryImports).map(
    (file) => `${file}: the entry imports it, scripts/vite-preload-dependencies.ts does not name it`,
  ),
  // ...but index.html preloads each of them, beside the entry, not once the entry is parsed.
  ...entryImports
    .filter((file) => !indexHtml.includes(`<link rel="modulepreload" crossorigin href="/${file}">`))
    .map((file) => `${file}: the entry imports it, index.html does not preload it`),
];
if (failures.length > 0) {
  console.error(`\nSize budgets broken:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('\nSize budgets: every route within its budget (bench/first-visit.ts).');
