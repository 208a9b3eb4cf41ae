// One crash case at one delay: copy the template data folder, start the server, fire the write, kill -9
// after delayMs, start again, let it settle, stop it, and read the folder's database directly.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { openPgliteDb } from '../../src/db/pglite-db';
import type { CrashCase } from './crash-cases';
import { serverFromSource, startServer } from './crash-server';

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
    const repaired = crashCase.repairLog !== undefined && second.output().includes(crashCase.repairLog);
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

/**
 * The cases one after another on one data folder, each killed `midwayMs` after its write was sent,
 * the next one prepared on the restarted server; one last start settles them all, then each is
 * checked. Four starts for three crashes instead of seven: the short version `npm test` runs.
 * `serverEntry`: node's arguments that start the server (crash-server.ts).
 */
export async function runCrashChain(
  cases: readonly CrashCase[],
  serverEntry: string[] = serverFromSource,
): Promise<CrashResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'spark-crash-chain-'));
  try {
    const contexts: Awaited<ReturnType<CrashCase['prepare']>>[] = [];
    for (const crashCase of cases) {
      const server = await startServer(dataDir, serverEntry);
      try {
        const context = await crashCase.prepare(server);
        await crashCase.fire(server, context);
        await sleep(crashCase.midwayMs);
        contexts.push(context);
      } finally {
        await server.kill9();
      }
    }
    const last = await startServer(dataDir, serverEntry);
    try {
      await Promise.all(
        cases.map((crashCase, i) => crashCase.settle(last, contexts[i] as (typeof contexts)[number])),
      );
    } finally {
      await last.stop();
    }
    const db = await openPgliteDb(path.join(dataDir, 'pglite'));
    try {
      const results: CrashResult[] = [];
      for (const [i, crashCase] of cases.entries()) {
        const { problems, outcome } = await crashCase.check(
          db,
          dataDir,
          contexts[i] as (typeof contexts)[number],
        );
        const repaired = crashCase.repairLog !== undefined && last.output().includes(crashCase.repairLog);
        results.push({
          name: crashCase.name,
          delayMs: crashCase.midwayMs,
          outcome: repaired ? `${outcome}, mails re-sent` : outcome,
          problems,
        });
      }
      return results;
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
