import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { clientAddress } from '../http/rate-limit';
import type { ZodTypeProvider } from '../http/zod-validation';

/** What a browser needs to load Paddle.js: the client token is public by Paddle's design. */
export const paddleJsSettings = z
  .object({
    clientToken: z.string(),
    environment: z.enum(['sandbox', 'production']),
    /** The Paddle.js stand-in's script while the sandbox serves Paddle; null with real Paddle. */
    scriptUrl: z.string().nullable(),
  })
  .nullable();

/** Reads a visitor may make per minute from one address: a page load takes one. */
export const PADDLE_JS_READS_PER_MINUTE = 60;

// Open to anyone, so counted per client address as the other open calls are (decision 008).
const paddleJsReadLimit = {
  name: 'paddle-js-settings',
  max: PADDLE_JS_READS_PER_MINUTE,
  timeWindow: 60 * 1000,
  keyGenerator: clientAddress,
} as const;

/**
 * GET /api/v1/billing-paddle/paddle-js (no auth): the default payment link page (`/paddle-pay`) is
 * opened from Paddle's mails and links by someone who may not be signed in, and still has to load
 * Paddle.js. It answers the client token, the environment and the stand-in's script, nothing else;
 * null while Paddle is not configured.
 */
export const paddlePublicRoutes: FastifyPluginAsync = async (instance) => {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v1/billing-paddle/paddle-js',
    { config: { rateLimit: paddleJsReadLimit }, schema: { response: { 200: paddleJsSettings } } },
    async () => {
      const settings = app.paddle.settings(null);
      if (!settings.enabled || !settings.clientToken) return null;
      const { clientToken, environment, scriptUrl } = settings;
      return { clientToken, environment, scriptUrl };
    },
  );
};
