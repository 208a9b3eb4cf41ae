// Teams (spec section 7, base /api/v1/collab). A team is addressed as {teamId}-{userId}.

import type { ApiClient } from '@/api/client';
import type { Billing, Team, TeamMembership, TeamSettings } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/error-codes';
import type { SeatCost } from '@/domain/seat-cost';
import { formatTeamUserRef } from '@/domain/team-user-ref';

/** The team fields the owner edits; the spec does not detail the body further. */
export type TeamChanges = Partial<Pick<Team, 'name' | 'domainSignupsEnabled'>>;

const teamPath = (ref: TeamUserRef) => `/api/v1/collab/teams/${formatTeamUserRef(ref)}`;

export const listTeams = (api: ApiClient) => api.get<{ items: TeamMembership[] }>('/api/v1/collab/teams');

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

/** What one more seat costs (null: the team pays nothing now); read-only (issue 21). */
export const getSeatCost = (api: ApiClient, ref: TeamUserRef) =>
  api.get<{ seatCost: SeatCost | null }>(`${teamPath(ref)}/seat-cost`);
