import { membershipFixture } from '@/test/entity-fixtures';
import type { Role, TeamMembership, TeamPlan } from './entities';
import {
  findMembership,
  homeTarget,
  isUsableMembership,
  ownMembershipInTeam,
  selectableMemberships,
  withTeamUser,
} from './memberships';

let nextId = 1;
function membership(
  name: string,
  options: Partial<{
    plan: TeamPlan;
    role: Role;
    teamStatus: 'active' | 'pending' | 'deleted';
    isBanned: boolean;
    status: string;
  }> = {},
): TeamMembership {
  const id = nextId++;
  const { plan = 'premium', role = 'member', ...profile } = options;
  return membershipFixture(
    { id, name, plan, usersCnt: 1 },
    { id: id * 100, email: 'me@example.test', fullName: 'Me', role, ...profile },
  );
}

describe('selectableMemberships', () => {
  it('leaves out deleted, banned and inactive memberships', () => {
    const kept = membership('Kept');
    const list = [
      kept,
      membership('Deleted', { teamStatus: 'deleted' }),
      membership('Banned', { isBanned: true }),
      membership('Inactive', { status: 'disabled' }),
    ];
    expect(selectableMemberships(list)).toEqual([kept]);
    expect(list.map(isUsableMembership)).toEqual([true, false, false, false]);
  });

  it('sorts by team name, ignoring case', () => {
    const list = [membership('trial Tech'), membership('Acme Inc'), membership('basic Bakery')];
    expect(selectableMemberships(list).map(({ team }) => team.name)).toEqual([
      'Acme Inc',
      'basic Bakery',
      'trial Tech',
    ]);
  });
});

describe('homeTarget', () => {
  it('goes to the overview of the first team by name', () => {
    const acme = membership('Acme Inc');
    expect(homeTarget([membership('Zeta'), acme], false)).toEqual({
      route: 'team-overview',
      teamId: acme.team.id,
      userId: acme.profile.id,
    });
  });

  it('asked for billing, prefers an owned team whose plan is not premium', () => {
    const ownedPremium = membership('Acme Inc', { role: 'owner', plan: 'premium' });
    const ownedBasic = membership('Zeta Basic', { role: 'owner', plan: 'basic' });
    const memberBasic = membership('Basic Bakery', { role: 'member', plan: 'basic' });
    expect(homeTarget([ownedPremium, memberBasic, ownedBasic], true)).toEqual({
      route: 'team-billing',
      teamId: ownedBasic.team.id,
      userId: ownedBasic.profile.id,
    });
  });

  it('asked for billing, takes an owned premium team when that is all the user owns', () => {
    const ownedPremium = membership('Acme Inc', { role: 'owner', plan: 'premium' });
    expect(homeTarget([membership('Basic Bakery', { plan: 'basic' }), ownedPremium], true)?.teamId).toBe(
      ownedPremium.team.id,
    );
  });

  it('asked for billing without owning a team, falls back to the first overview', () => {
    const first = membership('Aardvark');
    expect(homeTarget([membership('Beta'), first], true)).toMatchObject({
      route: 'team-overview',
      teamId: first.team.id,
    });
  });

  it('has nowhere to go without a usable team', () => {
    expect(homeTarget([membership('Gone', { teamStatus: 'deleted' })], false)).toBeNull();
  });
});

describe('findMembership', () => {
  it('finds a usable membership by team and team-user id, and nothing else', () => {
    const acme = membership('Acme Inc');
    const banned = membership('Banned', { isBanned: true });
    expect(findMembership([acme, banned], acme.team.id, acme.profile.id)).toBe(acme);
    expect(findMembership([acme, banned], acme.team.id, acme.profile.id + 1)).toBeNull();
    expect(findMembership([acme, banned], banned.team.id, banned.profile.id)).toBeNull();
  });
});

describe('ownMembershipInTeam and withTeamUser', () => {
  it("finds the person's own usable membership in the team a link names", () => {
    const mine = membershipFixture({ id: 1, name: 'Acme Inc' }, { id: 3, email: 'mia@acme.test' });
    const other = membershipFixture({ id: 2, name: 'Basic Bakery' }, { id: 9, email: 'mia@acme.test' });
    const banned = membershipFixture(
      { id: 4, name: 'Gone' },
      { id: 5, email: 'mia@acme.test', isBanned: true },
    );
    expect(ownMembershipInTeam([other, mine, banned], 1)).toBe(mine);
    expect(ownMembershipInTeam([other, mine, banned], 4)).toBeNull();
    expect(ownMembershipInTeam([other, mine], 7)).toBeNull();
  });

  it('moves a team path to another team user, keeping the rest', () => {
    expect(withTeamUser('/teams/1-1/users', '1-1', '1-3')).toBe('/teams/1-3/users');
    expect(withTeamUser('/teams/1-1', '1-1', '1-3')).toBe('/teams/1-3');
    expect(withTeamUser('/teams/1-11/users', '1-1', '1-3')).toBe('/teams/1-11/users');
  });
});
