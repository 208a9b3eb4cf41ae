import type { FastifyPluginAsync } from 'fastify';

/**
 * The Stripe sandbox's browser-facing side: hosted checkout, 3-D Secure and invoice pages, and the
 * Stripe.js stand-in. Stubbed for now so the sandbox's mount file can import it.
 */
export const stripeSandboxPages: FastifyPluginAsync<{ publishableKey: string }> = async (app) => {
  const notYet = async () => ({ error: 'not implemented yet' });
  app.get('/sandbox/stripe/checkout/:sessionId', notYet);
  app.get('/sandbox/stripe/3ds/:intentId', notYet);
  app.get('/sandbox/stripe/invoices/:invoiceId', notYet);
  app.get('/sandbox/stripe/js/v3.js', notYet);
};
