// A trial without a card: it ends on its last day and the team drops to Basic, so billing
// must not promise a payment; it asks for the card that would keep the plan. Pure.
import type { Card, Subscription } from './entities';

/**
 * When a card is needed by (seconds since epoch): the trial's end while the subscription is trialing
 * with no card on file and no cancellation scheduled; null otherwise (the next payment is real then).
 */
export function cardNeededBy(
  subscription: Pick<Subscription, 'status' | 'trialEndAt'> | null,
  card: Card | null,
  cancelled: boolean,
): number | null {
  if (subscription?.status !== 'trialing' || card || cancelled) return null;
  return subscription.trialEndAt;
}

/** 'Add a card to keep Premium after Dec 5': the plan's title and the trial's last day. */
export const addCardText = (planTitle: string, date: string): string =>
  `Add a card to keep ${planTitle} after ${date}`;

/**
 * 'The Pro trial ended on Nov 20, 2026. Choose a plan below to get it back.': a team back on Basic
 * after a trial without a card learns why, and that the plan table is the way back. A plan no longer
 * sold (legacy Premium) cannot be had back, so then the table offers an upgrade instead.
 */
export const endedTrialText = (planTitle: string, date: string, onSale = true): string =>
  `The ${planTitle} trial ended on ${date}. Choose a plan below to ${onSale ? 'get it back' : 'upgrade again'}.`;
