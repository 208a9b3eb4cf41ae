import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requireInviter } from '../auth/require-permission';
import type { SeatCosts } from '../billing/seat-costs';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';

const seatCost = z.object({
  seatCost: z
    .object({
      perSeat: z.number().int(),
      interval: z.enum(['month', 'year']),
      prorated: z.number().int(),
      currency: z.string(),
      periodEnd: z.number().int().nullable(),
    })
    .nullable(),
});

/**
 * GET /api/v1/collab/teams/{tid}-{uid}/seat-cost (owner and admins, as the invite call): what
 * one more seat costs, read-only, so the invite form can say it before sending.
 */
export const seatCostRoutes: FastifyPluginAsync<{ seatCosts: SeatCosts }> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/collab/teams/:teamUser/seat-cost',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership, requireInviter],
      schema: { params: teamUserParams, response: { 200: seatCost } },
    },
    async (request) => ({ seatCost: await options.seatCosts.oneMoreSeat(request.membership.team.id) }),
  );
};
