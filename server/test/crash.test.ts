import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CRASH_CASES } from './crash/crash-cases';
import { makeTemplate } from './crash/crash-server';
import { runCrashCase } from './crash/run-crash-case';

// kill -9 in the middle of a write, then a restart (issue 14, 'Crash'): the change is whole or absent,
// and the sandbox and the team agree on plan and seats once the server has settled. One delay per
// case here (the real server as a child process, on the embedded database); the sweep over many
// delays is `npm run bench -- crash`.

let template: Awaited<ReturnType<typeof makeTemplate>>;
beforeAll(async () => {
  template = await makeTemplate();
}, 120_000);
afterAll(async () => {
  await template?.remove();
});

describe('kill -9 during a write, then a restart', () => {
  for (const crashCase of CRASH_CASES) {
    it(`${crashCase.name}: whole or absent, sandbox and team agree`, { timeout: 90_000 }, async () => {
      const result = await runCrashCase(template, crashCase, crashCase.midwayMs);
      console.log(`crash ${result.name} at ${result.delayMs} ms: ${result.outcome}`);
      expect(result.problems).toEqual([]);
    });
  }
});
