import type { FastifyRequest } from 'fastify';
import type { Repositories } from '../db/repositories';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { ItemNotFoundError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireTarget: the team user named by the `:id` path parameter. */
    target: TeamUserRecord | null;
  }
  interface FastifyInstance {
    /** Pre-handler for /{tid}-{uid}/users/{id} routes; runs after requireMembership. */
    requireTarget: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * Resolves `:id` ('me' or a team-user id) to a team user of the membership's team. Someone outside
 * the team, or removed from it, is 404 with errorCode 2200: removed members are no longer listed.
 */
export function createRequireTarget(repos: Repositories) {
  return async function requireTarget(request: FastifyRequest): Promise<void> {
    const { id } = request.params as { id: number | 'me' };
    const { team, teamUser } = request.membership;
    if (id === 'me' || id === teamUser.id) {
      request.target = teamUser;
      return;
    }
    const target = await repos.teamUsers.findInTeam(team.id, id);
    if (!target || target.teamStatus === 'deleted') throw new ItemNotFoundError();
    request.target = target;
  };
}
