import { describe, expect, it } from 'vitest';
import {
  LINK_PROBLEMS,
  OAUTH_PROBLEMS,
  oauthSignInProblem,
  signInLinkProblem,
  webLoginTarget,
} from './web-signup';

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

describe('signInLinkProblem', () => {
  it('words the three ways a mailed link stops working, and nothing else', () => {
    expect(signInLinkProblem('expired')).toBe(
      'This sign-in link has expired. Enter your email to get a new one.',
    );
    expect(signInLinkProblem('used')).toMatch(/already used/);
    expect(signInLinkProblem('invalid')).toMatch(/invalid/);
    for (const value of [null, '', 'toString', '__proto__', 'other'])
      expect(signInLinkProblem(value)).toBeNull();
  });
});

describe('oauthSignInProblem', () => {
  it('words each way a Google or Microsoft sign-in can come back without signing in, and nothing else', () => {
    expect(oauthSignInProblem('browser')).toBe(
      'This sign-in was not started in this browser, or it took too long. Please sign in again.',
    );
    expect(oauthSignInProblem('cancelled')).toBe(
      'The sign-in was cancelled. Choose how you want to continue.',
    );
    expect(oauthSignInProblem('unverified')).toMatch(/did not confirm that this email address is yours/);
    for (const reason of OAUTH_PROBLEMS) expect(oauthSignInProblem(reason)).toMatch(/\.$/);
    for (const value of [null, '', 'toString', '__proto__', 'other', '<script>'])
      expect(oauthSignInProblem(value)).toBeNull();
  });
});

describe('signInLinkProblem for a link that cannot finish yet', () => {
  it('says the link was not used', () => {
    expect(signInLinkProblem('unavailable')).toMatch(/Your link was not used/);
    for (const reason of LINK_PROBLEMS) expect(signInLinkProblem(reason)).toBeTruthy();
  });
});
