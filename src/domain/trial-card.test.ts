import type { Card } from './entities';
import { addCardText, cardNeededBy } from './trial-card';

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
