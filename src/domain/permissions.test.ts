import { describe, expect, it } from 'vitest';
import type { Role, TeamPlan, TeamSettings, TeamStatus } from './entities';
import {
  allowedMemberActions,
  canCancelInvitation,
  canChangeRole,
  canDeactivate,
  canDeleteUser,
  canEditTeamSettings,
  canInvite,
  canLeaveTeam,
  canResendInvitation,
  deleteTeamBlockedReason,
  isActionAllowed,
  isMemberAction,
  isPaidPlan,
  MEMBER_ACTIONS,
  memberRowActions,
  type PermissionAction,
  type PermissionContext,
  roleAfterChange,
  TEAM_ACTIONS,
  teamNav,
} from './permissions';

// --- The spec (section 6) written as data, independently of the implementation. ---------------------
//
// Each role maps to the conditions that must ALL hold, or to `never`. Conditions:
//   paid                 the team plan is not basic
//   <settings flag>      that 'Admins Can' setting is on
//   notOwnerRow          the target row is not an owner ("Actions never apply to an owner row")
//   listedRow            the target row is not removed (deleted members are hidden)
//   pendingRow           the target is a pending invitation
//   actorInvitedTarget   the actor sent that invitation
type Condition =
  | 'paid'
  | keyof TeamSettings
  | 'notOwnerRow'
  | 'listedRow'
  | 'pendingRow'
  | 'actorInvitedTarget';
type Rule = readonly Condition[] | 'never';
const always: Rule = [];
const row = ['notOwnerRow', 'listedRow'] as const;

const SPEC: Record<PermissionAction, Record<Role, Rule>> = {
  // Owner: edits team; edits team settings (not on basic); deletes the team; accesses billing.
  editTeam: { owner: always, admin: 'never', member: 'never' },
  editTeamSettings: { owner: ['paid'], admin: 'never', member: 'never' },
  deleteTeam: { owner: always, admin: 'never', member: 'never' },
  // Owner cannot leave the team; admin and member may.
  leaveTeam: { owner: 'never', admin: always, member: always },
  accessBilling: { owner: always, admin: 'never', member: 'never' },
  // Billing and the Talk links are visible to the owner only.
  seeBillingNav: { owner: always, admin: 'never', member: 'never' },
  seeTalkLinks: { owner: always, admin: 'never', member: 'never' },
  // Owner changes roles (non-basic); admin only on non-basic and only if adminsCanAssignAdmins.
  changeRole: { owner: [...row, 'paid'], admin: [...row, 'paid', 'adminsCanAssignAdmins'], member: 'never' },
  // Owner deactivates; admin only on non-basic and only if adminsCanDeactivate.
  deactivate: { owner: [...row], admin: [...row, 'paid', 'adminsCanDeactivate'], member: 'never' },
  // Owner deletes users; admin only if adminsCanDelete.
  deleteUser: { owner: [...row], admin: [...row, 'adminsCanDelete'], member: 'never' },
  // Owner and admin resend invitations.
  resendInvitation: { owner: [...row, 'pendingRow'], admin: [...row, 'pendingRow'], member: 'never' },
  // The user who sent a pending invitation can cancel it.
  cancelInvitation: {
    owner: [...row, 'pendingRow', 'actorInvitedTarget'],
    admin: [...row, 'pendingRow', 'actorInvitedTarget'],
    member: [...row, 'pendingRow', 'actorInvitedTarget'],
  },
};

// --- The world the matrix ranges over. ---------------------------------------------------------------
const ROLES: readonly Role[] = ['owner', 'admin', 'member'];
const PLANS: readonly TeamPlan[] = ['basic', 'plus', 'premium', 'pro'];
const SETTINGS: readonly TeamSettings[] = [false, true].flatMap((adminsCanAssignAdmins) =>
  [false, true].flatMap((adminsCanDeactivate) =>
    [false, true].map((adminsCanDelete) => ({ adminsCanAssignAdmins, adminsCanDeactivate, adminsCanDelete })),
  ),
);
const TARGET_ROLES: readonly Role[] = ['owner', 'admin', 'member'];
const TARGET_STATUSES: readonly TeamStatus[] = ['active', 'pending', 'deleted'];
const ACTOR_ID = 7;

interface World {
  role: Role;
  plan: TeamPlan;
  settings: TeamSettings;
  targetRole: Role;
  targetStatus: TeamStatus;
  invitedByActor: boolean;
}

