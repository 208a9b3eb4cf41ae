// The order in which `npx vitest run` starts its test files (vitest.config.ts's sequencer). CI runs
// every project in one run on two workers; the run ends when its last file does. Vitest's own order
// (project by name, then the larger file first, or the longer one when its cache from an earlier run
// is there, which a clean clone has not) started crash.test.ts, a 35-line file and one of the
// longest, last of all: one core idled while it ran alone. Here the heaviest project starts first,
// its longest files first, and the many short files of the small projects fill the end.
//
// A project's files stay together: a worker that runs files without isolation keeps its loaded
// modules only while the next file in the queue belongs to the same project.

/** Projects in the order they start: the API server's files, then the console's, the pure rules last. */
export const PROJECT_ORDER = ['api', 'console-mocked', 'console', 'console-logic', 'domain'];

/**
 * The longest files, longest first (wall time on the 2-core CI machine); every other file keeps
 * vitest's order behind them. A file that becomes long belongs here; one that is gone fails
 * scripts/vitest-file-order.test.ts.
 */
export const LONGEST_FILES = [
  'server/test/cli.test.ts',
  'server/test/crash.test.ts',
  'server/test/billing.test.ts',
  'server/sandbox/stripe/pages/pages.sandbox.test.ts',
  'server/test/bad-input.test.ts',
  'server/test/fuzz-write-calls.test.ts',
  'server/test/shutdown-process.test.ts',
  'server/test/authorization-matrix.test.ts',
  'server/sandbox/stripe/pages/pages.browser.test.ts',
  'server/sandbox/stripe/stripe-sandbox.test.ts',
  'server/test/permissions-matrix.test.ts',
  'server/test/pglite-template.test.ts',
  'src/routes/team/billing/billing-flows.test.tsx',
  'src/routes/team/billing/billing-page.test.tsx',
];

/** `files` (in vitest's order) by project, then the longest first; stable otherwise. */
export function inRunOrder<T>(files: T[], projectOf: (file: T) => string, pathOf: (file: T) => string): T[] {
  const rank = (list: string[], key: string) => {
    const index = list.indexOf(key);
    return index === -1 ? list.length : index;
  };
  return [...files].sort(
    (a, b) =>
      rank(PROJECT_ORDER, projectOf(a)) - rank(PROJECT_ORDER, projectOf(b)) ||
      rank(LONGEST_FILES, pathOf(a)) - rank(LONGEST_FILES, pathOf(b)),
  );
}
