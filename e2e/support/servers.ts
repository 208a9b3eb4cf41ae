// One server and one data folder per Playwright worker: worker i (its parallelIndex, which Playwright
// puts in TEST_PARALLEL_INDEX before it loads the config and the specs in that worker) talks to the
// server on E2E_PORT + i with the data folder E2E_DATA_DIR (worker 0) or E2E_DATA_DIR-i. A spec file
// runs whole in one worker, so `seed --reset`, the outbox and the Stripe sandbox stay that file's own.
// E2E_WORKERS sets how many (default 2: on a quiet 2-core machine, on the headless shell, the whole
// run took 10.2 min on two workers against 13.6 min on one; decision 030). Each adds a server and a
// browser.

export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));
const basePort = Number(process.env.E2E_PORT ?? 8190);
const baseDataDir = process.env.E2E_DATA_DIR ?? '.data-e2e';

export interface E2eServer {
  port: number;
  dataDir: string;
  baseUrl: string;
}

export function e2eServer(index: number): E2eServer {
  const port = basePort + index;
  return {
    port,
    dataDir: index === 0 ? baseDataDir : `${baseDataDir}-${index}`,
    baseUrl: `http://127.0.0.1:${port}`,
  };
}

/** This worker's server (the first one in the runner process, where no worker index is set). */
export const workerServer = e2eServer(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