function holds(condition: Condition, w: World): boolean {
  switch (condition) {
    case 'paid':
      return w.plan !== 'basic';
    case 'adminsCanAssignAdmins':
    case 'adminsCanDeactivate':
    case 'adminsCanDelete':
      return w.settings[condition];
    case 'notOwnerRow':
      return w.targetRole !== 'owner';
    case 'listedRow':
      return w.targetStatus !== 'deleted';
    case 'pendingRow':
      return w.targetStatus === 'pending';
    case 'actorInvitedTarget':
      return w.invitedByActor;
  }
}

function expected(action: PermissionAction, w: World): boolean {
  const rule = SPEC[action][w.role];
  return rule !== 'never' && rule.every((condition) => holds(condition, w));
}

function contextOf(w: World): PermissionContext {
  return {
    actor: { id: ACTOR_ID, role: w.role },
    team: { plan: w.plan, settings: w.settings },
    target: {
      id: ACTOR_ID + 1,
      role: w.targetRole,
      teamStatus: w.targetStatus,
      inviterId: w.invitedByActor ? ACTOR_ID : 99,
    },
  };
}

function* worlds(role: Role, plan: TeamPlan): Generator<World> {
  for (const settings of SETTINGS)
    for (const targetRole of TARGET_ROLES)
      for (const targetStatus of TARGET_STATUSES)
        for (const invitedByActor of [false, true])
          yield { role, plan, settings, targetRole, targetStatus, invitedByActor };
}

describe('permission matrix (spec section 6)', () => {
  const ALL_ACTIONS = [...TEAM_ACTIONS, ...MEMBER_ACTIONS];

  it('covers every action', () => {
    expect(new Set(ALL_ACTIONS)).toEqual(new Set(Object.keys(SPEC)));
  });

  describe.each(ALL_ACTIONS)('%s', (action) => {
    it.each(ROLES.flatMap((role) => PLANS.map((plan) => [role, plan] as const)))(
      'as %s on %s, for every settings flag and target row',
      (role, plan) => {
        let checked = 0;
        for (const w of worlds(role, plan)) {
          const label = `${action} ${JSON.stringify(w)}`;
          expect(isActionAllowed(action, contextOf(w)), label).toBe(expected(action, w));
          checked++;
        }
        expect(checked).toBe(SETTINGS.length * TARGET_ROLES.length * TARGET_STATUSES.length * 2);
      },
    );
  });

  it('grants every action to someone and refuses every action to someone', () => {
    for (const action of ALL_ACTIONS) {
      const outcomes = new Set<boolean>();
      for (const role of ROLES)
        for (const plan of PLANS)
          for (const w of worlds(role, plan)) outcomes.add(isActionAllowed(action, contextOf(w)));
      expect(outcomes, action).toEqual(new Set([true, false]));
    }
  });
});

describe('isActionAllowed', () => {
  const owner = { id: 1, role: 'owner' } as const;
  const paidTeam = {
    plan: 'pro',
    settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true },
  } as const;

  it('refuses a member action without a target instead of guessing', () => {
    for (const action of MEMBER_ACTIONS) {
      expect(isActionAllowed(action, { actor: owner, team: paidTeam }), action).toBe(false);
      expect(isActionAllowed(action, { actor: owner, team: paidTeam, target: null }), action).toBe(false);
    }
  });

  it('ignores the target for team actions', () => {
    const ownerRow = { id: 1, role: 'owner', teamStatus: 'active', inviterId: null } as const;
    expect(isActionAllowed('editTeam', { actor: owner, team: paidTeam })).toBe(true);
    expect(isActionAllowed('editTeam', { actor: owner, team: paidTeam, target: ownerRow })).toBe(true);
  });

  it('tells member actions from team actions', () => {
    for (const action of MEMBER_ACTIONS) expect(isMemberAction(action)).toBe(true);
    for (const action of TEAM_ACTIONS) expect(isMemberAction(action)).toBe(false);
  });
});

