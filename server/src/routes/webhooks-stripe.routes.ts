import type { FastifyPluginAsync } from 'fastify';

/**
 * POST /api/v1/webhooks/stripe (no auth: Stripe, or the sandbox, calls it). The signature covers the
 * exact bytes, so this plugin reads the body raw; the SDK's constructEvent checks the
 * Stripe-Signature header (a bad or missing one: 400, nothing done). Events are done once by id.
 */
export const stripeWebhooksRoutes: FastifyPluginAsync = async (app) => {
  // Encapsulated: only this plugin's routes see JSON as a raw buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/api/v1/webhooks/stripe', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['stripe-signature'];
    await app.billing.handleWebhook(raw, typeof signature === 'string' ? signature : undefined);
    return reply.status(200).send({ received: true });
  });
};
