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
 * (any member) and the caller's own account's (for staff: every team's). Oldest first.
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
    async (request) => {
      const { offset } = request.query;
      // Staff watch every team's events here (the debug viewer's global stream); anyone else reads
      // their own account's stream, as before.
      const account = await app.repos.accounts.findById(request.accountId);
      return account?.isStaff
        ? app.repos.events.listAllTeamEvents(offset, EVENTS_PAGE_SIZE)
        : app.repos.events.listAccountEvents(request.accountId, offset, EVENTS_PAGE_SIZE);
    },
  );
};
