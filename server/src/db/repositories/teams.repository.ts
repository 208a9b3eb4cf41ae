import type { Team, TeamPlan, TeamSettings } from '@domain/entities';
import { avatarUrl } from '../../storage/avatar-url';
import type { Queryable } from '../db';
import { seatCountSql } from './seats.repository';
import { toEpochSeconds } from './time';

export interface TeamRow {
  id: number;
  name: string;
  logo: string | null;
  plan: Team['plan'];
  domain: string | null;
  domain_signups_enabled: boolean;
  trial_status: Team['trialStatus'];
  trial_end_at: Date | null;
  subscription_cancel_at: Date | null;
  payment_provider: Team['paymentProvider'];
  admins_can_assign_admins: boolean | null;
  admins_can_deactivate: boolean | null;
  admins_can_delete: boolean | null;
  users_cnt: number;
}

// usersCnt is the billable seat count (see seats.repository.ts): the one definition of who counts.
// The columns toTeam reads, from `teams t LEFT JOIN team_settings s` (the caller check reuses them).
export const teamColumns = `t.id, t.name, t.logo, t.plan, t.domain, t.domain_signups_enabled, t.trial_status,
         t.trial_end_at, t.subscription_cancel_at, t.payment_provider,
         s.admins_can_assign_admins, s.admins_can_deactivate, s.admins_can_delete,
         ${seatCountSql} AS users_cnt`;

const selectTeams = `SELECT ${teamColumns} FROM teams t LEFT JOIN team_settings s ON s.team_id = t.id`;

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    logo: avatarUrl(row.logo),
    plan: row.plan,
    usersCnt: row.users_cnt,
    domain: row.domain,
    domainSignupsEnabled: row.domain_signups_enabled,
    trialStatus: row.trial_status,
    trialEndAt: toEpochSeconds(row.trial_end_at),
    subscriptionCancelAt: toEpochSeconds(row.subscription_cancel_at),
    paymentProvider: row.payment_provider,
    settings: {
      adminsCanAssignAdmins: row.admins_can_assign_admins ?? false,
      adminsCanDeactivate: row.admins_can_deactivate ?? false,
      adminsCanDelete: row.admins_can_delete ?? false,
    },
  };
}

export interface NewTeam {
  name: string;
  plan: TeamPlan;
  logo?: string | null;
  domain?: string | null;
  domainSignupsEnabled?: boolean;
  trialStatus?: Team['trialStatus'];
  trialEndAt?: Date | null;
  settings?: Partial<TeamSettings>;
}

export interface TeamChanges {
  name?: string;
  domainSignupsEnabled?: boolean;
}

