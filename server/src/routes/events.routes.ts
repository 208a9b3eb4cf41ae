import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';

/** Events per call: a poller that is further behind catches up over several polls. */
export const EVENTS_PAGE_SIZE = 500;

const query = z.object({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});

const events = z.array(z.object({ id: z.number(), type: z.string(), data: z.unknown() }));

/**
 * The event streams (spec 'Debug viewer'), polled with the last id seen as offset: the team's
 * (any member) and the caller's own account's. Oldest first, ids strictly increasing.
 */
export const eventsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v3/collab/:teamUser/events',
    {
      onRequest: [app.authenticate],
      preHandler: [app.requireMembership],
      schema: {
        params: teamUserParams,
        querystring: query,
        response: { 200: events },
      },
    },
    (request) =>
      app.repos.events.listTeamEvents(request.membership.team.id, request.query.offset, EVENTS_PAGE_SIZE),
  );

  app.get(
    '/api/v1/events',
    { onRequest: [app.authenticate], schema: { querystring: query, response: { 200: events } } },
    (request) =>
      app.repos.events.listAccountEvents(request.accountId, request.query.offset, EVENTS_PAGE_SIZE),
  );
};
