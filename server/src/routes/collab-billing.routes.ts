import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { requirePermission } from '../auth/require-permission';
import { renderInvoiceHtml } from '../billing/invoice-html';
import { teamUserParam, teamUserParams } from '../http/team-user-param';
import type { ZodTypeProvider } from '../http/zod-validation';
import {
  billing,
  card,
  customer,
  customerBody,
  invoice,
  planChoiceBody,
  planIdField,
  preview,
  product,
  usage,
} from './schemas/billing';

const v1 = '/api/v1/collab/:teamUser/billing';
const v2 = '/api/v2/collab/:teamUser/billing';

/**
 * Team billing (spec section 7): owner only. Everyone else gets the spec's error body and never a
 * byte of billing data: 1502/1600/1850 from requireMembership, 1700 from requirePermission.
 */
export const teamBillingRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const owner = {
    onRequest: [app.authenticate],
    preHandler: [app.requireMembership, requirePermission('accessBilling')],
  };
  const params = teamUserParams;

  app.get(v1, { ...owner, schema: { params, response: { 200: billing } } }, async (request) =>
    app.billing.getBilling(request.membership),
  );

  app.get(`${v1}/usage`, { ...owner, schema: { params, response: { 200: usage } } }, async (request) =>
    app.billing.usage(request.membership.team.id),
  );

  app.get(
    `${v1}/plans`,
    { ...owner, schema: { params, response: { 200: z.array(product) } } },
    async (request) => app.billing.plans(request.membership),
  );

  app.get(
    `${v1}/invoices`,
    { ...owner, schema: { params, response: { 200: z.array(invoice) } } },
    async (request) => app.billing.invoices(request.membership.team.id),
  );

  // The printable invoice: /invoices/{id}.html, only the team's own.
  app.get(
    `${v1}/invoices/:invoiceFile`,
    {
      ...owner,
      schema: {
        params: z.strictObject({
          teamUser: teamUserParam,
          invoiceFile: z.string().regex(/^in_[A-Za-z0-9_]{1,100}\.html$/, { message: 'is invalid' }),
        }),
      },
    },
    async (request, reply) => {
      const invoiceId = request.params.invoiceFile.slice(0, -'.html'.length);
      const detail = await app.billing.invoice(request.membership.team.id, invoiceId);
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .send(renderInvoiceHtml(detail, request.membership.team.name));
    },
  );

  app.get(
    `${v1}/stripe-token`,
    { ...owner, schema: { params, response: { 200: z.object({ token: z.string() }) } } },
    async () => ({ token: app.billingProvider.publishableKey() }),
  );

  app.post(
    `${v1}/preview`,
    {
      ...owner,
      schema: {
        params,
        body: planChoiceBody,
        response: { 200: preview },
      },
    },
    async (request) => app.billing.preview(request.membership, request.body.planId, request.body.coupon),
  );

  app.put(
    `${v1}/customer`,
    { ...owner, schema: { params, body: customerBody, response: { 200: customer } } },
    async (request) => app.billing.updateCustomer(request.membership, request.body),
  );

  app.put(
    `${v1}/card`,
    {
      ...owner,
      schema: {
        params,
        body: z.strictObject({
          paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{1,200}$/, { message: 'is invalid' }),
        }),
        response: { 200: card },
      },
    },
    async (request) => app.billing.setCard(request.membership, request.body.paymentMethodId),
  );

  app.post(
    `${v1}/request-free`,
    { ...owner, schema: { params, body: z.strictObject({ planId: planIdField }) } },
    async (request, reply) => {
      await app.billing.requestFreeUpgrade(request.membership, request.body.planId);
      return reply.status(204).send();
    },
  );

  app.put(
    `${v2}/plan`,
    {
      ...owner,
      schema: {
        params,
        body: planChoiceBody,
        response: { 200: billing },
      },
    },
    async (request) => app.billing.changePlan(request.membership, request.body.planId, request.body.coupon),
  );

  app.post(
    `${v2}/checkout`,
    {
      ...owner,
      schema: {
        params,
        body: z.strictObject({
          planId: planIdField,
          // returnTo 'app': a checkout started from the Spark app returns to it (see checkout-return.ts).
          redirectParams: z
            .strictObject({ planId: planIdField.optional(), returnTo: z.enum(['console', 'app']).optional() })
            .optional(),
        }),
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    async (request) => {
      const { planId, redirectParams } = request.body;
      return app.billing.checkout(
        request.membership,
        planId,
        redirectParams?.planId ?? planId,
        redirectParams?.returnTo,
      );
    },
  );

  app.post(
    `${v2}/setup-intent`,
    { ...owner, schema: { params, response: { 200: z.object({ clientSecret: z.string() }) } } },
    async (request) => app.billing.createSetupIntent(request.membership),
  );
};
