import { memberRowActions } from '@/domain/permissions';
import { teamUser } from '@/machines/members.test-kit';
import { requestFor, rowActionsFor } from './row-actions';

const team = {
  plan: 'premium' as const,
  settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true },
};
const owner = teamUser({ id: 1, role: 'owner' });
const admin = teamUser({ id: 2, role: 'admin' });

const menuOf = (actor: typeof owner, target: typeof owner) =>
  rowActionsFor(memberRowActions(actor, team, target), target);

describe('row actions', () => {
  it('offers an active member role, Deactivate and Delete', () => {
    expect(menuOf(owner, teamUser({ role: 'member' }))).toEqual(['makeAdmin', 'deactivate', 'delete']);
    expect(menuOf(owner, teamUser({ role: 'admin' }))).toEqual(['makeMember', 'deactivate', 'delete']);
  });

  it('offers an inactive member Activate and Delete, no role', () => {
    expect(menuOf(owner, teamUser({ role: 'admin', isBanned: true }))).toEqual(['activate', 'delete']);
    expect(menuOf(owner, teamUser({ teamStatus: 'pending', isBanned: true }))).toEqual([
      'activate',
      'delete',
    ]);
  });

  it('offers nothing on an owner row', () => {
    expect(menuOf(admin, owner)).toEqual([]);
  });

  it("offers a pending invitee resend, 'Cancel invitation' and the role it will join with, never Deactivate", () => {
    const invitee = teamUser({ teamStatus: 'pending', inviterId: 2 });
    expect(menuOf(admin, invitee)).toEqual(['resendInvitation', 'cancelInvitation', 'makeAdmin']);
    // The owner did not send it, but may remove people: the same kick, named for what it does.
    expect(menuOf(owner, invitee)).toEqual(['resendInvitation', 'cancelInvitation', 'makeAdmin']);
    // An admin who neither sent it nor may delete: no cancel.
    const strict = { ...team, settings: { ...team.settings, adminsCanDelete: false } };
    const other = teamUser({ teamStatus: 'pending', inviterId: 1 });
    expect(rowActionsFor(memberRowActions(admin, strict, other), other)).toEqual([
      'resendInvitation',
      'makeAdmin',
    ]);
  });

  it('turns each entry into the request the members machine runs', () => {
    expect(requestFor('makeAdmin')).toEqual({ kind: 'changeRole', role: 'admin' });
    expect(requestFor('makeMember')).toEqual({ kind: 'changeRole', role: 'member' });
    expect(requestFor('deactivate')).toEqual({ kind: 'deactivate' });
    expect(requestFor('cancelInvitation')).toEqual({ kind: 'cancelInvitation' });
  });
});
