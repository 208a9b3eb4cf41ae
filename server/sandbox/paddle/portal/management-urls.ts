import { PORTAL_PATH } from '../api/portal-sessions';
import type { SubscriptionEntity } from '../billing/subscription-entity';
import type { Ctx } from '../context';
import { newId } from '../ids';
import { issuePortalToken } from './portal-tokens';

/** A link into the sandbox's portal: a session's page for an action, with the session's token. */
export function portalLink(
  publicUrl: string,
  sessionId: string,
  token: string,
  action: string,
  subscriptionId?: string,
): string {
  const url = new URL(`${publicUrl}${PORTAL_PATH}/${sessionId}`);
  url.searchParams.set('action', action);
  if (subscriptionId) url.searchParams.set('subscription_id', subscriptionId);
  url.searchParams.set('token', token);
  return url.toString();
}

/**
 * Subscriptions as the API answers them: `management_urls` filled with authenticated links into the
 * customer portal, as Paddle gives them to an API key that may make portal sessions. Each answer
 * makes one portal session per customer, whose token expires like any session's; none is stored on
 * the subscription, so events (and their webhooks) carry `management_urls: null`.
 */
export async function withManagementUrls<T extends SubscriptionEntity>(
  ctx: Ctx,
  subscriptions: T[],
): Promise<T[]> {
  const sessions = new Map<string, { id: string; token: string }>();
  const answered: T[] = [];
  for (const subscription of subscriptions) {
    let session = sessions.get(subscription.customer_id);
    if (!session) {
      const id = newId('portal_session');
      session = { id, token: await issuePortalToken(ctx.tx, id, subscription.customer_id) };
      sessions.set(subscription.customer_id, session);
    }
    const link = (action: string) =>
      portalLink(ctx.config.publicUrl(), session.id, session.token, action, subscription.id);
    answered.push({
      ...subscription,
      management_urls: {
        // Paddle gives none for a manually collected subscription: there is no card to update.
        update_payment_method:
          subscription.collection_mode === 'automatic' ? link('update_subscription_payment_method') : null,
        cancel: link('cancel_subscription'),
      },
    });
  }
  return answered;
}

/** One subscription with its management URLs. */
export async function withManagementUrlsOf<T extends SubscriptionEntity>(
  ctx: Ctx,
  subscription: T,
): Promise<T> {
  const [answered] = await withManagementUrls(ctx, [subscription]);
  return answered as T;
}
