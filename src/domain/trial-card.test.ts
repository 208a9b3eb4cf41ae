import type { Card } from './entities';
import { addCardText, cardNeededBy, endedTrialText } from './trial-card';

const card: Card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 };
const trialing = { status: 'trialing' as const, trialEndAt: 1_800_000_000 };

describe('cardNeededBy', () => {
  it('a trial without a card needs one by its end', () => {
    expect(cardNeededBy(trialing, null, false)).toBe(1_800_000_000);
  });

  it('not with a card, when cancelled, when not trialing, or without a subscription', () => {
    expect(cardNeededBy(trialing, card, false)).toBeNull();
    expect(cardNeededBy(trialing, null, true)).toBeNull();
    expect(cardNeededBy({ status: 'active', trialEndAt: null }, null, false)).toBeNull();
    expect(cardNeededBy(null, null, false)).toBeNull();
  });
});

it('words the request with the plan and the date', () => {
  expect(addCardText('Premium', 'Dec 5, 2026')).toBe('Add a card to keep Premium after Dec 5, 2026');
});

it('says which trial ended, when, and how to get the plan back (or upgrade, for a plan no longer sold)', () => {
  expect(endedTrialText('Pro', 'Nov 20, 2026')).toBe(
    'The Pro trial ended on Nov 20, 2026. Choose a plan below to get it back.',
  );
  expect(endedTrialText('Premium', 'Nov 20, 2026', false)).toBe(
    'The Premium trial ended on Nov 20, 2026. Choose a plan below to upgrade again.',
  );
});