describe('named rules, spot checks in the spec own words', () => {
  const flags = (on: boolean) => ({
    adminsCanAssignAdmins: on,
    adminsCanDeactivate: on,
    adminsCanDelete: on,
  });
  const owner = { id: 1, role: 'owner' } as const;
  const admin = { id: 2, role: 'admin' } as const;
  const member = { id: 3, role: 'member' } as const;
  const memberRow = { id: 10, role: 'member', teamStatus: 'active', inviterId: null } as const;
  const adminRow = { id: 11, role: 'admin', teamStatus: 'active', inviterId: null } as const;
  const ownerRow = { id: 12, role: 'owner', teamStatus: 'active', inviterId: null } as const;
  const invitedByAdmin = { id: 13, role: 'member', teamStatus: 'pending', inviterId: 2 } as const;

  it("refuses every row action on the actor's own row: an admin leaves instead", () => {
    const team = { plan: 'pro', settings: flags(true) } as const;
    const ownRow = { ...adminRow, id: admin.id };
    for (const action of MEMBER_ACTIONS) {
      expect(isActionAllowed(action, { actor: admin, team, target: ownRow }), action).toBe(false);
      // The same admin may act on another admin's row.
      expect(isActionAllowed(action, { actor: admin, team, target: adminRow }), action).toBe(
        ['changeRole', 'deactivate', 'deleteUser'].includes(action),
      );
    }
    expect(memberRowActions(admin, team, { ...ownRow, isBanned: false })).toEqual([]);
    expect(canLeaveTeam(admin)).toBe(true);
  });

  it('owner edits settings on paid plans only', () => {
    expect(canEditTeamSettings(owner, { plan: 'basic' })).toBe(false);
    expect(canEditTeamSettings(owner, { plan: 'plus' })).toBe(true);
  });

  it('owner cannot leave; admin and member may', () => {
    expect([owner, admin, member].map(canLeaveTeam)).toEqual([false, true, true]);
  });

  it('owner changes roles on a paid plan, never on basic, never on an owner row', () => {
    expect(canChangeRole(owner, { plan: 'premium', settings: flags(false) }, memberRow)).toBe(true);
    expect(canChangeRole(owner, { plan: 'basic', settings: flags(true) }, memberRow)).toBe(false);
    expect(canChangeRole(owner, { plan: 'premium', settings: flags(true) }, ownerRow)).toBe(false);
  });

  it('admin changes roles (both ways) only with adminsCanAssignAdmins on a paid plan', () => {
    expect(canChangeRole(admin, { plan: 'plus', settings: flags(true) }, adminRow)).toBe(true);
    expect(canChangeRole(admin, { plan: 'plus', settings: flags(false) }, memberRow)).toBe(false);
    expect(canChangeRole(admin, { plan: 'basic', settings: flags(true) }, memberRow)).toBe(false);
  });

  it('owner deactivates on any plan; admin only on paid with adminsCanDeactivate', () => {
    expect(canDeactivate(owner, { plan: 'basic', settings: flags(false) }, memberRow)).toBe(true);
    expect(canDeactivate(admin, { plan: 'basic', settings: flags(true) }, memberRow)).toBe(false);
    expect(canDeactivate(admin, { plan: 'pro', settings: flags(true) }, memberRow)).toBe(true);
  });

  it('admin deletes users with adminsCanDelete even on basic', () => {
    expect(canDeleteUser(admin, { plan: 'basic', settings: flags(true) }, memberRow)).toBe(true);
    expect(canDeleteUser(admin, { plan: 'pro', settings: flags(false) }, memberRow)).toBe(false);
    expect(canDeleteUser(owner, { plan: 'pro', settings: flags(false) }, ownerRow)).toBe(false);
  });

  it('only owner and admin resend, and only to a pending invitation', () => {
    const team = { plan: 'basic', settings: flags(false) } as const;
    expect(canResendInvitation(owner, team, invitedByAdmin)).toBe(true);
    expect(canResendInvitation(admin, team, invitedByAdmin)).toBe(true);
    expect(canResendInvitation(member, team, invitedByAdmin)).toBe(false);
    expect(canResendInvitation(owner, team, memberRow)).toBe(false);
  });

  it('only the inviter cancels a pending invitation, not even the owner', () => {
    const team = { plan: 'pro', settings: flags(true) } as const;
    expect(canCancelInvitation(admin, team, invitedByAdmin)).toBe(true);
    expect(canCancelInvitation(owner, team, invitedByAdmin)).toBe(false);
    expect(canCancelInvitation(member, team, { ...invitedByAdmin, inviterId: 3 })).toBe(true);
    expect(canCancelInvitation(admin, team, { ...invitedByAdmin, teamStatus: 'active' })).toBe(false);
  });

  it('lists the row menu in order', () => {
    const team = { plan: 'pro', settings: flags(true) } as const;
    expect(allowedMemberActions(owner, team, memberRow)).toEqual(['changeRole', 'deactivate', 'deleteUser']);
    expect(allowedMemberActions(admin, team, invitedByAdmin)).toEqual([
      'changeRole',
      'deactivate',
      'deleteUser',
      'resendInvitation',
      'cancelInvitation',
    ]);
    expect(allowedMemberActions(member, team, memberRow)).toEqual([]);
    expect(allowedMemberActions(owner, team, ownerRow)).toEqual([]);
  });

  describe('memberRowActions', () => {
    const team = { plan: 'pro', settings: flags(true) } as const;

    it('offers per status: active role, deactivate, delete; inactive activate and delete', () => {
      expect(memberRowActions(owner, team, { ...memberRow, isBanned: false })).toEqual([
        'changeRole',
        'deactivate',
        'deleteUser',
      ]);
      expect(memberRowActions(owner, team, { ...memberRow, isBanned: true })).toEqual([
        'deactivate',
        'deleteUser',
      ]);
    });

    it('offers a pending invitee resend, cancel and the role, never deactivate', () => {
      expect(memberRowActions(admin, team, { ...invitedByAdmin, isBanned: false })).toEqual([
        'resendInvitation',
        'cancelInvitation',
        'changeRole',
      ]);
      // The owner did not send it but may delete: cancel it all the same.
      expect(memberRowActions(owner, team, { ...invitedByAdmin, isBanned: false })).toEqual([
        'resendInvitation',
        'cancelInvitation',
        'changeRole',
      ]);
    });

    it('is always within what the permissions allow', () => {
      for (const actor of [owner, admin, member]) {
        for (const row of [memberRow, invitedByAdmin, ownerRow]) {
          for (const isBanned of [false, true]) {
            const allowed = allowedMemberActions(actor, team, row);
            for (const action of memberRowActions(actor, team, { ...row, isBanned })) {
              expect(
                allowed.includes(action) || (action === 'cancelInvitation' && allowed.includes('deleteUser')),
              ).toBe(true);
            }
          }
        }
      }
    });
  });
});

