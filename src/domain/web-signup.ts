// Web sign-up's constants (spec sections 2 and 9): the query defaults and the plan's benefits.

/** Query defaults of /web-login (spec section 9). */
export const WEB_LOGIN_DEFAULTS = {
  destination: 'stripe_checkout',
  teamPlanId: 'premium_365',
  teamId: '0',
} as const;

/** The plan feature list of spec section 9, as weblogin-success lists it. */
export const PREMIUM_BENEFITS = [
  'Unlimited or high storage',
  'Shared inboxes',
  'Shared draft collaborators',
  'Advanced link settings',
] as const;

/** /web-login's query: destination, team_plan_id and team_id, each with its default when missing or blank. */
export function webLoginTarget(query: URLSearchParams) {
  const value = (name: string, fallback: string) => query.get(name)?.trim() || fallback;
  return {
    destination: value('destination', WEB_LOGIN_DEFAULTS.destination),
    teamPlanId: value('team_plan_id', WEB_LOGIN_DEFAULTS.teamPlanId),
    teamId: value('team_id', WEB_LOGIN_DEFAULTS.teamId),
  };
}
