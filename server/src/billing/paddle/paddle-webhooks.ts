import type { SubscriptionNotification, TransactionNotification } from '@paddle/paddle-node-sdk';
import type { Queryable } from '../../db/db';
import { createRepositories } from '../../db/repositories';
import { ValidationError } from '../../errors';
import { planIdOf } from './paddle-catalogue';
import { PADDLE_LIVE } from './paddle-mapping';
import { createPaddleNotices } from './paddle-notices';
import { type PaddleTeamBase, stateOf } from './paddle-team-base';

/** A webhook whose Paddle-Signature does not verify (or is missing): 400, nothing done. */
export class PaddleWebhookSignatureError extends ValidationError {
  constructor() {
    super([{ field: 'Paddle-Signature', message: 'is invalid' }]);
  }
}

const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set([
  'subscription.created',
  'subscription.activated',
  'subscription.updated',
  'subscription.canceled',
  'subscription.past_due',
  'subscription.trialing',
  'subscription.paused',
  'subscription.resumed',
]);
const TRANSACTION_EVENTS: ReadonlySet<string> = new Set([
  'transaction.completed',
  'transaction.payment_failed',
]);

type Notice = () => Promise<void>;

/**
 * POST /api/v1/webhooks/paddle: Paddle's signed events. Each event id is taken once, in the same
 * transaction as its effect, so a redelivery or a replay changes nothing. The team is the one the
 * checkout's custom data names when its checkoutToken holds, else the one linked to the customer or
 * subscription; an event naming neither is taken and does nothing.
 */
export function createPaddleWebhooks(base: PaddleTeamBase) {
  const { deps, client, tokens } = base;
  const notices = createPaddleNotices(deps);

  async function teamOf(
    tx: Queryable,
    customData: unknown,
    customerId: string | null,
    subscriptionId: string | null,
  ) {
    const trusted = tokens.verify(customData);
    if (trusted !== null) return trusted;
    return createRepositories(tx).paddleBilling.findTeamId(customerId, subscriptionId);
  }

  async function onSubscription(
    tx: Queryable,
    data: SubscriptionNotification,
    at: Date,
  ): Promise<Notice | null> {
    const teamId = await teamOf(tx, data.customData, data.customerId, data.id);
    if (teamId === null) return null;
    const link = await createRepositories(tx).paddleBilling.findLink(teamId);
    // Paddle does not promise order: an event older than the last state applied changes nothing (the
    // product applies an update's answer at once, so the event of an earlier change may come after it).
    if (link?.eventAt !== null && link?.eventAt !== undefined && link.eventAt > at.getTime()) return null;
    const before = await base.applySubscription(tx, teamId, stateOf(data), at);
    // A checkout paid after its team was deleted: nobody can reach that billing, so it ends now.
    if (!before && PADDLE_LIVE.has(data.status)) {
      const id = data.id;
      return () =>
        client.call(async (paddle) => {
          await paddle.subscriptions.cancel(id, { effectiveFrom: 'immediately' });
        });
    }
    const after = await createRepositories(tx).teams.findById(teamId);
    if (before && after && before.plan !== 'basic' && after.plan === 'basic') {
      return () => notices.droppedToBasic(teamId, before.plan, data.id);
    }
    return null;
  }

  async function onTransaction(
    tx: Queryable,
    type: string,
    data: TransactionNotification,
  ): Promise<Notice | null> {
    const teamId = await teamOf(tx, data.customData, data.customerId, data.subscriptionId);
    if (teamId === null || !data.customerId) return null;
    const repos = createRepositories(tx);
    if (!(await repos.teams.lockById(teamId))) return null;
    // A declined first checkout is the buyer's to retry there; a subscription's failed payment is news.
    if (type === 'transaction.payment_failed') {
      return data.subscriptionId ? () => notices.paymentFailed(teamId, data.id) : null;
    }
    const link = await repos.paddleBilling.findLink(teamId);
    const planId = planIdOf(data.items[0]?.price);
    // A first purchase: the team follows the subscription it bought, before (or without) that
    // subscription's own event. Later ones (renewals) change nothing the subscription's events do not.
    // A trial's (every price has one) leaves it to `subscription.trialing`, which has the trial's dates.
    const trial = data.items.length > 0 && data.items.every((item) => item.price?.trialPeriod);
    if (
      type === 'transaction.completed' &&
      data.subscriptionId &&
      planId &&
      !trial &&
      !link?.subscriptionId
    ) {
      const state = {
        id: data.subscriptionId,
        customerId: data.customerId,
        status: 'active',
        planId,
        trialEndAt: null,
        cancelAt: null,
      };
      await base.applySubscription(tx, teamId, state, null);
    } else {
      await repos.billing.savePaddleCustomerId(teamId, data.customerId);
      await repos.billing.setPaymentProvider(teamId, 'paddle');
    }
    return null;
  }

  return {
    async handlePaddleWebhook(rawBody: Buffer, signature: string | undefined): Promise<void> {
      const event = await client.unmarshal(rawBody.toString('utf8'), signature);
      if (!event) throw new PaddleWebhookSignatureError();
      const type = String(event.eventType);
      const at = new Date(event.occurredAt);
      const notice = await deps.db.transaction(async (tx): Promise<Notice | null> => {
        if (!(await createRepositories(tx).paddleBilling.takeEvent(event.eventId, type))) return null;
        if (SUBSCRIPTION_EVENTS.has(type))
          return onSubscription(tx, event.data as SubscriptionNotification, at);
        if (TRANSACTION_EVENTS.has(type))
          return onTransaction(tx, type, event.data as TransactionNotification);
        return null;
      });
      // Mail goes after the commit: a failed one is logged, and its notice released for the next event.
      if (notice) {
        try {
          await notice();
        } catch (error) {
          deps.log.warn({ err: error, eventId: event.eventId }, 'paddle billing notice not sent');
        }
      }
    },
  };
}
