import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { E2E_WORKERS, e2eServer, workerServer } from './e2e/support/servers';

// Debian's Chromium, never a downloaded browser. The suite runs on its headless shell
// (`chromium-headless-shell`, built from the same Debian source package and version) when it is
// installed: the same Blink and V8 without the full browser's shell, at about a third of the CPU per
// page load on a 2-core machine (decision 030). E2E_CHROMIUM names another binary.
const fullChromium = '/usr/bin/chromium';
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = process.env.E2E_CHROMIUM ?? (existsSync(headlessShell) ? headlessShell : fullChromium);
if (!existsSync(chromium)) {
  throw new Error(
    `Browser tests use Debian's Chromium at ${chromium}: apt-get install chromium chromium-headless-shell`,
  );
}

// CI (CI=true) runs two files on the full browser, so what only the full browser does is seen: a
// new user's journey and billing through the hosted checkout with its card frame (decision 030). They
// are a project of the same run: the same workers and servers, and spread among the other files,
// instead of a second run that starts its own servers and leaves a core idle while its longer file
// finishes. There they run on the full browser only, the stricter of the two (decision 033): on the
// headless shell too they added 78 s of test time and checked nothing the full browser does not.
// Without CI they run on the headless shell with the rest.
const FULL_BROWSER_FILES = [/first-time-user\.spec\.ts$/, /billing-page\.spec\.ts$/];
const onFullBrowser = !!process.env.CI && chromium !== fullChromium && existsSync(fullChromium);
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

// Browser tests run Debian's Chromium (never a downloaded browser) against the real server: the
// built console and the API on one port, on a fresh embedded database with the demo data.
// E2E_PORT and E2E_DATA_DIR let a second checkout's run (or a second engineer's) keep to its own
// server and data; E2E_WORKERS workers (default 1) each get their own server on E2E_PORT + i and
// data folder (e2e/support/servers.ts, which e2e/support/cli.ts reads too).
// Playwright loads this file again in every worker, with the worker's index set: baseURL is its own.
const baseURL = workerServer.baseUrl;

export default defineConfig({
  testDir: 'e2e',
  // Files spread over the workers; a file's tests run in order, in one worker, on its server.
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: { executablePath: chromium, args: ARGS },
    // Recording a trace costs a fifth of the run's CPU, and CI keeps no artefacts: traces are
    // recorded on a developer's machine only (decision 030). `--trace=on` asks for them anyway.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
  },
  // Playwright hands out files in project order: the full browser's two long files first, so the
  // many short ones fill both workers at the end (listed last, they ran last, one file per worker).
  projects: [
    ...(onFullBrowser
      ? [
          {
            name: 'full-chromium',
            testMatch: FULL_BROWSER_FILES,
            use: { launchOptions: { executablePath: fullChromium, args: ARGS } },
          },
        ]
      : []),
    {
      name: chromium === headlessShell ? 'headless-shell' : 'chromium',
      testIgnore: onFullBrowser ? FULL_BROWSER_FILES : undefined,
    },
  ],
  // Started one after the other: the first start builds dist/ if needed, the next finds it built.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const { port, dataDir, baseUrl } = e2eServer(index);
    return {
      command: `rm -rf ${dataDir} && npm start`,
      // Ready once its start is done (the demo billing made through the sandboxes), not at listen.
      url: `${baseUrl}/readyz`,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: baseUrl,
        // The browser suites hold every answer to its zod schema too (decision 027).
        CHECK_RESPONSES: '1',
      },
      reuseExistingServer: !process.env.CI,
      // The first start builds the console before the server listens.
      timeout: 120_000,
      gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 5_000 },
      stdout: 'pipe' as const,
      stderr: 'pipe' as const,
    };
  }),
});
