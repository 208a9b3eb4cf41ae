// What the team Overview shows and checks (spec sections 2 'Overview', 5 and 6): plan names, the
// billing link, the owner's settings, the team name rule and the typed confirmation of delete/leave.

import type { TeamPlan, TeamSettings } from './entities';
import type { FieldError } from './error-codes';

const PLAN_TITLES: Record<TeamPlan, string> = {
  basic: 'Basic',
  plus: 'Plus',
  premium: 'Premium',
  pro: 'Pro',
};

export function teamPlanTitle(plan: TeamPlan): string {
  return PLAN_TITLES[plan] ?? plan;
}

/** The link to billing: an upsell on the free plan, a plan change on a paid one. */
export function billingLinkLabel(plan: TeamPlan): 'Upgrade' | 'Change Plan' {
  return plan === 'basic' ? 'Upgrade' : 'Change Plan';
}

/** 'Admins Can' (spec section 6), in the order shown. */
export const ADMIN_SETTINGS: readonly { key: keyof TeamSettings; label: string }[] = [
  { key: 'adminsCanAssignAdmins', label: 'Manage user roles' },
  { key: 'adminsCanDeactivate', label: 'Deactivate users' },
  { key: 'adminsCanDelete', label: 'Delete users' },
];

export const INVITATION_ONLY_LABEL = 'Invitation only';

/** 'Any email address from {domain}': anyone with an address at the team's domain may join. */
export function domainSignupLabel(domain: string): string {
  return `Any email address from ${domain}`;
}

export const TEAM_NAME_FIELD = 'name';
export const EMPTY_TEAM_NAME_MESSAGE = 'must not be empty';

/** The team name as saved: trimmed. */
export function normalizeTeamName(name: string): string {
  return name.trim();
}

/** Spec section 5: field name, 'must not be empty' (blank counts as empty, the name is trimmed). */
export function teamNameError(name: string): FieldError | null {
  return normalizeTeamName(name) === '' ? { field: TEAM_NAME_FIELD, message: EMPTY_TEAM_NAME_MESSAGE } : null;
}

export const CONFIRM_TEAM_NAME_FIELD = 'Team name';
export const INCORRECT_TEAM_NAME_MESSAGE = 'is incorrect';

/**
 * Delete or leave team needs the team name typed exactly (spec section 5): same letters, same case,
 * no stray spaces. Deliberately strict, since both cannot be undone.
 */
export function confirmsTeamName(typed: string, teamName: string): boolean {
  return typed === teamName;
}

/**
 * The one line an owner on the basic plan reads where settings are hidden (beside the Upgrade link):
 * 'Admins Can' always, and Team Signup too when the team has no domain to show it for.
 */
export function paidPlanSettingsNote(signupShown: boolean): string {
  return signupShown
    ? 'Admins Can comes with a paid plan.'
    : 'Team Signup and Admins Can come with a paid plan.';
}
