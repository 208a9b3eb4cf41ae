import { sandboxIso } from '../clock';
import { invalidField, notFound } from '../errors';
import { newId } from '../ids';
import { customerSubscriptions } from '../portal/portal-subscriptions';
import { issuePortalToken } from '../portal/portal-tokens';
import type { RouteDef } from '../router';
import { get } from '../store';

/** Where the sandbox's portal pages are served, below the server's root. */
export const PORTAL_PATH = '/sandbox/paddle/portal';

/** Paddle's customer portal session entity. */
export interface PortalSessionEntity {
  id: string;
  customer_id: string;
  urls: {
    general: { overview: string };
    subscriptions: { id: string; cancel_subscription: string; update_subscription_payment_method: string }[];
  };
  created_at: string;
}

function subscriptionIds(body: Record<string, unknown>): string[] {
  const value = body.subscription_ids;
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.some((id) => typeof id !== 'string'))
    throw invalidField('subscription_ids', 'must be an array of subscription ids');
  return [...new Set(value as string[])];
}

/**
 * `POST /customers/{id}/portal-sessions`: links into the sandbox's portal, each carrying a token of
 * its own session that expires, as Paddle's authenticated portal links do.
 */
export const portalSessionRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/customers/:customer_id/portal-sessions',
    async handler(ctx, { params, body }) {
      const customerId = params.customer_id ?? '';
      await get(ctx, customerId, 'customer');
      const wanted = subscriptionIds(body);
      const owned = new Set((await customerSubscriptions(ctx, customerId)).map((s) => s.id));
      const stranger = wanted.find((id) => !owned.has(id));
      if (stranger !== undefined) throw notFound('Subscription', stranger);
      const id = newId('portal_session');
      const token = await issuePortalToken(ctx.tx, id, customerId);
      const link = (action: string, subscriptionId?: string) => {
        const url = new URL(`${ctx.config.publicUrl()}${PORTAL_PATH}/${id}`);
        url.searchParams.set('action', action);
        if (subscriptionId) url.searchParams.set('subscription_id', subscriptionId);
        url.searchParams.set('token', token);
        return url.toString();
      };
      const session: PortalSessionEntity = {
        id,
        customer_id: customerId,
        urls: {
          general: { overview: link('overview') },
          subscriptions: wanted.map((subscriptionId) => ({
            id: subscriptionId,
            cancel_subscription: link('cancel_subscription', subscriptionId),
            update_subscription_payment_method: link('update_subscription_payment_method', subscriptionId),
          })),
        },
        created_at: await sandboxIso(ctx),
      };
      return { data: session, status: 201 };
    },
  },
];
