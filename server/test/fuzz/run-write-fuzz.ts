import { performance } from 'node:perf_hooks';
import fc from 'fast-check';
import type { TestApp } from '../helper';
import { changedTables, checkedTables, tableChecksums } from './db-checksum';
import { errorBodyProblem, leakIn, stringsIn } from './response-checks';
import {
  callArbitrary,
  createFuzzWorld,
  type FuzzCall,
  type FuzzWorld,
  syncReadFor,
  toRequest,
  writeRoutes,
} from './write-calls';

// The property over every write call: whatever is sent, by an owner, a member or nobody, the answer
// is no 5xx, shows nothing internal, is the spec's error body when it is an error, and a refused call
// leaves the database as it was.

export interface FuzzOptions {
  numRuns: number;
  seed: number;
  /** 'first': fail on the first broken case (tests); 'all': count every one (the benchmark). */
  stop: 'first' | 'all';
  /** A new team every this many cases: the fuzz kicks, bans and renames, which would narrow what follows. */
  worldEvery?: number;
  /** Called every 1,000 cases (the benchmark prints how far it got). */
  onProgress?: (stats: FuzzStats) => void;
}

export interface FuzzStats {
  cases: number;
  routes: number;
  serverErrors: number;
  byStatus: Map<number, number>;
  problems: string[];
  /** Refused calls whose database check was void: a webhook changed the database at the same moment. */
  overlapped: number;
  durationMs: number;
}

/** Hourly limits (invitations, uploads, sign-in mail) would otherwise answer 429 to most of a long run. */
const CLOCK_STEP_EVERY = 40;
const HOUR_MS = 3_600_000;
/** Where each provider's webhook handling records the event it took. */
const WEBHOOK_EVENT_TABLES = ['billing_webhook_events', 'paddle_events_taken'];

/**
 * A webhook landing during the call (an earlier call's checkout, or the customer this very call made
 * at the provider on its way to being refused) changes the team as the provider says: such a change is
 * the webhook's, not the call's, and the case proves nothing either way. The handler records its event
 * only when it is done, so a delivery still under way is waited for before the event tables are read.
 */
async function webhookLandedMeanwhile(
  t: TestApp,
  before: Map<string, string>,
  tables: string[],
): Promise<boolean> {
  await t.sandbox.deliverPendingWebhooks();
  await t.paddleSandbox?.deliverPendingWebhooks();
  const settled = changedTables(before, await tableChecksums(t.db, tables));
  return settled.some((table) => WEBHOOK_EVENT_TABLES.includes(table));
}

function describe(call: FuzzCall, request: ReturnType<typeof toRequest>): string {
  return `${call.caller} ${request.method} ${request.url.slice(0, 160)} ${String(request.payload ?? '').slice(0, 160)}`;
}

export async function runWriteFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzStats> {
  const routes = writeRoutes(t.app);
  const tables = await checkedTables(t.db);
  const stats: FuzzStats = {
    cases: 0,
    routes: routes.length,
    serverErrors: 0,
    byStatus: new Map(),
    problems: [],
    overlapped: 0,
    durationMs: 0,
  };
  let world: FuzzWorld = await createFuzzWorld(t);
  const started = performance.now();

  const property = fc.asyncProperty(callArbitrary(routes), async (call) => {
    if (stats.cases > 0 && stats.cases % (options.worldEvery ?? 150) === 0) world = await createFuzzWorld(t);
    if (stats.cases > 0 && stats.cases % CLOCK_STEP_EVERY === 0) t.clock.advance(HOUR_MS);
    stats.cases += 1;
    if (stats.cases % 1000 === 0) options.onProgress?.({ ...stats, durationMs: performance.now() - started });
    const request = toRequest(call, world);
    const sync = syncReadFor(call, world);
    if (sync) {
      await t.app.inject(sync);
      // Nothing may be in flight when the snapshot is taken (the previous case ended with a drain):
      // a webhook landing between it and the call would be counted as the call's doing.
      await t.sandbox.deliverPendingWebhooks();
    }
    const before = await tableChecksums(t.db, tables);
    const response = await t.app.inject(request);
    stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);

    const found: string[] = [];
    if (response.statusCode >= 500) {
      stats.serverErrors += 1;
      found.push(`${response.statusCode} ${response.body.slice(0, 200)}`);
    } else if (response.statusCode >= 400) {
      const shape = errorBodyProblem(response);
      if (shape) found.push(`${response.statusCode} ${shape}`);
      const changed = changedTables(before, await tableChecksums(t.db, tables));
      if (changed.length > 0 && (await webhookLandedMeanwhile(t, before, tables))) stats.overlapped += 1;
      else if (changed.length > 0)
        found.push(
          `${response.statusCode} refused, yet changed ${changed.join(', ')}: ${response.body.slice(0, 160)}`,
        );
    }
    const leak = leakIn(response.body, stringsIn(request.sent));
    if (leak) found.push(`${response.statusCode} shows ${leak}`);

    // Webhooks a call set off are delivered now, before the next case takes its snapshot: an
    // accepted call's, and a refused one's too (its customer, made at the provider on the way, has
    // events of its own whose sync lands a moment later).
    await t.sandbox.deliverPendingWebhooks();
    if (found.length === 0) return;
    const line = `${describe(call, request)} -> ${found.join('; ')}`;
    stats.problems.push(line);
    if (options.stop === 'first') throw new Error(line);
  });

  try {
    await fc.assert(property, {
      numRuns: options.numRuns,
      seed: options.seed,
      // A broken case is reported as it was: shrinking would replay calls against a changed database.
      endOnFailure: true,
      // Our own one-line description, not fast-check's print of the case (bodies reach 1 MB).
      reporter: (details) => {
        if (!details.failed) return;
        const reason = details.errorInstance instanceof Error ? details.errorInstance.message : 'failed';
        throw new Error(
          `write-call fuzz, seed ${details.seed}, path ${details.counterexamplePath}: ${reason}`,
        );
      },
    });
  } finally {
    stats.durationMs = performance.now() - started;
  }
  return stats;
}
