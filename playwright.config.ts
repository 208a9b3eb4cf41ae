import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';

const chromium = '/usr/bin/chromium';
if (!existsSync(chromium)) {
  throw new Error(`Browser tests use Debian's Chromium at ${chromium}: apt-get install chromium`);
}

// Browser tests run Debian's Chromium (never a downloaded browser) against the real server: the
// built console and the API on one port, on a fresh embedded database with the demo data.
// E2E_PORT and E2E_DATA_DIR let a second checkout's run (or a second engineer's) keep to its own
// server and data; e2e/support/cli.ts reads the same two.
const port = Number(process.env.E2E_PORT ?? 8190);
const dataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: 'chromium',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    trace: 'retain-on-failure',
  },
  webServer: {
    command: `rm -rf ${dataDir} && npm start`,
    url: `${baseURL}/`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: baseURL,
    },
    reuseExistingServer: !process.env.CI,
    // The first start builds the console before the server listens.
    timeout: 120_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
