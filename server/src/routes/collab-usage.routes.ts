import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';

/** GET /api/v1/collab/{tid}-{uid}/usage: the billable seat count (any member). */
export const teamUsageRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/collab/:teamUser/usage',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership],
      schema: {
        params: teamUserParams,
        response: { 200: z.object({ usersCnt: z.number().int() }) },
      },
    },
    async (request) => ({ usersCnt: await app.repos.seats.count(request.membership.team.id) }),
  );
};
