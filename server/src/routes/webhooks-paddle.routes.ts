import type { FastifyPluginAsync } from 'fastify';

/**
 * POST /api/v1/webhooks/paddle (no auth: Paddle, or the sandbox, calls it). The signature covers the
 * exact bytes, so this plugin reads the body raw; the SDK's webhooks.unmarshal checks the
 * Paddle-Signature header (a bad or missing one: 400, nothing done). Events are taken once by id.
 */
export const paddleWebhooksRoutes: FastifyPluginAsync = async (app) => {
  // Encapsulated: only this plugin's routes see JSON as a raw buffer.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: 1024 * 1024 },
    (_request, body, done) => done(null, body),
  );

  app.post('/api/v1/webhooks/paddle', async (request, reply) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers['paddle-signature'];
    await app.paddle.handlePaddleWebhook(raw, typeof signature === 'string' ? signature : undefined);
    return reply.status(200).send({ received: true });
  });
};
