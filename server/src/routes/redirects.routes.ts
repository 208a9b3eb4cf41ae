import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { ItemNotFoundError } from '../errors';
import { createKeyGuessLimit } from '../http/rate-limit';
import type { ZodTypeProvider } from '../http/zod-validation';
import { consumeRedirectKey } from '../redirects/redirect-key';

/**
 * GET /api/v1/redirects/{id} (no auth): the url behind a one-time redirect key (the console's
 * /back-to-app?key=). Malformed, unknown, used or expired: 404 2200. The key is spent by this call.
 */
export const redirectsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const misses = createKeyGuessLimit(app, 'redirect-key-misses');

  app.get(
    '/api/v1/redirects/:id',
    {
      schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ url: z.string() }) } },
      preHandler: (request, reply) => misses.check(request, reply),
    },
    async (request, reply) => {
      const url = await misses.counting(
        request,
        (error) => error instanceof ItemNotFoundError,
        async () => {
          const found = await consumeRedirectKey(app.db, app.clock, request.params.id);
          if (found === null) throw new ItemNotFoundError();
          return found;
        },
      );
      // Single use: no cache may keep the answer.
      void reply.header('cache-control', 'no-store');
      return { url };
    },
  );
};
