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

/**
 * What a mailed sign-in link that no longer works tells the visitor, by the `link` query value the
 * server's link landing sends the browser back with (spec section 2 gives no text for it).
 */
const LINK_PROBLEMS: Record<string, string> = {
  invalid: 'This sign-in link is invalid. Enter your email to get a new one.',
  used: 'This sign-in link was already used. Enter your email to get a new one.',
  expired: 'This sign-in link has expired. Enter your email to get a new one.',
};

export function signInLinkProblem(value: string | null): string | null {
  return value !== null && Object.hasOwn(LINK_PROBLEMS, value) ? (LINK_PROBLEMS[value] ?? null) : null;
}

/**
 * What /web-login says when an OAuth callback came back to a browser that did not start the sign-in
 * (no state cookie: login CSRF, issue 20), by its `oauth` query value. Spec section 2 gives no text.
 */
const OAUTH_PROBLEMS: Record<string, string> = {
  browser: 'This sign-in was not started in this browser, or it took too long. Please sign in again.',
};

export function oauthSignInProblem(value: string | null): string | null {
  return value !== null && Object.hasOwn(OAUTH_PROBLEMS, value) ? (OAUTH_PROBLEMS[value] ?? null) : null;
}