describe('isPaidPlan', () => {
  it('is false for basic only', () => {
    expect(PLANS.map(isPaidPlan)).toEqual([false, true, true, true]);
  });
});

describe('roleAfterChange', () => {
  it('turns a member into an admin and an admin into a member', () => {
    expect(roleAfterChange('member')).toBe('admin');
    expect(roleAfterChange('admin')).toBe('member');
  });
});

describe('deleteTeamBlockedReason', () => {
  it('blocks a premium team until its subscription is cancelled', () => {
    expect(deleteTeamBlockedReason({ plan: 'premium' })).toBe(
      'To delete your Premium Team, please cancel your subscription first',
    );
  });

  it.each(['basic', 'plus', 'pro'] as const)('does not block a %s team', (plan) => {
    expect(deleteTeamBlockedReason({ plan })).toBeNull();
  });
});

describe('teamNav', () => {
  const members = { key: 'members', label: 'Members', route: 'team-users' };
  const overview = { key: 'overview', label: 'Overview', route: 'team-overview' };

  it.each(['plus', 'premium', 'pro'] as const)(
    'gives an owner on %s Billing and Talk to Customer Success',
    (plan) => {
      expect(teamNav('owner', plan)).toEqual([
        members,
        overview,
        { key: 'billing', label: 'Billing', route: 'team-billing' },
        { key: 'talk-to-customer-success', label: 'Talk to Customer Success', route: 'team-contact-us' },
      ]);
    },
  );

  it('gives an owner on basic Upgrade (to billing) and Talk to Sales', () => {
    expect(teamNav('owner', 'basic')).toEqual([
      members,
      overview,
      { key: 'upgrade', label: 'Upgrade', route: 'team-billing' },
      { key: 'talk-to-sales', label: 'Talk to Sales', route: 'team-contact-us' },
    ]);
  });

  it.each(ROLES.filter((r) => r !== 'owner').flatMap((role) => PLANS.map((plan) => [role, plan] as const)))(
    'gives %s on %s only Members and Overview',
    (role, plan) => {
      expect(teamNav(role, plan)).toEqual([members, overview]);
    },
  );
});

describe('canInvite', () => {
  it('lets the owner and admins send invitations, and no member', () => {
    expect(canInvite({ role: 'owner' })).toBe(true);
    expect(canInvite({ role: 'admin' })).toBe(true);
    expect(canInvite({ role: 'member' })).toBe(false);
  });
});
