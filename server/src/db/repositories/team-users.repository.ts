import type { Role, TeamStatus, TeamUser } from '@domain/entities';
import { avatarUrl } from '../../storage/avatar-url';
import type { Queryable } from '../db';

/** A membership row: the API's TeamUser plus the account it belongs to (null for a pending invitee). */
export interface TeamUserRecord extends TeamUser {
  accountId: number | null;
}

export const teamUserColumns = `id, team_id AS "teamId", account_id AS "accountId", email, full_name AS "fullName", avatar,
  role, status, team_status AS "teamStatus", is_banned AS "isBanned", inviter_id AS "inviterId"`;

// The avatar column holds the storage key; the API shows where the image is served.
export const toRecord = (row: TeamUserRecord): TeamUserRecord => ({ ...row, avatar: avatarUrl(row.avatar) });

export interface NewTeamUser {
  teamId: number;
  accountId: number | null;
  email: string;
  fullName: string;
  role: Role;
  teamStatus?: TeamStatus;
  isBanned?: boolean;
  inviterId?: number | null;
  /** A storage key. */
  avatar?: string | null;
}

export interface NewInvitee {
  teamId: number;
  email: string;
  /** The account with this email, if there is one. */
  accountId: number | null;
  fullName: string;
  inviterId: number;
}

/** The API shape, without the account link. */
export function toTeamUser({ accountId: _accountId, ...teamUser }: TeamUserRecord): TeamUser {
  return teamUser;
}

/**
 * One page of the member list (everyone but removed members, by id, after an id), with the
 * placeholders given: listPage runs it alone, the caller check runs it inside its own statement.
 */
export function membersPageSql(teamId: string, afterId: string, limit: string): string {
  return `SELECT ${teamUserColumns} FROM team_users
    WHERE team_id = ${teamId} AND team_status <> 'deleted' AND id > ${afterId} ORDER BY id LIMIT ${limit}`;
}

// Row actions change a member of the list: never an owner row, never a removed member.
const actionableRow = "team_id = $1 AND id = $2 AND role <> 'owner' AND team_status <> 'deleted'";

