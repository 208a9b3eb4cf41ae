import { describe, expect, it } from 'vitest';
import {
  ADMIN_SETTINGS,
  billingLinkLabel,
  confirmsTeamName,
  domainSignupLabel,
  teamNameError,
  teamPlanTitle,
} from './team-details';

describe('team details', () => {
  it('names the plans', () => {
    expect(['basic', 'plus', 'premium', 'pro'].map((plan) => teamPlanTitle(plan as 'basic'))).toEqual([
      'Basic',
      'Plus',
      'Premium',
      'Pro',
    ]);
  });

  it('offers Upgrade on the basic plan and Change Plan on a paid one', () => {
    expect(billingLinkLabel('basic')).toBe('Upgrade');
    expect(billingLinkLabel('plus')).toBe('Change Plan');
    expect(billingLinkLabel('premium')).toBe('Change Plan');
    expect(billingLinkLabel('pro')).toBe('Change Plan');
  });

  it("lists 'Admins Can' in the spec's words", () => {
    expect(ADMIN_SETTINGS.map(({ label }) => label)).toEqual([
      'Manage user roles',
      'Deactivate users',
      'Delete users',
    ]);
  });

  it('words the domain sign-up option with the domain', () => {
    expect(domainSignupLabel('acme.test')).toBe('Any email address from acme.test');
  });

  it("refuses an empty or blank team name with field name, 'must not be empty'", () => {
    expect(teamNameError('')).toEqual({ field: 'name', message: 'must not be empty' });
    expect(teamNameError('   ')).toEqual({ field: 'name', message: 'must not be empty' });
    expect(teamNameError(' Acme ')).toBeNull();
  });

  it('confirms delete or leave only with the exact team name', () => {
    expect(confirmsTeamName('Acme Inc', 'Acme Inc')).toBe(true);
    expect(confirmsTeamName('acme inc', 'Acme Inc')).toBe(false);
    expect(confirmsTeamName('Acme Inc ', 'Acme Inc')).toBe(false);
    expect(confirmsTeamName('', 'Acme Inc')).toBe(false);
  });
});
