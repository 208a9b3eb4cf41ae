import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { recordEvent } from '../events';
import { list, put } from '../store';

/** The parts of Paddle's subscription entity the portal reads and changes. */
export interface PortalSubscription {
  id: string;
  status: string;
  customer_id: string;
  currency_code: string;
  current_billing_period: { starts_at: string; ends_at: string } | null;
  next_billed_at: string | null;
  scheduled_change: { action: string; effective_at: string; resume_at: string | null } | null;
  items: { quantity: number; price: { description?: string; name?: string | null } }[];
  updated_at: string;
}

export async function customerSubscriptions(ctx: Ctx, customerId: string): Promise<PortalSubscription[]> {
  return list<PortalSubscription>(ctx, 'subscription', customerId);
}

/**
 * Cancels at the end of the billing period, as Paddle's portal (and `POST /subscriptions/{id}/cancel`
 * with `effective_from: next_billing_period`) does: a scheduled change, and `subscription.updated`.
 * Canceled, or already scheduled to cancel, it stays as it is.
 */
export async function scheduleCancel(
  ctx: Ctx,
  subscription: PortalSubscription,
): Promise<PortalSubscription> {
  const endsAt = subscription.current_billing_period?.ends_at;
  if (subscription.status === 'canceled' || subscription.scheduled_change?.action === 'cancel' || !endsAt)
    return subscription;
  const updated: PortalSubscription = {
    ...subscription,
    scheduled_change: { action: 'cancel', effective_at: endsAt, resume_at: null },
    next_billed_at: null,
    updated_at: await sandboxIso(ctx),
  };
  await put(ctx, 'subscription', updated);
  await recordEvent(ctx, 'subscription.updated', updated);
  return updated;
}
