// One crash case at one delay: copy the template data folder, start the server, fire the write, kill -9
// after delayMs, start again, let it settle, stop it, and read the folder's database directly.
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPgliteDb } from '../../src/db/pglite-db';
import type { CrashCase } from './crash-cases';
import { startServer } from './crash-server';

export interface CrashResult {
  name: string;
  delayMs: number;
  outcome: string;
  problems: string[];
}

export async function runCrashCase(
  template: { copy(): Promise<string> },
  crashCase: CrashCase,
  delayMs: number,
): Promise<CrashResult> {
  const dataDir = await template.copy();
  try {
    const first = await startServer(dataDir);
    let context: Awaited<ReturnType<CrashCase['prepare']>>;
    try {
      context = await crashCase.prepare(first);
      await crashCase.fire(first, context);
      await sleep(delayMs);
    } finally {
      await first.kill9();
    }
    const second = await startServer(dataDir);
    try {
      await crashCase.settle(second, context);
    } finally {
      await second.stop();
    }
    // What the restarted server had to repair, as it logs it (LOG_LEVEL=warn).
    const repaired = second.output().includes('unmailed invitations mailed after a restart');
    const db = await openPgliteDb(path.join(dataDir, 'pglite'));
    try {
      const { problems, outcome } = await crashCase.check(db, dataDir, context);
      return {
        name: crashCase.name,
        delayMs,
        outcome: repaired ? `${outcome}, mails re-sent` : outcome,
        problems,
      };
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
