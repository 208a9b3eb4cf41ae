// The {teamId}-{userId} path segment that addresses a membership (spec sections 2 and 3).

/**
 * A membership: the team and the user in it. Also the errorData of 1502/1600/1850, which team user a
 * failure is about.
 */
export interface TeamUserRef {
  teamId: number;
  userId: number;
}

/**
 * Canonical decimal only: no sign, no leading zero, no spaces. One membership then has exactly one
 * URL, so '012-34' or '+12-34' cannot reach the same screen (or cache entry) under a second address.
 */
const TEAM_USER_REF = /^([1-9][0-9]*)-([1-9][0-9]*)$/u;

/** '12-34' -> { teamId: 12, userId: 34 }; null for anything that is not two positive safe integers. */
export function parseTeamUserRef(segment: string): TeamUserRef | null {
  const match = TEAM_USER_REF.exec(segment);
  if (match === null) return null;
  const teamId = Number(match[1]);
  const userId = Number(match[2]);
  return Number.isSafeInteger(teamId) && Number.isSafeInteger(userId) ? { teamId, userId } : null;
}

function isId(value: number): boolean {
  return Number.isSafeInteger(value) && value > 0;
}

/** { teamId: 12, userId: 34 } -> '12-34'. Throws on ids parseTeamUserRef would reject: that is a bug. */
export function formatTeamUserRef(ref: TeamUserRef): string {
  if (!isId(ref.teamId) || !isId(ref.userId)) {
    throw new RangeError(`Invalid team user ref: ${ref.teamId}-${ref.userId}`);
  }
  return `${ref.teamId}-${ref.userId}`;
}
