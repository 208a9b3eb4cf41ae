import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../http/zod-validation';

const base = '/api/v1/billing';

/** Spec section 3 'Personal billing'. */
const personalBilling = z.object({
  plan: z.string(),
  store: z.string().nullable(),
  periodType: z.string().nullable(),
  canSubscribe: z.boolean(),
  canStartTrial: z.boolean(),
  canChangeAddress: z.boolean(),
  trialEndAt: z.number().int().nullable(),
});

/** Spec section 3 'Billing product'. */
const billingProduct = z.object({
  productId: z.string(),
  name: z.string(),
  prices: z.array(
    z.object({
      priceId: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      interval: z.enum(['month', 'year']),
      couponPercentOff: z.number().int().nullable(),
    }),
  ),
});

/** A personal price id as the catalogue writes them, with an optional coupon suffix after '--'. */
const priceIdField = z.string().regex(/^[a-z][a-z0-9_]{0,60}(--[A-Z0-9]{1,30})?$/, { message: 'is invalid' });

const url = z.object({ url: z.string() });

/**
 * Personal billing (spec section 7): the signed-in person's own plan, never anyone else's. Every call
 * needs a login (401 1200 otherwise) and acts on request.accountId only; the rules are in
 * docs/api.md ('Personal billing').
 */
export const personalBillingRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const signedIn = { onRequest: [app.authenticate] };

  app.get(`${base}/details`, { ...signedIn, schema: { response: { 200: personalBilling } } }, (request) =>
    app.personalBilling.details(request.accountId),
  );

  app.get(
    `${base}/token`,
    { ...signedIn, schema: { response: { 200: z.object({ token: z.string() }) } } },
    () => Promise.resolve({ token: app.billingProvider.publishableKey() }),
  );

  app.get(`${base}/products`, { ...signedIn, schema: { response: { 200: z.array(billingProduct) } } }, () =>
    app.personalBilling.products(),
  );

  app.post(
    `${base}/checkout`,
    {
      ...signedIn,
      schema: { body: z.strictObject({ priceId: priceIdField }), response: { 200: url } },
    },
    (request) => app.personalBilling.checkout(request.accountId, request.body.priceId),
  );

  app.post(`${base}/setup`, { ...signedIn, schema: { response: { 200: url } } }, (request) =>
    app.personalBilling.setup(request.accountId),
  );

  app.post(`${base}/portal`, { ...signedIn, schema: { response: { 200: url } } }, (request) =>
    app.personalBilling.portal(request.accountId),
  );

  app.post(`${base}/trial`, { ...signedIn, schema: { response: { 200: personalBilling } } }, (request) =>
    app.personalBilling.startTrial(request.accountId),
  );
};