export function createTeamsRepository(db: Queryable) {
  return {
    /** A team that has not been deleted, or null. */
    async findById(id: number): Promise<Team | null> {
      const [row] = await db.query<TeamRow>(`${selectTeams} WHERE t.id = $1 AND t.deleted_at IS NULL`, [id]);
      return row ? toTeam(row) : null;
    },

    /**
     * The team as committed now, its row locked until the transaction ends; null when deleted. Every
     * change to a team's data takes this lock first (see lockMembership), so changes to one team run
     * one after another and always lock rows in one order: teams, then the team's rows, then accounts.
     */
    async lockById(id: number): Promise<Team | null> {
      // Lock first, read after, in two statements: a statement that waited for the lock sees the
      // locked row as committed, but the joined settings as they were when it started.
      return (await this.lockRow(id)) ? this.findById(id) : null;
    },

    /** lockById's lock alone, for a caller that reads the team (and more) in its own next statement. */
    async lockRow(id: number): Promise<boolean> {
      const rows = await db.query('SELECT id FROM teams WHERE id = $1 AND deleted_at IS NULL FOR UPDATE', [
        id,
      ]);
      return rows.length > 0;
    },

    async findByIds(ids: readonly number[]): Promise<Team[]> {
      if (ids.length === 0) return [];
      const rows = await db.query<TeamRow>(
        `${selectTeams} WHERE t.id = ANY($1::int[]) AND t.deleted_at IS NULL`,
        [ids],
      );
      return rows.map(toTeam);
    },

    /** Teams with this name, ignoring case; names are not unique, so there may be several. */
    async findByName(name: string): Promise<Team[]> {
      const rows = await db.query<TeamRow>(
        `${selectTeams} WHERE lower(t.name) = lower($1) AND t.deleted_at IS NULL ORDER BY t.id`,
        [name.trim()],
      );
      return rows.map(toTeam);
    },

    async create(input: NewTeam): Promise<Team> {
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO teams (name, plan, logo, domain, domain_signups_enabled, trial_status, trial_end_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [
          input.name,
          input.plan,
          input.logo ?? null,
          input.domain ?? null,
          input.domainSignupsEnabled ?? false,
          input.trialStatus ?? null,
          input.trialEndAt ?? null,
        ],
      );
      const id = (row as { id: number }).id;
      await db.query(
        `INSERT INTO team_settings (team_id, admins_can_assign_admins, admins_can_deactivate, admins_can_delete)
         VALUES ($1, $2, $3, $4)`,
        [
          id,
          input.settings?.adminsCanAssignAdmins ?? false,
          input.settings?.adminsCanDeactivate ?? false,
          input.settings?.adminsCanDelete ?? false,
        ],
      );
      return (await this.findById(id)) as Team;
    },

    /** Changes name and domain sign-up; the team as it now is (null when deleted), in the same statement. */
    async update(id: number, changes: TeamChanges): Promise<Team | null> {
      const [row] = await db.query<TeamRow>(
        `WITH t AS (
           UPDATE teams SET name = coalesce($2, name), domain_signups_enabled = coalesce($3, domain_signups_enabled)
           WHERE id = $1 AND deleted_at IS NULL RETURNING *
         )
         SELECT ${teamColumns} FROM t LEFT JOIN team_settings s ON s.team_id = t.id`,
        [id, changes.name ?? null, changes.domainSignupsEnabled ?? null],
      );
      return row ? toTeam(row) : null;
    },

    async updateSettings(id: number, changes: Partial<TeamSettings>): Promise<void> {
      await db.query(
        `INSERT INTO team_settings (team_id, admins_can_assign_admins, admins_can_deactivate, admins_can_delete)
         VALUES ($1, coalesce($2, false), coalesce($3, false), coalesce($4, false))
         ON CONFLICT (team_id) DO UPDATE SET
           admins_can_assign_admins = coalesce($2, team_settings.admins_can_assign_admins),
           admins_can_deactivate = coalesce($3, team_settings.admins_can_deactivate),
           admins_can_delete = coalesce($4, team_settings.admins_can_delete)`,
        [
          id,
          changes.adminsCanAssignAdmins ?? null,
          changes.adminsCanDeactivate ?? null,
          changes.adminsCanDelete ?? null,
        ],
      );
    },

    /**
     * Sets the logo's storage key (null removes it) and returns the key it replaced, so the caller can
     * delete that file. Locks the row: run it inside a transaction.
     */
    async replaceLogo(id: number, key: string | null): Promise<string | null> {
      const [old] = await db.query<{ logo: string | null }>(
        'SELECT logo FROM teams WHERE id = $1 FOR UPDATE',
        [id],
      );
      await db.query('UPDATE teams SET logo = $2 WHERE id = $1', [id, key]);
      return old?.logo ?? null;
    },

    /** Deleted teams vanish from every lookup here (and answer 1502 through requireMembership). */
    async markDeleted(id: number, at: Date): Promise<boolean> {
      const rows = await db.query(
        'UPDATE teams SET deleted_at = $2 WHERE id = $1 AND deleted_at IS NULL RETURNING id',
        [id, at],
      );
      return rows.length > 0;
    },
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
