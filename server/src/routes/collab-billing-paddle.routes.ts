import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../auth/require-permission';
import { teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import { billing, preview, product } from './schemas/billing';
import {
  paddleCheckout,
  paddlePlanBody,
  paddlePlanChangeBody,
  paddleSettings,
  paddleSubscription,
} from './schemas/billing-paddle';

const base = '/api/v1/collab/:teamUser/billing-paddle';

/**
 * The second provider's calls (contract section D), owner only like all billing: its settings and
 * the provider switch, the catalogue, the team's subscription, and the changes (checkout for
 * Paddle.js, preview, plan change/cancel/renew, the card). Payments live in
 * collab-billing-paddle-payments.routes.ts.
 */
export const teamBillingPaddleRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const owner = {
    onRequest: [app.authenticate],
    preHandler: [app.requireMembership, requirePermission('accessBilling')],
  };
  const params = teamUserParams;

  app.get(
    `${base}/settings`,
    { ...owner, schema: { params, response: { 200: paddleSettings } } },
    async (request) => app.paddle.settings(request.membership.team.paymentProvider),
  );

  app.get(
    `${base}/plans`,
    { ...owner, schema: { params, response: { 200: z.array(product) } } },
    async (request) => app.billing.plans(request.membership),
  );

  app.get(
    `${base}/subscription`,
    { ...owner, schema: { params, response: { 200: paddleSubscription.nullable() } } },
    async (request) => app.paddle.subscription(request.membership.team),
  );

  app.post(
    `${base}/checkout`,
    { ...owner, schema: { params, body: paddlePlanBody, response: { 200: paddleCheckout } } },
    async (request) => app.paddle.checkout(request.membership, request.body.planId),
  );

  app.post(
    `${base}/preview`,
    { ...owner, schema: { params, body: paddlePlanBody, response: { 200: preview } } },
    async (request) => app.paddle.preview(request.membership, request.body.planId),
  );

  app.put(
    `${base}/plan`,
    { ...owner, schema: { params, body: paddlePlanChangeBody, response: { 200: billing } } },
    async (request) => app.paddle.changePlan(request.membership, request.body.planId),
  );

  app.post(
    `${base}/card`,
    { ...owner, schema: { params, response: { 200: z.object({ transactionId: z.string() }) } } },
    async (request) => app.paddle.card(request.membership),
  );
};
