import type { FastifyRequest } from 'fastify';
import type { Team } from '../../../src/domain/entities';
import { canResendInvitation, isActionAllowed, type PermissionAction } from '../../../src/domain/permissions';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { PermissionDeniedError } from '../errors';

/**
 * Pre-handler: the caller's membership (and the target, for row actions) must allow at least one of
 * the actions, by the same rules the console uses to show the controls; otherwise 403, errorCode 1700.
 * Runs after requireMembership (and requireTarget).
 */
export function requirePermission(...actions: PermissionAction[]) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    const { team, teamUser } = request.membership;
    const context = { actor: teamUser, team, target: request.target };
    if (!actions.some((action) => isActionAllowed(action, context))) throw new PermissionDeniedError();
  };
}

/** Pre-handler: own profile only (PUT users/{id}, users/{id}/avatar). Runs after requireTarget. */
export async function requireSelf(request: FastifyRequest): Promise<void> {
  if (request.target?.id !== request.membership.teamUser.id) throw new PermissionDeniedError();
}

// docs/api.md: the owner and admins invite and resend. The shared rules have no action for sending a
// new invitation, so this asks the resend rule about any pending invitee: whoever may resend an
// invitation may send one.
const anyPendingInvitee = { role: 'member', teamStatus: 'pending', inviterId: null } as const;

export function canInviteMembers(
  actor: Pick<TeamUserRecord, 'id' | 'role'>,
  team: Pick<Team, 'plan' | 'settings'>,
) {
  return canResendInvitation(actor, team, anyPendingInvitee);
}

/** Pre-handler for invite and resend-invitation. */
export async function requireInviter(request: FastifyRequest): Promise<void> {
  const { team, teamUser } = request.membership;
  if (!canInviteMembers(teamUser, team)) throw new PermissionDeniedError();
}
