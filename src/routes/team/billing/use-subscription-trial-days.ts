import type { Subscription } from '@/domain/entities';
import { useTrialDaysLeft } from '@/routes/team/overview/use-trial-days-left';

/** 'Trial ends in N days' of a trialing subscription, on the Overview's ticking clock; null otherwise. */
export function useSubscriptionTrialDays(subscription: Subscription | null): number | null {
  const trialing = subscription?.status === 'trialing' && subscription.trialEndAt != null;
  return useTrialDaysLeft({
    trialStatus: trialing ? 'in_progress' : null,
    trialEndAt: trialing ? subscription.trialEndAt : null,
  });
}
