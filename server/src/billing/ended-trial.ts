import type { EndedTrial, Team } from '@domain/entities';
import type { EventsRepository } from '../db/repositories/events.repository';
import { TeamEventType } from '../events/team-event';

const PLANS = new Set(['plus', 'premium', 'pro']);

/**
 * The trial a team on Basic lost by ending it without a card, so the billing page can say which plan
 * it was and when it ended; null when the team is on a paid plan or its last drop to Basic was not
 * a trial's end (a paid subscription that ended).
 */
export async function endedTrialOf(
  events: EventsRepository,
  team: Pick<Team, 'id' | 'plan'>,
): Promise<EndedTrial | null> {
  if (team.plan !== 'basic') return null;
  const dropped = await events.lastOfType(team.id, TeamEventType.billingDroppedToBasic);
  const data = dropped?.data as { from?: unknown; reason?: unknown; trialEndAt?: unknown } | undefined;
  if (!dropped || data?.reason !== 'trial_ended' || typeof data.from !== 'string' || !PLANS.has(data.from))
    return null;
  // Drops recorded before the trial's end was kept with them: the drop's own time (its id, in ms).
  const endedAt =
    typeof data.trialEndAt === 'number' ? data.trialEndAt : Math.floor(Number(dropped.id) / 1000);
  return { plan: data.from as EndedTrial['plan'], endedAt };
}
