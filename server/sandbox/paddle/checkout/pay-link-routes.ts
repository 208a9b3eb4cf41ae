import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { TransactionEntity } from '../billing/transaction-entity';
import { PAY_LINK_PATH } from '../billing/transactions';
import { renderPayLinkPage, renderPayLinkProblem } from '../browser/pay-link-page';
import type { PaddleSandboxConfig } from '../context';
import { newRequestId } from '../ids';
import type { Runner } from '../router';
import { findRow } from '../store';
import { isPayable } from './checkout-input';

// A top-level page: framed by nobody, its address (the transaction id) sent to no other site, never
// cached. It frames the overlay checkout page of its own origin.
const pageHeaders = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy':
    "default-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'same-origin',
};

const TRANSACTION_ID = /^txn_[a-z0-9]{26}$/;

type Outcome =
  | { kind: 'payable'; transaction: TransactionEntity }
  | { kind: 'unknown' }
  | { kind: 'settled'; transaction: TransactionEntity };

function problemOf(outcome: Exclude<Outcome, { kind: 'payable' }>): [number, string, string] {
  if (outcome.kind === 'unknown')
    return [404, 'No payment found', 'This payment link names no transaction. Check the link you were sent.'];
  const { status } = outcome.transaction;
  if (status === 'paid' || status === 'completed')
    return [409, 'Already paid', 'This invoice is already paid. There is nothing more to pay.'];
  if (status === 'canceled')
    return [409, 'Payment canceled', 'This payment was canceled. There is nothing to pay.'];
  return [409, 'Not ready to pay', 'This payment is not ready to be paid yet.'];
}

/**
 * The sandbox's default payment link, `GET /sandbox/paddle/pay?_ptxn=txn_…`, which is every
 * transaction's `checkout.url`: a page that loads the Paddle.js stand-in, which opens the checkout
 * for the transaction in `_ptxn` as Paddle.js does on a seller's payment link. The checkout's back
 * end takes the card and settles it; this page only says what is due, or why nothing is.
 */
export function payLinkPage(unit: Runner, config: PaddleSandboxConfig): FastifyPluginAsync {
  return async (app) => {
    const send = (reply: FastifyReply, status: number, markup: string) =>
      reply.code(status).headers(pageHeaders).send(markup);

    app.get<{ Querystring: Record<string, unknown> }>(PAY_LINK_PATH, async (request, reply) => {
      const id = request.query._ptxn;
      if (typeof id !== 'string' || !TRANSACTION_ID.test(id)) {
        const text = 'This payment link is not valid: it must name a transaction (_ptxn=txn_…).';
        return send(reply, 400, renderPayLinkProblem('Not a payment link', text));
      }
      const outcome = await unit(newRequestId(), async (ctx): Promise<Outcome> => {
        const transaction = (await findRow<TransactionEntity>(ctx, id, 'transaction'))?.data;
        if (!transaction) return { kind: 'unknown' };
        return isPayable(transaction) ? { kind: 'payable', transaction } : { kind: 'settled', transaction };
      });
      if (outcome.kind === 'payable')
        return send(reply, 200, renderPayLinkPage(outcome.transaction, config.clientToken));
      const [status, heading, text] = problemOf(outcome);
      return send(reply, status, renderPayLinkProblem(heading, text));
    });
  };
}
