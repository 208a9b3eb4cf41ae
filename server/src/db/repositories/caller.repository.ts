import type { Team } from '../../../../src/domain/entities';
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

type Row = TeamRow & {
  caller_account_id: number | null;
  team_user: TeamUserRecord | null;
  members_page?: TeamUserRecord[] | null;
};

// The team user travels as one json value: its columns are ints, text and booleans, so nothing is lost,
// and it cannot collide with the team's column names.
const teamUserJson = `json_build_object('id', u.id, 'teamId', u.team_id, 'accountId', u.account_id,
  'email', u.email, 'fullName', u.full_name, 'avatar', u.avatar, 'role', u.role, 'status', u.status,
  'teamStatus', u.team_status, 'isBanned', u.is_banned, 'inviterId', u.inviter_id)`;

// The members page rides along only when the row says the caller may see it (the conditions of
// assertActiveMembership, which still decides in code): CASE evaluates the subquery for them alone.
const membersPageColumn = `CASE WHEN live.account_id IS NOT NULL AND t.id IS NOT NULL
    AND u.account_id = live.account_id AND u.team_status = 'active' AND u.status = 'active'
    AND NOT u.is_banned
  THEN (SELECT coalesce(json_agg(p ORDER BY p.id), '[]'::json) FROM (${membersPageSql('$3', '$5', '$6')}) p)
  END AS members_page`;

/**
 * The session check of authenticate, the team and the membership of requireMembership, in one
 * statement instead of three sequential ones: the same conditions as sessions.findLiveAccount,
 * teams.findById and teamUsers.findInTeam (the API tests hold all three to them). Asked for a members
 * page, the same statement reads it too (decision 027): one round trip per members page.
 */
export function createCallerRepository(db: Queryable) {
  return {
    async findInTeam(
      session: { sessionId: number; accountId: number },
      ref: { teamId: number; userId: number },
      page: MembersPageAsk | null = null,
    ): Promise<CallerInTeam> {
      const params = [session.sessionId, session.accountId, ref.teamId, ref.userId];
      const [row] = await db.query<Row>(
        `SELECT live.account_id AS caller_account_id, ${teamColumns},
                CASE WHEN u.id IS NULL THEN NULL ELSE ${teamUserJson} END AS team_user
                ${page ? `, ${membersPageColumn}` : ''}
         FROM (SELECT 1) AS one
         LEFT JOIN (SELECT ss.account_id FROM sessions ss JOIN accounts a ON a.id = ss.account_id
                    WHERE ss.id = $1 AND ss.account_id = $2 AND ss.revoked_at IS NULL) live ON true
         LEFT JOIN (teams t LEFT JOIN team_settings s ON s.team_id = t.id)
           ON t.id = $3 AND t.deleted_at IS NULL
         LEFT JOIN team_users u ON u.team_id = $3 AND u.id = $4`,
        page ? [...params, page.afterId, page.limit] : params,
      );
      if (!row) throw new Error('the caller query returns one row');
      return {
        accountId: row.caller_account_id,
        team: row.id === null ? null : toTeam(row),
        teamUser: row.team_user ? toRecord(row.team_user) : null,
        membersPage: page && row.members_page ? { ...page, rows: row.members_page.map(toRecord) } : null,
      };
    },

    /**
     * The team and a team user as committed now, in one statement: lockMembership's read after it has
     * locked the team's row (teams.findById and teamUsers.findInTeam together).
     */
    async findTeamAndUser(ref: {
      teamId: number;
      userId: number;
    }): Promise<Pick<CallerInTeam, 'team' | 'teamUser'>> {
      const [row] = await db.query<Row>(
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
