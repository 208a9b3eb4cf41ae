import { canLeaveTeam } from '@domain/permissions';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { assertActiveMembership, lockMembership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import { NotTeamMemberError, PermissionDeniedError, TeamNotFoundError, ValidationError } from '../errors';
import { eventPerson, TeamEventType } from '../events/team-event';
import { idParam } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';

/**
 * POST /api/v1/collab/teams/{tid}/leave {email}: the caller leaves team tid. The path names only the
 * team, so the membership is the caller's own in it, and `email` (its address) confirms which one.
 * The owner cannot leave; afterwards the membership's teamStatus is deleted.
 */
export const teamLeaveRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v1/collab/teams/:teamId/leave',
    {
      onRequest: [app.authenticate],
      schema: {
        params: z.strictObject({ teamId: idParam }),
        body: z.strictObject({ email: z.string().trim().min(1).max(320) }),
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const member = await app.repos.teamUsers.findByAccountInTeam(teamId, request.accountId);
      const ref = member ? { teamId, userId: member.id } : null;
      const team = await app.repos.teams.findById(teamId);
      if (!team) throw new TeamNotFoundError(ref);
      assertActiveMembership(member, request.accountId, ref);
      if (!canLeaveTeam(member)) throw new PermissionDeniedError();
      if (member.email.toLowerCase() !== request.body.email.toLowerCase()) {
        throw new ValidationError([{ field: 'email', message: 'is incorrect' }]);
      }
      await app.db.transaction(async (tx) => {
        const repos = createRepositories(tx);
        await lockMembership(repos, { team, teamUser: member });
        const left = await repos.teamUsers.leave(teamId, member.id);
        if (!left) throw new NotTeamMemberError(ref);
        await repos.events.record({
          teamId,
          type: TeamEventType.userLeft,
          data: { actor: eventPerson(member) },
          at: app.clock.now(),
          accountIds: [member.accountId],
        });
      });
      await app.billing.sync.seatsMayHaveChanged(teamId);
      return reply.status(204).send();
    },
  );
};
