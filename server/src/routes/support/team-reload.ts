import type { Team } from '@domain/entities';
import type { Membership } from '../../auth/require-membership';
import type { Repositories } from '../../db/repositories';
import type { TeamUserRecord } from '../../db/repositories/team-users.repository';
import { ItemNotFoundError, TeamNotFoundError } from '../../errors';

/** The team as it is now, after a change; deleted meanwhile is 1502 like any later call. */
export async function reloadTeam(repos: Repositories, { team, teamUser }: Membership): Promise<Team> {
  const found = await repos.teams.findById(team.id);
  if (!found) throw new TeamNotFoundError({ teamId: team.id, userId: teamUser.id });
  return found;
}

/** A team user as it is now, after a change; removed meanwhile is 2200. */
export async function reloadTeamUser(
  repos: Repositories,
  teamId: number,
  id: number,
): Promise<TeamUserRecord> {
  const found = await repos.teamUsers.findInTeam(teamId, id);
  if (!found || found.teamStatus === 'deleted') throw new ItemNotFoundError();
  return found;
}
