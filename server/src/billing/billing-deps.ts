import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { createRepositories } from '../db/repositories';
import type { NewTeamEvent } from '../db/repositories/events.repository';
import type { Mailer } from '../mail/mailer';
import type { BillingProvider } from './provider';

/** What the billing code needs from the server. */
export interface BillingDeps {
  db: Db;
  provider: BillingProvider;
  clock: Clock;
  mailer: Mailer;
  publicUrl: () => string;
  /** Where free-upgrade requests are mailed; null: they are only logged and recorded. */
  operatorEmail: string | null;
  log: FastifyBaseLogger;
}

/** Statuses in which a team has its paid plan; incomplete counts as none (spec section 4). */
export const LIVE_STATUSES: ReadonlySet<string> = new Set(['trialing', 'active', 'past_due']);

/** A plan id's product code: 'pro_365' -> 'pro'. */
export const productCodeOf = (planId: string): string => planId.slice(0, planId.lastIndexOf('_'));

/**
 * One change at a time per team inside this process: the provider is called outside any database
 * transaction (PGlite is one connection, and the sandbox answering the call uses it too), so this
 * keeps two clicks from interleaving their provider calls. Across processes, idempotency keys and the
 * provider's single subscription per team keep the outcome whole.
 */
export function createTeamLocks() {
  const tails = new Map<number, Promise<unknown>>();
  return async function withTeamLock<T>(teamId: number, fn: () => Promise<T>): Promise<T> {
    const previous = tails.get(teamId) ?? Promise.resolve();
    const run = previous.then(fn, fn);
    const tail = run.catch(() => {});
    tails.set(teamId, tail);
    try {
      return await run;
    } finally {
      if (tails.get(teamId) === tail) tails.delete(teamId);
    }
  };
}

/** Records a team event in its own short transaction, under the team's lock like every change. */
export async function recordTeamEvent(deps: BillingDeps, event: Omit<NewTeamEvent, 'at'>): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const repos = createRepositories(tx);
    if (!(await repos.teams.lockById(event.teamId))) return;
    await repos.events.record({ ...event, at: deps.clock.now() });
  });
}
