import type { Queryable } from '../db';

/**
 * Billable seats: the members counted for usersCnt, GET /usage and billing. The rule itself (active,
 * not banned, not pending, not removed) is the view billable_team_users (migration 002), so every
 * count reads the same definition.
 */
export function createSeatsRepository(db: Queryable) {
  return {
    async count(teamId: number): Promise<number> {
      const [row] = await db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM billable_team_users WHERE team_id = $1',
        [teamId],
      );
      return row?.n ?? 0;
    },
  };
}

export type SeatsRepository = ReturnType<typeof createSeatsRepository>;

/** The same count as a correlated subquery, for selects that return teams (alias `t`). */
export const seatCountSql = '(SELECT count(*)::int FROM billable_team_users b WHERE b.team_id = t.id)';
