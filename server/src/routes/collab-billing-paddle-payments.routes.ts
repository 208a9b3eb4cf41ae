import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../auth/require-permission';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { invoice } from './schemas/billing';
import { paddleTransactionParam } from './schemas/billing-paddle';

const base = '/api/v1/collab/:teamUser/billing-paddle/payments';

/**
 * A Paddle team's payments (its transactions, as the spec's invoices) and each one's invoice PDF.
 * The console calls /api with a bearer token, so the invoice link answers JSON `{url}` (Paddle's
 * short-lived PDF URL) for the console to open, rather than a redirect it could not follow.
 */
export const teamBillingPaddlePaymentsRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const owner = {
    onRequest: [app.authenticate],
    preHandler: [app.requireMembership, requirePermission('accessBilling')],
  };

  app.get(
    base,
    { ...owner, schema: { params: teamUserParams, response: { 200: z.array(invoice) } } },
    async (request) =>
      app.paddle.payments(
        request.membership.team,
        `${request.params.teamUser.teamId}-${request.params.teamUser.userId}`,
      ),
  );

  app.get(
    `${base}/:transactionId/invoice`,
    {
      ...owner,
      schema: {
        params: teamUserParams.extend({ transactionId: paddleTransactionParam }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => ({
      url: await app.paddle.invoiceUrl(request.membership.team, request.params.transactionId),
    }),
  );
};
