import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { exchangeAuthCode, refreshSession } from '../auth/sessions';
import type { ZodTypeProvider } from '../http/zod-validation';
import { deviceInfoShape, tokensResponse } from './schemas';

const codeBody = z.strictObject({
  code: z.string().min(1).max(4096),
  ...deviceInfoShape,
});

// Sent as multipart/form-data by the console; urlencoded and JSON bodies are accepted too.
const refreshBody = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});

/** Sign-in calls of spec section 7: both open to visitors, both answer with fresh tokens. */
export const authRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v2/auth/code',
    { schema: { body: codeBody, response: { 200: tokensResponse } } },
    async (request) => {
      const { code, ...device } = request.body;
      return exchangeAuthCode(app.db, app.tokens, code, device as Record<string, string>);
    },
  );

  app.post(
    '/api/v1/auth/refresh',
    { schema: { body: refreshBody, response: { 200: tokensResponse } } },
    async (request) => refreshSession(app.db, app.tokens, request.body.refreshToken),
  );
};