export function createTeamUsersRepository(db: Queryable) {
  const one = async (sql: string, params: readonly unknown[]): Promise<TeamUserRecord | null> => {
    const [row] = await db.query<TeamUserRecord>(sql, params);
    return row ? toRecord(row) : null;
  };
  const many = async (sql: string, params: readonly unknown[]): Promise<TeamUserRecord[]> =>
    (await db.query<TeamUserRecord>(sql, params)).map(toRecord);

  return {
    findInTeam(teamId: number, id: number): Promise<TeamUserRecord | null> {
      return one(`SELECT ${teamUserColumns} FROM team_users WHERE team_id = $1 AND id = $2`, [teamId, id]);
    },

    findByAccountInTeam(teamId: number, accountId: number): Promise<TeamUserRecord | null> {
      return one(`SELECT ${teamUserColumns} FROM team_users WHERE team_id = $1 AND account_id = $2`, [
        teamId,
        accountId,
      ]);
    },

    /** Email match ignores case, as the unique index does. */
    findByEmailInTeam(teamId: number, email: string): Promise<TeamUserRecord | null> {
      return one(
        `SELECT ${teamUserColumns} FROM team_users WHERE team_id = $1 AND lower(email) = lower($2)`,
        [teamId, email.trim()],
      );
    },

    listByAccount(accountId: number): Promise<TeamUserRecord[]> {
      return many(`SELECT ${teamUserColumns} FROM team_users WHERE account_id = $1 ORDER BY id`, [accountId]);
    },

    listByTeam(teamId: number): Promise<TeamUserRecord[]> {
      return many(`SELECT ${teamUserColumns} FROM team_users WHERE team_id = $1 ORDER BY id`, [teamId]);
    },

    /** One page of the member list: everyone but removed members, by id, after `afterId`. */
    listPage(teamId: number, afterId: number, limit: number): Promise<TeamUserRecord[]> {
      return many(membersPageSql('$1', '$2', '$3'), [teamId, afterId, limit]);
    },

    /** Accounts of everyone still in the team (active or pending), e.g. to tell them it was deleted. */
    async listAccountIds(teamId: number): Promise<number[]> {
      const rows = await db.query<{ accountId: number }>(
        `SELECT account_id AS "accountId" FROM team_users
         WHERE team_id = $1 AND team_status <> 'deleted' AND account_id IS NOT NULL ORDER BY account_id`,
        [teamId],
      );
      return rows.map((r) => r.accountId);
    },

    async create(input: NewTeamUser): Promise<TeamUserRecord> {
      return (await one(
        `INSERT INTO team_users (team_id, account_id, email, full_name, avatar, role, team_status, is_banned, inviter_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING ${teamUserColumns}`,
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
      )) as TeamUserRecord;
    },

    /**
     * A pending member for an invited address: a new row, or the row of a removed member reused
     * (same id, so the old member comes back as pending). Null when the address, or the account it
     * belongs to, is already active or pending in the team; also when a concurrent invite won.
     */
    async invite(input: NewInvitee): Promise<TeamUserRecord | null> {
      const byEmail = await this.findByEmailInTeam(input.teamId, input.email);
      const byAccount =
        input.accountId === null ? null : await this.findByAccountInTeam(input.teamId, input.accountId);
      if (
        (byEmail && byEmail.teamStatus !== 'deleted') ||
        (byAccount && byAccount.teamStatus !== 'deleted')
      ) {
        return null;
      }
      const reused = byEmail ?? byAccount;
      if (!reused) {
        // ON CONFLICT: a concurrent invite of the same address or account inserted first.
        return one(
          `INSERT INTO team_users (team_id, account_id, email, full_name, role, team_status, inviter_id)
           VALUES ($1, $2, $3, $4, 'member', 'pending', $5) ON CONFLICT DO NOTHING RETURNING ${teamUserColumns}`,
          [input.teamId, input.accountId, input.email.trim(), input.fullName, input.inviterId],
        );
      }
      // The account is linked unless another (removed) row of this team still holds it.
      const accountId = byAccount && byAccount.id !== reused.id ? null : input.accountId;
      return one(
        `UPDATE team_users SET email = $3, account_id = $4, full_name = CASE WHEN $5 = '' THEN full_name ELSE $5 END,
           role = 'member', status = 'active', team_status = 'pending', is_banned = false, inviter_id = $6
         WHERE team_id = $1 AND id = $2 AND team_status = 'deleted' RETURNING ${teamUserColumns}`,
        [input.teamId, reused.id, input.email.trim(), accountId, input.fullName, input.inviterId],
      );
    },

    updateFullName(teamId: number, id: number, fullName: string): Promise<TeamUserRecord | null> {
      return one(
        `UPDATE team_users SET full_name = $3 WHERE team_id = $1 AND id = $2 AND team_status <> 'deleted'
         RETURNING ${teamUserColumns}`,
        [teamId, id, fullName],
      );
    },

    /**
     * Sets the avatar's storage key (null removes it) and returns the key it replaced, so the caller
     * can delete that file. Locks the row: run it inside a transaction.
     */
    async replaceAvatar(teamId: number, id: number, key: string | null): Promise<string | null> {
      const [old] = await db.query<{ avatar: string | null }>(
        'SELECT avatar FROM team_users WHERE team_id = $1 AND id = $2 FOR UPDATE',
        [teamId, id],
      );
      await db.query('UPDATE team_users SET avatar = $3 WHERE team_id = $1 AND id = $2', [teamId, id, key]);
      return old?.avatar ?? null;
    },

    /** Member <-> admin. Null when the row is an owner's, removed or missing. */
    setRole(teamId: number, id: number, role: 'admin' | 'member'): Promise<TeamUserRecord | null> {
      return one(`UPDATE team_users SET role = $3 WHERE ${actionableRow} RETURNING ${teamUserColumns}`, [
        teamId,
        id,
        role,
      ]);
    },

    /** Deactivate (ban) or activate. Null when the row is an owner's, removed or missing. */
    setBanned(teamId: number, id: number, banned: boolean): Promise<TeamUserRecord | null> {
      return one(`UPDATE team_users SET is_banned = $3 WHERE ${actionableRow} RETURNING ${teamUserColumns}`, [
        teamId,
        id,
        banned,
      ]);
    },

    /** Removes a member (kick, cancelled invitation). Null when the row is an owner's, removed or missing. */
    remove(teamId: number, id: number): Promise<TeamUserRecord | null> {
      return one(
        `UPDATE team_users SET team_status = 'deleted' WHERE ${actionableRow} RETURNING ${teamUserColumns}`,
        [teamId, id],
      );
    },

    /**
     * An invitee accepts: the pending, unbanned row becomes an active member of `accountId`. Null when
     * the row is no longer a pending invitation (cancelled, banned or accepted meanwhile).
     */
    activateInvitee(teamId: number, id: number, accountId: number): Promise<TeamUserRecord | null> {
      return one(
        `UPDATE team_users SET team_status = 'active', status = 'active', account_id = $3
         WHERE team_id = $1 AND id = $2 AND team_status = 'pending' AND NOT is_banned RETURNING ${teamUserColumns}`,
        [teamId, id, accountId],
      );
    },

    /** A removed member's row lets go of its account, so that account can join again through another row. */
    async detachRemovedAccount(teamId: number, id: number): Promise<void> {
      await db.query(
        "UPDATE team_users SET account_id = NULL WHERE team_id = $1 AND id = $2 AND team_status = 'deleted'",
        [teamId, id],
      );
    },

    /** Leaving: the member's own active row, never the owner's. */
    leave(teamId: number, id: number): Promise<TeamUserRecord | null> {
      return one(
        `UPDATE team_users SET team_status = 'deleted'
         WHERE team_id = $1 AND id = $2 AND role <> 'owner' AND team_status = 'active' RETURNING ${teamUserColumns}`,
        [teamId, id],
      );
    },
  };
}

export type TeamUsersRepository = ReturnType<typeof createTeamUsersRepository>;
