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
 * Why a mailed sign-in link sent the browser back to /web-login: the `link` query value the server's
 * link landing sends, from this fixed list only (never text from the request). Spec section 2 gives
 * no text for these.
 */
export const LINK_PROBLEMS = ['invalid', 'used', 'expired', 'unavailable'] as const;
export type LinkProblem = (typeof LINK_PROBLEMS)[number];

const LINK_PROBLEM_TEXT: Record<LinkProblem, string> = {
  invalid: 'This sign-in link is invalid. Enter your email to get a new one.',
  used: 'This sign-in link was already used. Enter your email to get a new one.',
  expired: 'This sign-in link has expired. Enter your email to get a new one.',
  unavailable:
    'Sign-up cannot be finished right now because payments are not available. Your link was not used: open it again later.',
};

export function signInLinkProblem(value: string | null): string | null {
  return value !== null && Object.hasOwn(LINK_PROBLEM_TEXT, value)
    ? LINK_PROBLEM_TEXT[value as LinkProblem]
    : null;
}

/**
 * Why a Google or Microsoft sign-in sent the browser back to /web-login: the `oauth` query value the
 * server's callback sends, from this fixed list only. Spec section 2 gives no text for these.
 */
export const OAUTH_PROBLEMS = [
  'browser',
  'cancelled',
  'expired',
  'failed',
  'unverified',
  'linked',
  'unavailable',
] as const;
export type OAuthProblem = (typeof OAUTH_PROBLEMS)[number];

const OAUTH_PROBLEM_TEXT: Record<OAuthProblem, string> = {
  // No state cookie: a callback this browser did not start (login CSRF), or one that took too long.
  browser: 'This sign-in was not started in this browser, or it took too long. Please sign in again.',
  cancelled: 'The sign-in was cancelled. Choose how you want to continue.',
  expired: 'This sign-in took too long or was already finished. Please sign in again.',
  failed: 'The sign-in could not be finished. Please try again.',
  unverified:
    'Google or Microsoft did not confirm that this email address is yours. Enter your email to get a sign-in link instead.',
  linked:
    'This email address is already linked to another account at that provider. Sign in with that account, or enter your email to get a sign-in link.',
  unavailable:
    'Sign-up cannot be finished right now: this server cannot take payments yet. Please try again later.',
};

export function oauthSignInProblem(value: string | null): string | null {
  return value !== null && Object.hasOwn(OAUTH_PROBLEM_TEXT, value)
    ? OAUTH_PROBLEM_TEXT[value as OAuthProblem]
    : null;
}
