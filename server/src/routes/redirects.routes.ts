import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ItemNotFoundError } from '../errors';
import type { ZodTypeProvider } from '../http/zod-validation';
import { consumeRedirectKey } from '../redirects/redirect-key';

/**
 * GET /api/v1/redirects/{id} (no auth): the url behind a one-time redirect key (the console's
 * /back-to-app?key=). Malformed, unknown, used or expired: 404 2200. The key is spent by this call.
 */
export const redirectsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/v1/redirects/:id',
    {
      schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ url: z.string() }) } },
    },
    async (request, reply) => {
      const url = await consumeRedirectKey(app.db, app.clock, request.params.id);
      if (url === null) throw new ItemNotFoundError();
      // Single use: no cache may keep the answer.
      void reply.header('cache-control', 'no-store');
      return { url };
    },
  );
};
