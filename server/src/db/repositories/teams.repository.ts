import type { Team, TeamPlan, TeamSettings } from '../../../../src/domain/entities';
import type { Queryable } from '../db';
import { toEpochSeconds } from './time';

interface TeamRow {
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

// usersCnt counts the people who actually use the team: active, not banned, not a pending invitee.
const selectTeams = `
  SELECT t.id, t.name, t.logo, t.plan, t.domain, t.domain_signups_enabled, t.trial_status, t.trial_end_at,
         t.subscription_cancel_at, t.payment_provider,
         s.admins_can_assign_admins, s.admins_can_deactivate, s.admins_can_delete,
         (SELECT count(*)::int FROM team_users u
           WHERE u.team_id = t.id AND u.team_status = 'active' AND u.status = 'active' AND NOT u.is_banned
         ) AS users_cnt
  FROM teams t LEFT JOIN team_settings s ON s.team_id = t.id`;

function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    name: row.name,
    logo: row.logo,
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

export function createTeamsRepository(db: Queryable) {
  return {
    /** A team that has not been deleted, or null. */
    async findById(id: number): Promise<Team | null> {
      const [row] = await db.query<TeamRow>(`${selectTeams} WHERE t.id = $1 AND t.deleted_at IS NULL`, [id]);
      return row ? toTeam(row) : null;
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
  };
}

export type TeamsRepository = ReturnType<typeof createTeamsRepository>;
