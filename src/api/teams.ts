// Teams (spec section 7, base /api/v1/collab). A team is addressed as {teamId}-{userId}.

import type { ApiClient } from '@/api/client';
import type { Billing, Team, TeamMembership, TeamSettings, TeamUser } from '@/domain/entities';
import type { SeatCost } from '@/domain/seat-cost';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';

/** The team fields the owner edits; the spec does not detail the body further. */
export type TeamChanges = Partial<Pick<Team, 'name' | 'domainSignupsEnabled'>>;

const teamPath = (ref: TeamUserRef) => `/api/v1/collab/teams/${formatTeamUserRef(ref)}`;

/** A banned, pending or removed person's membership: the team's id and name only (docs/api.md). */
interface LimitedMembership {
  team: Pick<Team, 'id' | 'name'>;
  profile: TeamUser;
}

const isFullMembership = (item: TeamMembership | LimitedMembership): item is TeamMembership =>
  'plan' in item.team;

/** The caller's memberships the console can open; limited ones are of no use to any screen. */
export async function listTeams(api: ApiClient): Promise<{ items: TeamMembership[] }> {
  const { items } = await api.get<{ items: (TeamMembership | LimitedMembership)[] }>('/api/v1/collab/teams');
  return { items: items.filter(isFullMembership) };
}

export const getTeam = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<TeamMembership>(teamPath(ref), signal ? { signal } : {});

export const updateTeam = (api: ApiClient, ref: TeamUserRef, changes: TeamChanges) =>
  api.put<Team>(teamPath(ref), { json: changes });

export const deleteTeam = (api: ApiClient, ref: TeamUserRef) => api.delete<void>(teamPath(ref));

export const getTeamUsage = (api: ApiClient, ref: TeamUserRef) =>
  api.get<Billing['usage']>(`/api/v1/collab/${formatTeamUserRef(ref)}/usage`);

export const updateTeamSettings = (api: ApiClient, ref: TeamUserRef, settings: Partial<TeamSettings>) =>
  api.put<TeamSettings>(`${teamPath(ref)}/settings`, { json: settings });

export function uploadTeamLogo(api: ApiClient, ref: TeamUserRef, file: Blob) {
  const body = new FormData();
  body.set('file', file);
  return api.post<Team>(`${teamPath(ref)}/avatar`, { body });
}

export const deleteTeamLogo = (api: ApiClient, ref: TeamUserRef) =>
  api.delete<Team>(`${teamPath(ref)}/avatar`);

/** Leave is addressed by the team id alone, with the member's email in the body. */
export const leaveTeam = (api: ApiClient, teamId: number, email: string) =>
  api.post<void>(`/api/v1/collab/teams/${teamId}/leave`, { json: { email } });

/** What one more seat costs (null: the team pays nothing now); read-only. */
export const getSeatCost = (api: ApiClient, ref: TeamUserRef) =>
  api.get<{ seatCost: SeatCost | null }>(`${teamPath(ref)}/seat-cost`);
