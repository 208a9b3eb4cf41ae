import type { Team } from '@domain/entities';
import type { Queryable } from '../db';
import { membersPageSql, type TeamUserRecord, toRecord } from './team-users.repository';
import { type TeamRow, teamColumns, toTeam } from './teams.repository';

/** What a /{tid}-{uid} request needs to know about its caller, read in one round trip. */
export interface CallerInTeam {
  /** The account the access token may act for (live session, existing account), else null. */
  accountId: number | null;
  /** The team, unless unknown or deleted. */
  team: Team | null;
  /** The team user named by {uid} in that team, whoever it belongs to (requireMembership decides). */
  teamUser: TeamUserRecord | null;
  /**
   * Read only when asked for (a members page request), and only for a caller the statement found to be
   * the team user's live, active, unbanned account: that page of the member list; otherwise null.
   */
  membersPage: MembersPageRead | null;
}

/** Which page of the member list to read with the caller check: after that id, at most limit rows. */
export interface MembersPageAsk {
  afterId: number;
  limit: number;
}

export interface MembersPageRead extends MembersPageAsk {
  rows: TeamUserRecord[];
}

export type CallerRow = TeamRow & {
  caller_account_id: number | null;
  team_user: TeamUserRecord | null;
  members_page?: TeamUserRecord[] | null;
};

// The team user travels as one json value: its columns are ints, text and booleans, so nothing is lost,
// and it cannot collide with the team's column names.
const teamUserJson = `json_build_object('id', u.id, 'teamId', u.team_id, 'accountId', u.account_id,
  'email', u.email, 'fullName', u.full_name, 'avatar', u.avatar, 'role', u.role, 'status', u.status,
  'teamStatus', u.team_status, 'isBanned', u.is_banned, 'inviterId', u.inviter_id)`;

/** Where the caller statement finds each value: `$n` placeholders alone, columns of a row in a batch. */
export interface CallerParams {
  sessionId: string;
  accountId: string;
  teamId: string;
  userId: string;
  afterId: string;
  limit: string;
}

// The members page rides along only when the row says the caller may see it (the conditions of
// assertActiveMembership, which still decides in code): CASE evaluates the subquery for them alone.
// `asked`: a further condition for a batch, where some requests ask for no page.
function membersPageColumn(p: CallerParams, asked = '') {
  return `CASE WHEN ${asked}live.account_id IS NOT NULL AND t.id IS NOT NULL
    AND u.account_id = live.account_id AND u.team_status = 'active' AND u.status = 'active'
    AND NOT u.is_banned
  THEN (SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json) FROM (${membersPageSql(p.teamId, p.afterId, p.limit)}) p)
  END AS members_page`;
}

/**
 * The caller statement for one request, one row whatever is found: the session check of
 * authenticate, the team and the team user, and, when `page` says so, the members page.
 * `page`: 'no' (no page column), 'yes', or 'when-asked' (a batch: read where the limit is not null).
 */
export function callerInTeamSql(p: CallerParams, page: 'no' | 'yes' | 'when-asked'): string {
  const pageColumn =
    page === 'no'
      ? ''
      : `, ${membersPageColumn(p, page === 'when-asked' ? `${p.limit} IS NOT NULL AND ` : '')}`;
  return `SELECT live.account_id AS caller_account_id, ${teamColumns},
                CASE WHEN u.id IS NULL THEN NULL ELSE ${teamUserJson} END AS team_user
                ${pageColumn}
         FROM (SELECT 1) AS one
         LEFT JOIN (SELECT ss.account_id FROM sessions ss JOIN accounts a ON a.id = ss.account_id
                    WHERE ss.id = ${p.sessionId} AND ss.account_id = ${p.accountId} AND ss.revoked_at IS NULL) live ON true
         LEFT JOIN (teams t LEFT JOIN team_settings s ON s.team_id = t.id)
           ON t.id = ${p.teamId} AND t.deleted_at IS NULL
         LEFT JOIN team_users u ON u.team_id = ${p.teamId} AND u.id = ${p.userId}`;
}

const placeholders: CallerParams = {
  sessionId: '$1',
  accountId: '$2',
  teamId: '$3',
  userId: '$4',
  afterId: '$5',
  limit: '$6',
};
const callerSql = callerInTeamSql(placeholders, 'no');
const callerWithPageSql = callerInTeamSql(placeholders, 'yes');

/** A row of the caller statement as what the request asked for (the page only when asked and read). */
export function toCallerInTeam(row: CallerRow, page: MembersPageAsk | null): CallerInTeam {
  return {
    accountId: row.caller_account_id,
    team: row.id === null ? null : toTeam(row),
    teamUser: row.team_user ? toRecord(row.team_user) : null,
    membersPage: page && row.members_page ? { ...page, rows: row.members_page.map(toRecord) } : null,
  };
}

/** One request's caller check: who asks, for which {tid}-{uid}, and which members page if any. */
export interface CallerAsk {
  session: { sessionId: number; accountId: number };
  ref: { teamId: number; userId: number };
  page: MembersPageAsk | null;
}

/**
 * The session check of authenticate, the team and the membership of requireMembership, in one
 * statement instead of three sequential ones: the same conditions as sessions.findLiveAccount,
 * teams.findById and teamUsers.findInTeam (the API tests hold all three to them). Asked for a members
 * page, the same statement reads it too (decision 027): one round trip per members page.
 * Concurrent requests share one statement through caller-batch.repository.ts (decision 042).
 */
export function createCallerRepository(db: Queryable) {
  return {
    async findInTeam(
      session: CallerAsk['session'],
      ref: CallerAsk['ref'],
      page: MembersPageAsk | null = null,
    ): Promise<CallerInTeam> {
      const params = [session.sessionId, session.accountId, ref.teamId, ref.userId];
      const [row] = await db.query<CallerRow>(
        page ? callerWithPageSql : callerSql,
        page ? [...params, page.afterId, page.limit] : params,
      );
      if (!row) throw new Error('the caller query returns one row');
      return toCallerInTeam(row, page);
    },

    /**
     * The team and a team user as committed now, in one statement: lockMembership's read after it has
     * locked the team's row (teams.findById and teamUsers.findInTeam together).
     */
    async findTeamAndUser(ref: {
      teamId: number;
      userId: number;
    }): Promise<Pick<CallerInTeam, 'team' | 'teamUser'>> {
      const [row] = await db.query<CallerRow>(
        `SELECT ${teamColumns}, CASE WHEN u.id IS NULL THEN NULL ELSE ${teamUserJson} END AS team_user
         FROM (SELECT 1) AS one
         LEFT JOIN (teams t LEFT JOIN team_settings s ON s.team_id = t.id)
           ON t.id = $1 AND t.deleted_at IS NULL
         LEFT JOIN team_users u ON u.team_id = $1 AND u.id = $2`,
        [ref.teamId, ref.userId],
      );
      if (!row) throw new Error('the team query returns one row');
      return {
        team: row.id === null ? null : toTeam(row),
        teamUser: row.team_user ? toRecord(row.team_user) : null,
      };
    },
  };
}
