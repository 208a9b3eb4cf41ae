import {
  canInvite,
  isActionAllowed,
  type PermissionAction,
  type PermissionContext,
} from '@domain/permissions';
import type { FastifyRequest } from 'fastify';
import { PermissionDeniedError } from '../errors';

/**
 * Pre-handler: the caller's membership (and the target, for row actions) must allow at least one of
 * the actions, by the same rules the console uses to show the controls; otherwise 403, errorCode 1700.
 * Runs after requireMembership (and requireTarget).
 */
export function requirePermission(...actions: PermissionAction[]) {
  return async function checkPermission(request: FastifyRequest): Promise<void> {
    const { team, teamUser } = request.membership;
    assertAllowed(actions, { actor: teamUser, team, target: request.target });
  };
}

/** 403 1700 unless the context allows at least one of the actions (also used again under a lock). */
export function assertAllowed(actions: readonly PermissionAction[], context: PermissionContext): void {
  if (!actions.some((action) => isActionAllowed(action, context))) throw new PermissionDeniedError();
}

/** Pre-handler: own profile only (PUT users/{id}, users/{id}/avatar). Runs after requireTarget. */
export async function requireSelf(request: FastifyRequest): Promise<void> {
  if (request.target?.id !== request.membership.teamUser.id) throw new PermissionDeniedError();
}

/** Pre-handler for invite and resend-invitation. */
export async function requireInviter(request: FastifyRequest): Promise<void> {
  const { teamUser } = request.membership;
  if (!canInvite(teamUser)) throw new PermissionDeniedError();
}
