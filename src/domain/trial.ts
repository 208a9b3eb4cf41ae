// Team trial countdown (spec sections 1, 4 and 9).

import type { Team } from './entities';

/** Length of the free trial a new paid team gets. */
export const TRIAL_DAYS = 14;

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Whole days left in a trial ('Trial ends in N days'): the floor of the difference, so the badge never
 * promises a day the user does not fully have. 0 once ended or when there is no end date.
 * trialEndAt comes from the API in seconds; now is Date.now() milliseconds.
 */
export function trialDaysLeft(trialEndAtSeconds: number | null | undefined, nowMs: number): number {
  if (trialEndAtSeconds == null || !Number.isFinite(trialEndAtSeconds)) return 0;
  const leftMs = trialEndAtSeconds * 1000 - nowMs;
  return leftMs > 0 ? Math.floor(leftMs / DAY_MS) : 0;
}

/** Whether the team is in its trial: the countdown only shows while trialing (spec section 4). */
export function isTrialing(team: Pick<Team, 'trialStatus' | 'trialEndAt'>): boolean {
  return team.trialStatus === 'in_progress' && team.trialEndAt != null;
}
