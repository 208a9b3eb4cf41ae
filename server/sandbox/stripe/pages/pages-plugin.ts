import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { buildStripeJs, loadAssets } from './browser-assets';
import { renderCheckoutPage } from './checkout-page';
import { renderInvoicePage } from './invoice-page';
import { renderNotFoundPage } from './page-shell';
import { renderPortalPage } from './portal-page';
import { isConsoleReturnUrl, renderForeignReturnPage, renderThreeDSecurePage } from './three-d-secure-page';

// Ids are made by the sandbox (cs_…, seti_…, in_…); anything else cannot name an object, so it is
// answered with 404 before a page is rendered.
const idPattern = /^[A-Za-z0-9_]{1,200}$/;

// The pages run only their own scripts and styles; the 3-D Secure page may be framed by pages of
// this origin only (the Stripe.js stand-in's overlay), the others not at all by other origins.
const pageSecurity = {
  'content-security-policy':
    "default-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  // The product's answers say DENY; the 3-D Secure page is framed by the Stripe.js stand-in's overlay.
  'x-frame-options': 'SAMEORIGIN',
  // The 3-D Secure address carries a client secret: never send it to another origin.
  'referrer-policy': 'same-origin',
};

function sendPage(reply: FastifyReply, status: number, markup: string): FastifyReply {
  return reply
    .code(status)
    .headers({ ...pageSecurity, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
    .send(markup);
}

function sendNotFound(reply: FastifyReply): FastifyReply {
  return sendPage(reply, 404, renderNotFoundPage());
}

/**
 * The Stripe sandbox's browser-facing side: hosted checkout, 3-D Secure and invoice pages, their
 * scripts, and the Stripe.js stand-in. The pages are shells; their scripts call the sandbox's
 * publishable-key API (/v1/...) as Stripe's hosted pages do.
 */
export const stripeSandboxPages: FastifyPluginAsync<{
  publishableKey: string;
  /** The console's address (PUBLIC_URL): the only origin the 3-D Secure page returns to. */
  publicUrl: () => string;
}> = async (app, options) => {
  const { publishableKey, publicUrl } = options;
  const assets = loadAssets();
  const stripeJs = buildStripeJs(assets);

  app.get<{ Params: { sessionId: string } }>(
    '/sandbox/stripe/checkout/:sessionId',
    async (request, reply) => {
      const { sessionId } = request.params;
      if (!idPattern.test(sessionId)) return sendNotFound(reply);
      return sendPage(reply, 200, renderCheckoutPage(sessionId, publishableKey));
    },
  );

  app.get<{ Params: { intentId: string }; Querystring: { return_url?: unknown } }>(
    '/sandbox/stripe/3ds/:intentId',
    async (request, reply) => {
      const { intentId } = request.params;
      if (!idPattern.test(intentId)) return sendNotFound(reply);
      const returnUrl = request.query.return_url;
      if (
        returnUrl !== undefined &&
        !(typeof returnUrl === 'string' && isConsoleReturnUrl(returnUrl, publicUrl()))
      ) {
        return sendPage(reply, 400, renderForeignReturnPage());
      }
      const origin = new URL(publicUrl()).origin;
      return sendPage(reply, 200, renderThreeDSecurePage(intentId, publishableKey, origin));
    },
  );

  app.get<{ Params: { invoiceId: string } }>(
    '/sandbox/stripe/invoices/:invoiceId',
    async (request, reply) => {
      const { invoiceId } = request.params;
      if (!idPattern.test(invoiceId)) return sendNotFound(reply);
      return sendPage(reply, 200, renderInvoicePage(invoiceId, publishableKey));
    },
  );

  app.get<{ Params: { sessionId: string } }>('/sandbox/stripe/portal/:sessionId', async (request, reply) => {
    const { sessionId } = request.params;
    if (!idPattern.test(sessionId)) return sendNotFound(reply);
    return sendPage(reply, 200, renderPortalPage(sessionId, publishableKey));
  });

  app.get('/sandbox/stripe/js/v3.js', async (_request, reply) =>
    reply
      .headers({
        'content-type': 'application/javascript; charset=utf-8',
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
        // The console may load it from another origin during development (a plain <script src>).
        'cross-origin-resource-policy': 'cross-origin',
      })
      .send(stripeJs),
  );

  app.get<{ Params: { name: string } }>('/sandbox/stripe/assets/:name', async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return sendNotFound(reply);
    return reply
      .headers({
        'content-type': asset.contentType,
        'cache-control': 'no-cache',
        'x-content-type-options': 'nosniff',
      })
      .send(asset.body);
  });

  // Without this, an unknown sandbox address would fall through to the console's client-route fallback.
  app.get('/sandbox/stripe/*', async (_request, reply) => sendNotFound(reply));
};
