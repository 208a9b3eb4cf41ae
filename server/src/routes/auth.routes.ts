import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { exchangeAuthCode, refreshSession, revokeSession } from '../auth/sessions';
import { endCheckoutAt } from '../billing/checkout-return';
import { TokenInvalidError } from '../errors';
import { idempotencyKeyOf } from '../http/idempotency';
import { clientAddress, createFailureLimit } from '../http/rate-limit';
import type { ZodTypeProvider } from '../http/zod-validation';
import { deviceInfoShape, tokensResponse } from './schemas/common';

const codeBody = z.strictObject({
  code: z.string().min(1).max(4096),
  ...deviceInfoShape,
});

// Sent as multipart/form-data by the console; urlencoded and JSON bodies are accepted too.
const refreshBody = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});

// The refresh token names the session: the console always has it, even when its access token expired.
const logoutBody = z.strictObject({
  refreshToken: z.string().min(1).max(512),
});

/** Wrong auth codes or refresh tokens one client address may send in a window before it must wait. */
export const SIGN_IN_FAILURES_PER_WINDOW = 30;
export const SIGN_IN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/**
 * Sign-in calls of spec section 7: both open to visitors, both answer with fresh tokens. Guessing is
 * bounded: each wrong code or token counts against the client address, and once the window's misses
 * are spent every attempt is refused with 429 until it ends (a right one included, so a guesser
 * learns nothing). Honest sign-ins never count.
 */
export const authRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const failures = createFailureLimit(app, {
    name: 'sign-in-failures',
    max: SIGN_IN_FAILURES_PER_WINDOW,
    windowMs: SIGN_IN_FAILURE_WINDOW_MS,
    key: clientAddress,
  });
  const isRefusedToken = (error: unknown) => error instanceof TokenInvalidError;

  app.post(
    '/api/v2/auth/code',
    {
      schema: { body: codeBody, response: { 200: tokensResponse } },
      preHandler: (request, reply) => failures.check(request, reply),
    },
    async (request) => {
      const { code, ...device } = request.body;
      return failures.counting(request, isRefusedToken, () =>
        exchangeAuthCode(
          app.db,
          app.tokens,
          code,
          device as Record<string, string>,
          idempotencyKeyOf(request),
          endCheckoutAt(app.billingProvider),
        ),
      );
    },
  );

  app.post(
    '/api/v1/auth/refresh',
    {
      schema: { body: refreshBody, response: { 200: tokensResponse } },
      preHandler: (request, reply) => failures.check(request, reply),
    },
    async (request) =>
      failures.counting(request, isRefusedToken, () =>
        refreshSession(app.db, app.tokens, request.body.refreshToken),
      ),
  );

  // Logout: the session's refresh-token family is revoked, so a copied refresh token no
  // longer refreshes and the session's access tokens are refused. Unknown or already revoked tokens
  // answer 204 as well: logging out twice is not an error, and the answer tells a guesser nothing.
  app.post('/api/v2/auth/logout', { schema: { body: logoutBody } }, async (request, reply) => {
    await revokeSession(app.db, request.body.refreshToken);
    return reply.status(204).send();
  });
};
