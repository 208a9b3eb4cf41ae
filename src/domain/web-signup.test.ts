import { describe, expect, it } from 'vitest';
import { webLoginTarget } from './web-signup';

describe('webLoginTarget', () => {
  it('defaults destination, plan and team (spec section 9)', () => {
    expect(webLoginTarget(new URLSearchParams(''))).toEqual({
      destination: 'stripe_checkout',
      teamPlanId: 'premium_365',
      teamId: '0',
    });
    expect(webLoginTarget(new URLSearchParams('team_plan_id=&team_id=%20'))).toMatchObject({
      teamPlanId: 'premium_365',
      teamId: '0',
    });
  });

  it('keeps what the query gives', () => {
    expect(webLoginTarget(new URLSearchParams('destination=x&team_plan_id=pro_30&team_id=12'))).toEqual({
      destination: 'x',
      teamPlanId: 'pro_30',
      teamId: '12',
    });
  });
});
