import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type ViteUserConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { inRunOrder } from './scripts/vitest-file-order.ts';

// `@domain/…` is the one way the server reaches the code it shares with the console (src/domain).
const domainAlias = { '@domain': fileURLToPath(new URL('./src/domain', import.meta.url)) };
const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)), ...domainAlias };

/**
 * The console's jsdom test files that replace a module with vi.mock: they need a worker whose modules
 * are loaded afresh for them ('console-mocked'). src/test/module-mocks.test.ts fails when a file
 * with vi.mock is missing here.
 */
export const CONSOLE_FILES_WITH_MODULE_MOCKS = [
  'src/routes/team/billing/billing-flows.test.tsx',
  'src/routes/team/billing/billing-flows-paddle.test.tsx',
  'src/routes/team/billing/billing-page.test.tsx',
  'src/routes/public/paddle-pay-page.test.tsx',
];

/** The console's views in jsdom: both projects that test them ('console', 'console-mocked'). */
const consoleViews = {
  environment: 'jsdom',
  globals: true,
  setupFiles: ['src/test-setup.ts'],
  // Page tests render whole routes in jsdom; on a loaded 2-core machine a few take seconds.
  testTimeout: 15_000,
} satisfies ViteUserConfig['test'];

/** Vitest's order, then by project and the longest files first (scripts/vitest-file-order.ts). */
class LongestFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root;
    return inRunOrder(
      await super.sort(files),
      (file) => file.project.name,
      (file) => path.relative(root, file.moduleId).split(path.sep).join('/'),
    );
  }
}

// Five projects: pure domain rules (node), the console's machines and logic (node), its views (jsdom;
// the files that mock a module in an isolated project of their own),
// and the API server against a real database (node; every file boots its own database).
// A console test needs a DOM when it is a .tsx file or is named *.dom.test.ts; every other .ts test
// runs in node, without building a jsdom and loading the views' set-up for it (decision 030).
export default defineConfig({
  test: {
    // Both cores: PGlite runs a test file's database on one thread, so two files at once halve the
    // API tests' wall time; each file has its own database, so they never share state.
    maxWorkers: 2,
    sequence: { sequencer: LongestFilesFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'domain',
          environment: 'node',
          globals: true,
          include: ['src/domain/**/*.test.ts'],
          // Pure functions: nothing to load afresh per file. A worker runs file after file without
          // starting again (34 files: 45 s wall, 22 s CPU to a few seconds).
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'console-logic',
          environment: 'node',
          globals: true,
          // With the console's build scripts (how its chunks are cut).
          include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['src/domain/**', 'src/**/*.dom.test.ts'],
          // The route table's test imports every lazy page group: seconds on a cold, busy CI machine.
          testTimeout: 15_000,
          // No file here mocks a module or stubs a global (machines get their effects through
          // provide(), fake timers are put back after each test), so one worker runs file after file
          // without importing xstate and the console's logic again for each.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          ...consoleViews,
          name: 'console',
          include: ['src/**/*.test.tsx', 'src/**/*.dom.test.ts'],
          exclude: [...CONSOLE_FILES_WITH_MODULE_MOCKS],
          // A worker runs file after file without importing React, Mantine and the console again:
          // 83 s to 25 s for this project (decision 031). Each file renders into a fresh document
          // and the test set-up cleans up after every test; a module mock cannot work here (the real
          // module is already loaded), so files with vi.mock run in 'console-mocked'.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: { ...consoleViews, name: 'console-mocked', include: [...CONSOLE_FILES_WITH_MODULE_MOCKS] },
      },
      {
        resolve: { alias: domainAlias },
        test: {
          name: 'api',
          environment: 'node',
          globals: true,
          include: ['server/**/*.test.ts'],
          // The Stripe sandbox's answers to each file's tests are checked against Stripe's types and fixtures.
          setupFiles: ['server/test/stripe-conformance.setup.ts'],
          // Migrates one database per run; every test file's own database starts as a copy of it.
          globalSetup: ['server/test/test-global-setup.ts'],
          // A worker runs file after file without loading every module again (fastify, the Stripe
          // SDK, PGlite's WebAssembly...: 2 to 4 s of CPU per file). Safe here: every file builds its
          // own app on its own database and closes it; nothing in server/ keeps state in a module.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
