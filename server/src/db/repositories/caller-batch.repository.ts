import type { Queryable } from '../db';
import { createTurnBatcher } from '../turn-batcher';
import {
  type CallerAsk,
  type CallerInTeam,
  type CallerRow,
  callerInTeamSql,
  createCallerRepository,
  type MembersPageAsk,
  toCallerInTeam,
} from './caller.repository';

/**
 * Caller checks of concurrent requests in one statement (decision 042). Per request, a Postgres
 * server costs a round trip: a write that wakes a backend, its answer, a read (decision 036). Requests
 * whose checks are asked in the same turn of the event loop, or while the previous batch is out, go
 * together: one row of parameters each, unnested in order, each joined to the caller statement of
 * caller.repository.ts, its very text with the row's columns for the placeholders. Every request is
 * still checked against the database as committed when its batch runs, after it arrived: a revoked
 * session or a removed member is refused at once, as before (decision 019).
 */
const batchSql = `SELECT r.ord::int AS ord, c.*
  FROM unnest($1::int[], $2::int[], $3::int[], $4::int[], $5::int[], $6::int[])
    WITH ORDINALITY AS r(session_id, account_id, team_id, user_id, after_id, page_limit, ord)
  CROSS JOIN LATERAL (${callerInTeamSql(
    {
      sessionId: 'r.session_id',
      accountId: 'r.account_id',
      teamId: 'r.team_id',
      userId: 'r.user_id',
      afterId: 'r.after_id',
      limit: 'r.page_limit',
    },
    'when-asked',
  )}) c
  ORDER BY r.ord`;

/** Batches out at once: one keeps a single backend busy while the next batch gathers (decision 042). */
const MAX_IN_FLIGHT = 1;
/** More than the benchmark's 64 connections; a larger crowd waits for the next batch. */
const MAX_BATCH_SIZE = 128;

/** Every ask's caller check in one statement, the answers in the asks' order. */
async function findManyInTeam(db: Queryable, asks: CallerAsk[]): Promise<CallerInTeam[]> {
  const column = (of: (ask: CallerAsk) => number | null) => asks.map(of);
  const rows = await db.query<CallerRow & { ord: number }>(batchSql, [
    column((ask) => ask.session.sessionId),
    column((ask) => ask.session.accountId),
    column((ask) => ask.ref.teamId),
    column((ask) => ask.ref.userId),
    column((ask) => ask.page?.afterId ?? null),
    column((ask) => ask.page?.limit ?? null),
  ]);
  return asks.map((ask, i) => {
    const row = rows[i];
    if (row?.ord !== i + 1) throw new Error('the batched caller query returns one row per ask, in order');
    return toCallerInTeam(row, ask.page);
  });
}

/** caller.findInTeam with the checks of concurrent requests batched: the same answer for each. */
export function createBatchedCallerRepository(db: Queryable) {
  const alone = createCallerRepository(db);
  const check = createTurnBatcher<CallerAsk, CallerInTeam>({
    runBatch: (asks) => findManyInTeam(db, asks),
    runOne: (ask) => alone.findInTeam(ask.session, ask.ref, ask.page),
    maxInFlight: MAX_IN_FLIGHT,
    maxBatchSize: MAX_BATCH_SIZE,
  });
  return {
    findInTeam(
      session: CallerAsk['session'],
      ref: CallerAsk['ref'],
      page: MembersPageAsk | null = null,
    ): Promise<CallerInTeam> {
      return check({ session, ref, page });
    },
  };
}
