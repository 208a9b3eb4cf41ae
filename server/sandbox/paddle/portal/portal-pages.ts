import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { PORTAL_PATH } from '../api/portal-sessions';
import type { PayAnswer } from '../checkout/pay';
import { PaddleError } from '../errors';
import { newRequestId } from '../ids';
import type { Runner } from '../router';
import {
  type CardForm,
  renderCancel,
  renderOverview,
  renderPaymentMethod,
  renderRefused,
  renderThreeDSecure,
} from './portal-page';
import {
  changeCard,
  customerSubscriptions,
  finishThreeDSecure,
  scheduleCancel,
} from './portal-subscriptions';
import { customerOfToken } from './portal-tokens';

// The token is in the address: no page sends it on as a referrer, and none is cached or framed.
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'content-security-policy':
    "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
};

const send = (reply: FastifyReply, status: number, markup: string) =>
  reply.code(status).headers(pageHeaders).send(markup);

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * The customer portal that portal sessions link to: the customer's subscriptions, cancel at the
 * period's end, and where the card is changed. Every page and post needs the session's unexpired token.
 */
export function portalPages(unit: Runner, publicUrl: () => string): FastifyPluginAsync {
  return async (app) => {
    if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
      app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
        done(null, Object.fromEntries(new URLSearchParams(String(body)))),
      );
    }

    const cardForm = (
      sessionId: string,
      token: string,
      subscriptionId: string,
      message?: string,
    ): CardForm => ({
      action: `${PORTAL_PATH}/${sessionId}/payment-method`,
      token,
      subscriptionId,
      message,
    });

    function links(sessionId: string, token: string) {
      const link = (action: string, subscriptionId?: string) => {
        const url = new URL(`${publicUrl()}${PORTAL_PATH}/${sessionId}`);
        url.searchParams.set('action', action);
        if (subscriptionId) url.searchParams.set('subscription_id', subscriptionId);
        url.searchParams.set('token', token);
        return url.toString();
      };
      return {
        overview: link('overview'),
        cancel: (id: string) => link('cancel_subscription', id),
        paymentMethod: (id: string) => link('update_subscription_payment_method', id),
      };
    }

    app.get<{ Params: { sessionId: string }; Querystring: Record<string, unknown> }>(
      `${PORTAL_PATH}/:sessionId`,
      async (request, reply) => {
        const { sessionId } = request.params;
        const token = text(request.query.token);
        const action = text(request.query.action) || 'overview';
        const subscriptionId = text(request.query.subscription_id);
        const page = await unit(newRequestId(), async (ctx) => {
          const customerId = await customerOfToken(ctx.tx, sessionId, token);
          if (!customerId) return null;
          const subscriptions = await customerSubscriptions(ctx, customerId);
          const to = links(sessionId, token);
          const subscription = subscriptions.find((s) => s.id === subscriptionId);
          if (action === 'cancel_subscription' && subscription) {
            const form = { action: `${PORTAL_PATH}/${sessionId}/cancel`, token };
            return renderCancel(subscription, form, to);
          }
          if (action === 'update_subscription_payment_method' && subscription)
            return renderPaymentMethod(subscription, cardForm(sessionId, token, subscription.id), to);
          return renderOverview(subscriptions, to);
        });
        return page === null ? send(reply, 403, renderRefused()) : send(reply, 200, page);
      },
    );

    app.post<{ Params: { sessionId: string } }>(
      `${PORTAL_PATH}/:sessionId/cancel`,
      async (request, reply) => {
        const { sessionId } = request.params;
        const body = (request.body ?? {}) as Record<string, unknown>;
        const token = text(body.token);
        const subscriptionId = text(body.subscription_id);
        const done = await unit(newRequestId(), async (ctx) => {
          const customerId = await customerOfToken(ctx.tx, sessionId, token);
          if (!customerId) return false;
          const subscription = (await customerSubscriptions(ctx, customerId)).find(
            (s) => s.id === subscriptionId,
          );
          if (subscription) await scheduleCancel(ctx, subscription);
          return true;
        });
        if (!done) return send(reply, 403, renderRefused());
        // Post, redirect, get: a reload does not post again.
        return reply.code(303).header('location', links(sessionId, token).overview).send();
      },
    );

    /**
     * The card forms: a new card (`number`, `expiry`, `cvc`, `name`) or the outcome of its 3-D Secure
     * step (`three_d_secure_id`, `outcome`). Paid, back to the overview; else the form again, saying why.
     */
    app.post<{ Params: { sessionId: string } }>(
      `${PORTAL_PATH}/:sessionId/payment-method`,
      async (request, reply) => {
        const { sessionId } = request.params;
        const body = (request.body ?? {}) as Record<string, unknown>;
        const token = text(body.token);
        const subscriptionId = text(body.subscription_id);
        const threeDSecureId = text(body.three_d_secure_id);
        let subscription: Awaited<ReturnType<typeof customerSubscriptions>>[number] | undefined;
        let answer: PayAnswer | null;
        try {
          answer = await unit(newRequestId(), async (ctx) => {
            const customerId = await customerOfToken(ctx.tx, sessionId, token);
            if (!customerId) return null;
            subscription = (await customerSubscriptions(ctx, customerId)).find(
              (s) => s.id === subscriptionId,
            );
            if (!subscription) return null;
            if (threeDSecureId) return finishThreeDSecure(ctx, threeDSecureId, text(body.outcome));
            const card = { number: body.number, expiry: body.expiry, cvc: body.cvc, name: body.name };
            return changeCard(ctx, subscription, card);
          });
        } catch (error) {
          if (!(error instanceof PaddleError) || !subscription) throw error;
          const message =
            error.body.errors?.map((e) => `${e.field} ${e.message}`).join('; ') ?? error.message;
          const form = cardForm(sessionId, token, subscriptionId, `The card was not saved: ${message}.`);
          return send(reply, 400, renderPaymentMethod(subscription, form, links(sessionId, token)));
        }
        if (!answer || !subscription) return send(reply, 403, renderRefused());
        const to = links(sessionId, token);
        if (answer.status === 'completed') return reply.code(303).header('location', to.overview).send();
        if (answer.status === 'requires_action')
          return send(
            reply,
            200,
            renderThreeDSecure(answer.threeDSecureId, cardForm(sessionId, token, subscriptionId)),
          );
        const form = cardForm(sessionId, token, subscriptionId, `The card was declined: ${answer.message}`);
        return send(reply, 402, renderPaymentMethod(subscription, form, to));
      },
    );
  };
}
