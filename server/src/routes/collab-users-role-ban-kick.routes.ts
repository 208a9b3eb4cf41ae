import type { PermissionAction } from '@domain/permissions';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { lockMembership } from '../auth/require-membership';
import { assertAllowed, requirePermission } from '../auth/require-permission';
import { createRepositories, type Repositories } from '../db/repositories';
import { type TeamUserRecord, toTeamUser } from '../db/repositories/team-users.repository';
import { ItemNotFoundError } from '../errors';
import { TeamEventType, teamUserEvent } from '../events/team-event';
import { idParam, teamUserParam } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { teamUser } from './schemas/collab';
import { reloadTeamUser } from './support/team-reload';

const params = z.strictObject({ teamUser: teamUserParam, id: idParam });

/**
 * Row actions on the member list (spec section 6): role, ban, unban, kick. Each runs after
 * requireTarget (404 2200 outside the team) and the shared permission rules (403 1700), which also
 * keep every action off an owner row.
 */
export const teamUserActionsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  /**
   * Applies `change` to the target in one transaction with its event (none when nothing changed).
   * Under the team's lock the actor, the target and the permission are read and checked again, so two
   * requests at once (a double click, two admins) change the row once and record one event.
   */
  async function act(
    request: FastifyRequest,
    actions: readonly PermissionAction[],
    change: (repos: Repositories, target: TeamUserRecord) => Promise<TeamUserRecord | null>,
    event: (before: TeamUserRecord, after: TeamUserRecord) => { type: string; data?: object } | null,
  ): Promise<TeamUserRecord> {
    return app.db.transaction(async (tx) => {
      const repos = createRepositories(tx);
      const { team, teamUser: actor } = await lockMembership(repos, request.membership);
      const target = await reloadTeamUser(repos, team.id, (request.target as TeamUserRecord).id);
      assertAllowed(actions, { actor, team, target });
      const after = await change(repos, target);
      if (!after) throw new ItemNotFoundError();
      const happened = event(target, after);
      if (happened) {
        await repos.events.record(
          teamUserEvent(happened.type, actor, target, app.clock.now(), happened.data),
        );
      }
      return after;
    });
  }

  const route = (actions: readonly PermissionAction[]) => ({
    onRequest: [app.authenticate],
    preHandler: [app.requireMembership, app.requireTarget, requirePermission(...actions)],
  });

  const roleActions = ['changeRole'] as const;
  const banActions = ['deactivate'] as const;
  // Delete a member, or cancel a pending invitation (allowed to the user who sent it).
  const kickActions = ['deleteUser', 'cancelInvitation'] as const;

  app.put(
    '/api/v1/collab/:teamUser/users/:id/role',
    {
      ...route(roleActions),
      schema: {
        params,
        body: z.strictObject({ role: z.enum(['admin', 'member']) }),
        response: { 200: teamUser },
      },
    },
    async (request) =>
      toTeamUser(
        await act(
          request,
          roleActions,
          (repos, target) => repos.teamUsers.setRole(target.teamId, target.id, request.body.role),
          (before, after) =>
            before.role === after.role
              ? null
              : { type: TeamEventType.userRoleChanged, data: { from: before.role, to: after.role } },
        ),
      ),
  );

  for (const [path, banned] of [
    ['ban', true],
    ['unban', false],
  ] as const) {
    app.post(
      `/api/v1/collab/:teamUser/users/:id/${path}`,
      { ...route(banActions), schema: { params, response: { 200: teamUser } } },
      async (request) => {
        const after = await act(
          request,
          banActions,
          (repos, target) => repos.teamUsers.setBanned(target.teamId, target.id, banned),
          (before) =>
            before.isBanned === banned
              ? null
              : { type: banned ? TeamEventType.userBanned : TeamEventType.userUnbanned },
        );
        // A banned member is no billable seat: the subscription's quantity follows at once.
        await app.billing.sync.seatsMayHaveChanged(after.teamId);
        return toTeamUser(after);
      },
    );
  }

  app.post(
    '/api/v1/collab/:teamUser/users/:id/kick',
    { ...route(kickActions), schema: { params } },
    async (request, reply) => {
      const removed = await act(
        request,
        kickActions,
        (repos, target) => repos.teamUsers.remove(target.teamId, target.id),
        (before) => ({
          type:
            before.teamStatus === 'pending' ? TeamEventType.invitationCancelled : TeamEventType.userRemoved,
        }),
      );
      await app.billing.sync.seatsMayHaveChanged(removed.teamId);
      return reply.status(204).send();
    },
  );
};
