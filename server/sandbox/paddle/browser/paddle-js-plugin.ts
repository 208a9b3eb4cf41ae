import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { renderPaddleCheckoutPage } from './checkout-page';
import { buildPaddleJs, loadPaddleAssets } from './paddle-js-assets';

// As the Stripe sandbox's pages: only their own scripts and styles, framed only by pages of this
// origin (the stand-in's overlay), sent nowhere else as a referrer.
const pageSecurity = {
  'content-security-policy':
    "default-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'referrer-policy': 'same-origin',
};

function sendAsset(reply: FastifyReply, contentType: string, body: string): FastifyReply {
  return reply
    .headers({
      'content-type': contentType,
      'cache-control': 'no-cache',
      'x-content-type-options': 'nosniff',
    })
    .send(body);
}

/**
 * The Paddle sandbox's browser side: the Paddle.js stand-in (a classic script defining
 * window.PaddleBillingV1 and window.Paddle), the overlay checkout page it frames, and the page's
 * files. The page calls the checkout's back end (/sandbox/paddle/checkout/…) with the client token.
 */
export const paddleJsStandIn: FastifyPluginAsync = async (app) => {
  const assets = loadPaddleAssets();
  const paddleJs = buildPaddleJs(assets);
  const checkoutPage = renderPaddleCheckoutPage();

  app.get('/sandbox/paddle/paddle.js', async (_request, reply) =>
    sendAsset(
      // The console may load it from another origin during development (a plain <script src>).
      reply.header('cross-origin-resource-policy', 'cross-origin'),
      'application/javascript; charset=utf-8',
      paddleJs,
    ),
  );

  app.get('/sandbox/paddle/checkout', async (_request, reply) =>
    reply
      .headers({ ...pageSecurity, 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .send(checkoutPage),
  );

  app.get<{ Params: { name: string } }>('/sandbox/paddle/assets/:name', async (request, reply) => {
    const asset = assets.get(request.params.name);
    if (!asset) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    return sendAsset(reply, asset.contentType, asset.body);
  });
};
