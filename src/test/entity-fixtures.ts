// Entities with every field filled in, for tests: a test names the fields it is about and takes the
// defaults for the rest (an active member of a premium team with no settings switched on). Pure, so
// domain, machine, route and view tests share it.

import type { Team, TeamMembership, TeamUser } from '@/domain/entities';

export function teamFixture(fields: Partial<Team> & Pick<Team, 'id' | 'name'>): Team {
  return {
    logo: null,
    plan: 'premium',
    usersCnt: 3,
    domain: null,
    domainSignupsEnabled: false,
    trialStatus: null,
    trialEndAt: null,
    subscriptionCancelAt: null,
    paymentProvider: null,
    settings: { adminsCanAssignAdmins: false, adminsCanDeactivate: false, adminsCanDelete: false },
    ...fields,
  };
}

export function teamUserFixture(fields: Partial<TeamUser> & Pick<TeamUser, 'id' | 'email'>): TeamUser {
  return {
    teamId: 1,
    fullName: '',
    avatar: null,
    role: 'member',
    status: 'active',
    teamStatus: 'active',
    isBanned: false,
    inviterId: null,
    ...fields,
  };
}

/** A team and the caller's profile in it; the profile belongs to the team and is its owner by default. */
export function membershipFixture(
  team: Partial<Team> & Pick<Team, 'id' | 'name'>,
  profile: Partial<TeamUser> & Pick<TeamUser, 'id' | 'email'>,
): TeamMembership {
  return {
    team: teamFixture(team),
    profile: teamUserFixture({ teamId: team.id, fullName: 'Olivia Owens', role: 'owner', ...profile }),
  };
}
