import type { SnapshotFrom } from 'xstate';
import type { subscriptionLifecycleMachine } from './subscription-lifecycle.machine';

type LifecycleSnapshot = SnapshotFrom<typeof subscriptionLifecycleMachine>;

export type LifecyclePhase = 'none' | 'trialing' | 'active' | 'confirming' | 'unexpected';

export const selectLifecyclePhase = (snapshot: LifecycleSnapshot): LifecyclePhase => {
  if (snapshot.hasTag('paymentPending') || snapshot.matches('evaluating')) return 'confirming';
  if (snapshot.matches('none')) return 'none';
  if (snapshot.matches('trialing')) return 'trialing';
  if (snapshot.matches('active')) return 'active';
  return 'unexpected';
};

/** cancelAt is ahead: the page offers Renew (or Upgrade while trialing). */
export const selectCancelled = (snapshot: LifecycleSnapshot): boolean => snapshot.hasTag('cancelled');

/** A payment is being confirmed or billing read again after it. */
export const selectConfirmingPayment = (snapshot: LifecycleSnapshot): boolean => snapshot.hasTag('busy');

/** 'Subscription expected' or 'Unexpected subscription status'. */
export const selectLifecycleError = (snapshot: LifecycleSnapshot): string | null =>
  snapshot.context.errorMessage;
