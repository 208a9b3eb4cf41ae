// The billing page's plan table and invoice list ("add the billing page's plan table and
// invoice list" beside the 5,000-member list): how long the domain work behind the plan table and one
// render of each block take, without a browser. The views go through Vite's SSR module loader
// (bench/billing-render.tsx) so their CSS modules and the `@/` alias resolve as in the console, then
// react-dom/server renders them inside the console's providers. Median and p95 over many runs.
// Run: npm run bench -- billing
import { performance } from 'node:perf_hooks';

// React's production build, as the console ships it (the development build checks and warns on every
// render, several times slower). Set before Vite loads any React module.
process.env.NODE_ENV = 'production';

import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

type RenderModule = typeof import('./billing-render');

const root = fileURLToPath(new URL('..', import.meta.url));
const vite = await createServer({
  root,
  logLevel: 'error',
  appType: 'custom',
  server: { middlewareMode: true, hmr: false, watch: null },
});

interface Row {
  what: string;
  runs: number;
  median: number;
  p95: number;
  note: string;
}
const rows: Row[] = [];

const percentile = (sorted: number[], share: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)] ?? Number.NaN;

function measure(what: string, runs: number, work: () => number, note = (result: number) => String(result)) {
  let result = 0;
  for (let i = 0; i < Math.min(20, runs); i++) result = work();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = work();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  rows.push({
    what,
    runs,
    median: percentile(samples, 0.5),
    p95: percentile(samples, 0.95),
    note: note(result),
  });
}

try {
  const view = (await vite.ssrLoadModule('/bench/billing-render.tsx')) as RenderModule;
  for (const plan of ['basic', 'pro', 'premium'] as const) {
    measure(
      `plan table data: columns and cells, team on ${plan}`,
      2000,
      () => view.planTableData(plan, 12),
      (cells) => `${cells} cells`,
    );
  }
  for (const plan of ['basic', 'premium'] as const) {
    measure(
      `plan table render, team on ${plan}`,
      200,
      () => view.renderPlanTable(plan, 12),
      (bytes) => `${(bytes / 1024).toFixed(1)} KB HTML`,
    );
  }
  // The server asks the provider for the last 50 invoices (stripe-provider.ts listInvoices): 50 is the
  // most the page shows; 3 is the demo team's list.
  for (const count of [3, 50]) {
    const list = view.invoices(count);
    measure(
      `invoice list render, ${count} invoices`,
      200,
      () => view.renderInvoices(list),
      (bytes) => `${(bytes / 1024).toFixed(1)} KB HTML`,
    );
  }
} finally {
  await vite.close();
}

const ms = (value: number) => value.toFixed(value < 1 ? 3 : 2).padStart(9);
const width = Math.max(...rows.map((row) => row.what.length));
console.log(`\nBilling page benchmark: plan table and invoice list, Node ${process.version}\n`);
console.log(
  `${'measurement'.padEnd(width)}  ${'runs'.padStart(5)}  ${'median ms'.padStart(9)}  ${'p95 ms'.padStart(9)}  output`,
);
console.log('-'.repeat(width + 45));
for (const row of rows) {
  console.log(
    `${row.what.padEnd(width)}  ${String(row.runs).padStart(5)}  ${ms(row.median)}  ${ms(row.p95)}  ${row.note}`,
  );
}
console.log(
  "\nA frame is 16.7 ms. Server-side rendering stands in for the browser's render: the same React and Mantine work, without layout and paint.",
);
