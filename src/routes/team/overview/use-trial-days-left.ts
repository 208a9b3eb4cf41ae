import { useEffect, useState } from 'react';
import type { Team } from '@/domain/entities';
import { isTrialing, trialDaysLeft } from '@/domain/trial';

/** Spec section 9: the current-time ticker refreshes every 5 s. */
export const NOW_TICK_MS = 5000;

/**
 * 'Trial ends in N days' while the team is trialing, null otherwise. The clock is read every
 * NOW_TICK_MS; the page re-renders only when the whole days change.
 */
export function useTrialDaysLeft(team: Pick<Team, 'trialStatus' | 'trialEndAt'>): number | null {
  const trialing = isTrialing(team);
  const { trialEndAt } = team;
  const [daysLeft, setDaysLeft] = useState(() => trialDaysLeft(trialEndAt, Date.now()));
  useEffect(() => {
    setDaysLeft(trialDaysLeft(trialEndAt, Date.now()));
    if (!trialing) return;
    const timer = setInterval(() => setDaysLeft(trialDaysLeft(trialEndAt, Date.now())), NOW_TICK_MS);
    return () => clearInterval(timer);
  }, [trialing, trialEndAt]);
  return trialing ? daysLeft : null;
}
