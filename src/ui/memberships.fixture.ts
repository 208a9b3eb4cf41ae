// Memberships for the view tests: a team and the caller's profile in it, with overridable fields.
import type { Team, TeamMembership, TeamUser } from '@/domain/entities';

export function membershipFixture(
  team: Partial<Team> & Pick<Team, 'id' | 'name'>,
  profile: Partial<TeamUser> & Pick<TeamUser, 'id' | 'email'>,
): TeamMembership {
  return {
    team: {
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
      ...team,
    },
    profile: {
      teamId: team.id,
      fullName: 'Olivia Owens',
      avatar: null,
      role: 'owner',
      status: 'active',
      teamStatus: 'active',
      isBanned: false,
      inviterId: null,
      ...profile,
    },
  };
}

/** Three teams in name order, as the selector receives them. */
export const SELECTABLE_MEMBERSHIPS: TeamMembership[] = [
  membershipFixture(
    { id: 1, name: 'Acme Inc', logo: '/api/v1/logos/acme' },
    { id: 11, email: 'olivia@acme.test' },
  ),
  membershipFixture(
    { id: 2, name: 'Basic Bakery', plan: 'basic' },
    { id: 21, email: 'olivia@bakery.test', role: 'member' },
  ),
  membershipFixture({ id: 3, name: 'Trial Tech', plan: 'plus' }, { id: 31, email: 'olivia@trial.test' }),
];
