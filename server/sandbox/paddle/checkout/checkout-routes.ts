import type { FastifyPluginAsync } from 'fastify';
import type { PaddleSandboxConfig } from '../context';
import { answerPaddleError, badRequest, PaddleError } from '../errors';
import type { Body } from '../fields';
import { newRequestId } from '../ids';
import type { Runner } from '../router';
import { authenticateCheckout, payCheckout } from './pay';
import { previewCheckout } from './preview';

/**
 * The overlay checkout's back end (the Paddle.js stand-in's page calls it from the browser), at
 * /sandbox/paddle/checkout/{preview,pay,3ds/:id}: JSON bodies authenticated by the client token, as
 * Paddle's checkout is; Paddle's error shape on failure. Each call is one unit of work, so a payment
 * and its events are kept together or not at all.
 */
export function checkoutBackEnd(unit: Runner, config: PaddleSandboxConfig): FastifyPluginAsync {
  return async (app) => {
    app.setErrorHandler(answerPaddleError);
    app.addHook('onRequest', async (_request, reply) => {
      reply.header('x-request-id', newRequestId());
    });
    const bodyOf = (body: unknown): Body => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw badRequest('The request body must be a JSON object.');
      }
      if ((body as Body).token !== config.clientToken) {
        throw new PaddleError(403, 'forbidden', 'The client-side token is not valid.');
      }
      return body as Body;
    };
    const requestIdOf = (reply: { getHeader(name: string): unknown }) =>
      reply.getHeader('x-request-id') as string;

    app.post('/preview', async (request, reply) => {
      const body = bodyOf(request.body);
      return unit(requestIdOf(reply), (ctx) => previewCheckout(ctx, body));
    });
    app.post('/pay', async (request, reply) => {
      const body = bodyOf(request.body);
      return unit(requestIdOf(reply), (ctx) => payCheckout(ctx, body));
    });
    app.post<{ Params: { threeDSecureId: string } }>('/3ds/:threeDSecureId', async (request, reply) => {
      const body = bodyOf(request.body);
      return unit(requestIdOf(reply), (ctx) =>
        authenticateCheckout(ctx, request.params.threeDSecureId, body),
      );
    });
  };
}
