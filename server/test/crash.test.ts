// No Postgres database: its servers run on the embedded database (crash-server.ts empties DATABASE_URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_CASES } from './crash/crash-cases';
import { runCrashChain } from './crash/run-crash-case';
import { buildTestServerBundle, type TestServerBundle } from './server-bundle';

// kill -9 in the middle of a write, then a restart (issue 14, 'Crash'): the change is whole or absent,
// and the sandbox and the team agree on plan and seats once the server has settled. The real server
// runs as a child process on the embedded database; here the cases run as one chain on one data
// folder (each killed midway, the next prepared on the restarted server) to keep npm test short. The
// sweep over many delays, each case on its own copy, is `npm run bench -- crash`.

// The server runs from the server bundle, as `npm start` runs it, built once per run
// (server-bundle.ts): each of the starts through tsx cost about 3 s of CPU transforming the server.
let bundle: TestServerBundle | null = null;
beforeAll(async () => {
  bundle = await buildTestServerBundle();
});
afterAll(async () => {
  await bundle?.remove();
});

describe('kill -9 during a write, then a restart', () => {
  it('checkout, plan change, invitation batch and an upload: each whole or absent, sandbox and team agree', {
    timeout: 180_000,
  }, async () => {
    if (!bundle) throw new Error('the server bundle is built in beforeAll');
    const results = await runCrashChain(CRASH_CASES, bundle.server);
    for (const result of results)
      console.log(`crash ${result.name} at ${result.delayMs} ms: ${result.outcome}`);
    expect(results.map((result) => [result.name, result.problems])).toEqual(
      CRASH_CASES.map((crashCase) => [crashCase.name, []]),
    );
  });
});
