import { type BillingDeps, LIVE_STATUSES } from './billing-deps';
import type { ProviderSubscription } from './provider';
import { currentSubscription } from './team-billing-sync';

/**
 * The subscription that makes a person premium: a paid live one before a trial (they overlap for
 * the moment between a purchase and the trial's end), else the newest live one, else none.
 */
export function personalLiveSubscription(
  subscriptions: readonly ProviderSubscription[],
): ProviderSubscription | null {
  const live = subscriptions.filter((s) => LIVE_STATUSES.has(s.status));
  return currentSubscription(live.filter((s) => s.status !== 'trialing')) ?? currentSubscription(live);
}

/**
 * A person on the free trial may buy a plan: the hosted checkout makes a second, paid
 * subscription beside the trialing one. Once the paid one is live, the trial has done its job and
 * ends now, so the person never holds two subscriptions. Until then (a checkout left unpaid) the
 * trial runs on. The key names the trial, so a webhook retried or a second read cancels it once.
 */
export async function endTrialsReplacedByPurchase(
  deps: Pick<BillingDeps, 'provider'>,
  subscriptions: readonly ProviderSubscription[],
  live: ProviderSubscription | null,
): Promise<void> {
  if (!live || live.status === 'trialing') return;
  const replaced = subscriptions.filter((s) => s.id !== live.id && s.status === 'trialing');
  for (const trial of replaced) {
    await deps.provider.cancelNow(trial.id, `personal-trial-replaced:${trial.id}`);
  }
}

/** The one kind of premium a person may still buy over: the provider's own trial. */
export const isProviderTrial = (store: string | null, periodType: string | null): boolean =>
  store === 'stripe' && periodType === 'trial';
