// Which of the user's memberships the console offers, in what order, and where home sends the
// user (spec section 2: team selector and home).
import { compareEnglishNames } from './english-format';
import type { TeamMembership } from './entities';

/** Memberships with a deleted team status, banned, or not active are left out. */
export function isUsableMembership({ profile }: TeamMembership): boolean {
  return profile.teamStatus !== 'deleted' && !profile.isBanned && profile.status === 'active';
}

// English order, fixed (the console is English-only), without ICU for plain names (english-format.ts).
function byTeamName(a: TeamMembership, b: TeamMembership): number {
  return compareEnglishNames(a.team.name, b.team.name) || a.team.id - b.team.id;
}

/** The team selector's list: usable memberships sorted by team name. */
export function selectableMemberships(memberships: readonly TeamMembership[]): TeamMembership[] {
  return memberships.filter(isUsableMembership).sort(byTeamName);
}

export type HomeTarget = { route: 'team-overview' | 'team-billing'; teamId: number; userId: number };

/**
 * Where home sends the user. Asked for billing: the first team the user owns, preferring teams whose
 * plan is not premium. Otherwise (or when they own none) the overview of the first team by name.
 */
export function homeTarget(memberships: readonly TeamMembership[], wantsBilling: boolean): HomeTarget | null {
  const usable = selectableMemberships(memberships);
  if (wantsBilling) {
    const owned = usable.filter(({ profile }) => profile.role === 'owner');
    const billing = owned.find(({ team }) => team.plan !== 'premium') ?? owned[0];
    if (billing) return { route: 'team-billing', teamId: billing.team.id, userId: billing.profile.id };
  }
  const first = usable[0];
  return first ? { route: 'team-overview', teamId: first.team.id, userId: first.profile.id } : null;
}

export function findMembership(
  memberships: readonly TeamMembership[],
  teamId: number,
  userId: number,
): TeamMembership | null {
  return (
    memberships.find(
      (membership) =>
        membership.team.id === teamId && membership.profile.id === userId && isUsableMembership(membership),
    ) ?? null
  );
}

/**
 * The signed-in person's own usable membership in a team, or null. A shared link names the sharer's
 * team-user id (`/teams/1-1/users`); a teammate opening it goes to the same page under their own id.
 */
export function ownMembershipInTeam(
  memberships: readonly TeamMembership[],
  teamId: number,
): TeamMembership | null {
  return selectableMemberships(memberships).find((membership) => membership.team.id === teamId) ?? null;
}

/** A path under one team-user ref moved to another: `/teams/1-1/users` -> `/teams/1-3/users`. */
export function withTeamUser(path: string, from: string, to: string): string {
  const prefix = `/teams/${from}`;
  return path === prefix || path.startsWith(`${prefix}/`) ? `/teams/${to}${path.slice(prefix.length)}` : path;
}
