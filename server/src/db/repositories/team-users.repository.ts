import type { Role, TeamStatus, TeamUser } from '../../../../src/domain/entities';
import type { Queryable } from '../db';

/** A membership row: the API's TeamUser plus the account it belongs to (null for a pending invitee). */
export interface TeamUserRecord extends TeamUser {
  accountId: number | null;
}

const columns = `id, team_id AS "teamId", account_id AS "accountId", email, full_name AS "fullName", avatar,
  role, status, team_status AS "teamStatus", is_banned AS "isBanned", inviter_id AS "inviterId"`;

export interface NewTeamUser {
  teamId: number;
  accountId: number | null;
  email: string;
  fullName: string;
  role: Role;
  teamStatus?: TeamStatus;
  isBanned?: boolean;
  inviterId?: number | null;
  avatar?: string | null;
}

/** The API shape, without the account link. */
export function toTeamUser({ accountId: _accountId, ...teamUser }: TeamUserRecord): TeamUser {
  return teamUser;
}

export function createTeamUsersRepository(db: Queryable) {
  return {
    async findInTeam(teamId: number, id: number): Promise<TeamUserRecord | null> {
      const [row] = await db.query<TeamUserRecord>(
        `SELECT ${columns} FROM team_users WHERE team_id = $1 AND id = $2`,
        [teamId, id],
      );
      return row ?? null;
    },

    async findByAccountInTeam(teamId: number, accountId: number): Promise<TeamUserRecord | null> {
      const [row] = await db.query<TeamUserRecord>(
        `SELECT ${columns} FROM team_users WHERE team_id = $1 AND account_id = $2`,
        [teamId, accountId],
      );
      return row ?? null;
    },

    async listByAccount(accountId: number): Promise<TeamUserRecord[]> {
      return db.query<TeamUserRecord>(`SELECT ${columns} FROM team_users WHERE account_id = $1 ORDER BY id`, [
        accountId,
      ]);
    },

    async listByTeam(teamId: number): Promise<TeamUserRecord[]> {
      return db.query<TeamUserRecord>(`SELECT ${columns} FROM team_users WHERE team_id = $1 ORDER BY id`, [
        teamId,
      ]);
    },

    async create(input: NewTeamUser): Promise<TeamUserRecord> {
      const [row] = await db.query<TeamUserRecord>(
        `INSERT INTO team_users (team_id, account_id, email, full_name, avatar, role, team_status, is_banned, inviter_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${columns}`,
        [
          input.teamId,
          input.accountId,
          input.email.trim(),
          input.fullName,
          input.avatar ?? null,
          input.role,
          input.teamStatus ?? 'active',
          input.isBanned ?? false,
          input.inviterId ?? null,
        ],
      );
      return row as TeamUserRecord;
    },
  };
}

export type TeamUsersRepository = ReturnType<typeof createTeamUsersRepository>;
