import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../auth/require-permission';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { invoice, product, subscription } from './schemas/billing';

const base = '/api/v1/collab/:teamUser/billing-paddle';

/**
 * The second provider's read calls (spec section 7), owner only like all billing. Plans are the same
 * catalogue whichever provider sells them; subscription and payments are the team's at Paddle.
 */
export const teamBillingPaddleRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const owner = {
    onRequest: [app.authenticate],
    preHandler: [app.requireMembership, requirePermission('accessBilling')],
  };
  const params = teamUserParams;
  const paddleCustomer = async (teamId: number) => app.repos.billing.findPaddleCustomerId(teamId);

  app.get(
    `${base}/settings`,
    {
      ...owner,
      schema: {
        params,
        response: {
          200: z.object({
            provider: z.literal('paddle'),
            enabled: z.boolean(),
            environment: z.enum(['sandbox', 'production']),
            clientToken: z.string().nullable(),
            currentProvider: z.enum(['stripe', 'paddle']).nullable(),
            allowedProviders: z.array(z.enum(['stripe', 'paddle'])),
          }),
        },
      },
    },
    async (request) => app.paddle.settings(request.membership.team.paymentProvider),
  );

  app.get(
    `${base}/plans`,
    { ...owner, schema: { params, response: { 200: z.array(product) } } },
    async (request) => app.billing.plans(request.membership),
  );

  app.get(
    `${base}/subscription`,
    { ...owner, schema: { params, response: { 200: subscription.nullable() } } },
    async (request) => app.paddle.subscription(await paddleCustomer(request.membership.team.id)),
  );

  app.get(
    `${base}/payments`,
    { ...owner, schema: { params, response: { 200: z.array(invoice) } } },
    async (request) => app.paddle.payments(await paddleCustomer(request.membership.team.id)),
  );
};
