import type { Team } from '@domain/entities';
import type { TeamUserRef } from '@domain/team-user-ref';
import type { FastifyRequest } from 'fastify';
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
 * Throws unless the team user is the account's live membership: not the account's, or removed -> 1600;
 * banned or not (yet) active -> 1850. Both carry `ref` so the console can drop that entry.
 */
export function assertActiveMembership(
  teamUser: TeamUserRecord | null,
  accountId: number | null,
  ref: TeamUserRef | null,
): asserts teamUser is TeamUserRecord {
  if (!teamUser || teamUser.accountId !== accountId || teamUser.teamStatus === 'deleted') {
    throw new NotTeamMemberError(ref);
  }
  if (teamUser.isBanned || teamUser.teamStatus !== 'active' || teamUser.status !== 'active') {
    throw new InvalidUserStatusError(ref);
  }
}

/**
 * Resolves {tid}-{uid} to the caller's membership once per request (from what authenticate read with
 * the session when it could, else two lookups): unknown or deleted team -> 1502,
 * then assertActiveMembership (1600, 1850). Each carries {teamId, userId}.
 */
export function createRequireMembership(repos: Repositories) {
  return async function requireMembership(request: FastifyRequest): Promise<void> {
    const ref = (request.params as { teamUser: TeamUserRef }).teamUser;
    // authenticate usually read both already, in the statement that checked the session.
    const read = request.callerInTeam;
    const prefetched = read && read.teamId === ref.teamId && read.userId === ref.userId ? read : null;
    const team = prefetched ? prefetched.team : await repos.teams.findById(ref.teamId);
    if (!team) throw new TeamNotFoundError(ref);
    const teamUser = prefetched
      ? prefetched.teamUser
      : await repos.teamUsers.findInTeam(ref.teamId, ref.userId);
    assertActiveMembership(teamUser, request.accountId, ref);
    request.membership = { team, teamUser };
  };
}

/**
 * Opens a change inside its transaction: locks the team's row (see teams.lockById) and reads the
 * caller's membership again as committed now. The pre-handlers read before the lock, and by now a
 * second click, another tab or another admin may have changed things; what the change decides on
 * (what changed, which event, whether it is still allowed) comes from this, and stays so until commit.
 */
export async function lockMembership(
  repos: Repositories,
  { team, teamUser }: Membership,
): Promise<Membership> {
  const ref = { teamId: team.id, userId: teamUser.id };
  if (!(await repos.teams.lockRow(team.id))) throw new TeamNotFoundError(ref);
  // After the lock, in a statement of its own (see teams.lockById): the team and the caller together.
  const { team: lockedTeam, teamUser: current } = await repos.caller.findTeamAndUser(ref);
  if (!lockedTeam) throw new TeamNotFoundError(ref);
  assertActiveMembership(current, teamUser.accountId, ref);
  return { team: lockedTeam, teamUser: current };
}
