import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../clock';
import { createFixedWindowLimiter } from '../http/fixed-window-limiter';
import { MAX_ID } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';

/** Page views one client address may record per minute; more are dropped without an error. */
export const PAGE_VIEWS_PER_MINUTE = 120;

const optionalId = z.number().int().min(0).max(MAX_ID).nullable();

export interface AnalyticsOptions {
  clock: Clock;
}

/**
 * POST /api/v1/analytics/page-views {route, tid, uid}: one row per console navigation (spec section 2).
 * No auth, so abuse is bounded: a 1 KiB body, a strict shape, and a per-address rate limit whose
 * excess is answered 204 like the rest (the console never retries) but not stored.
 */
export const analyticsRoutes: FastifyPluginAsync<AnalyticsOptions> = async (instance, options) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const limiter = createFixedWindowLimiter({
    name: 'page-views',
    db: app.db,
    limit: PAGE_VIEWS_PER_MINUTE,
    windowMs: 60_000,
    clock: options.clock,
  });

  app.post(
    '/api/v1/analytics/page-views',
    {
      bodyLimit: 1024,
      schema: {
        body: z.strictObject({ route: z.string().min(1).max(100), tid: optionalId, uid: optionalId }),
      },
    },
    async (request, reply) => {
      if (await limiter.allow(request.ip)) {
        const { route, tid, uid } = request.body;
        await app.repos.pageViews.record({ route, teamId: tid, teamUserId: uid });
      }
      return reply.status(204).send();
    },
  );
};
