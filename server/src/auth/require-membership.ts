import type { FastifyRequest } from 'fastify';
import type { Team } from '../../../src/domain/entities';
import type { TeamUserRef } from '../../../src/domain/error-codes';
import type { Repositories } from '../db/repositories';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { InvalidUserStatusError, NotTeamMemberError, TeamNotFoundError } from '../errors';

export interface Membership {
  team: Team;
  teamUser: TeamUserRecord;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireMembership: the team and the caller's membership named by {tid}-{uid}. */
    membership: Membership;
  }
  interface FastifyInstance {
    /** Pre-handler for /{tid}-{uid} routes; runs after authenticate and params validation. */
    requireMembership: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Resolves {tid}-{uid} to the caller's membership once per request:
 * unknown or deleted team -> 1502; the team user is not the caller's, or was removed -> 1600;
 * banned or not (yet) active -> 1850. Each carries {teamId, userId} so the console can drop that entry.
 */
export function createRequireMembership(repos: Repositories) {
  return async function requireMembership(request: FastifyRequest): Promise<void> {
    const ref = (request.params as { teamUser: TeamUserRef }).teamUser;
    const team = await repos.teams.findById(ref.teamId);
    if (!team) throw new TeamNotFoundError(ref);
    const teamUser = await repos.teamUsers.findInTeam(ref.teamId, ref.userId);
    if (!teamUser || teamUser.accountId !== request.accountId || teamUser.teamStatus === 'deleted') {
      throw new NotTeamMemberError(ref);
    }
    if (teamUser.isBanned || teamUser.teamStatus !== 'active' || teamUser.status !== 'active') {
      throw new InvalidUserStatusError(ref);
    }
    request.membership = { team, teamUser };
  };
}
