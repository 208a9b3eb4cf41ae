import { allowedMemberActions } from '@/domain/permissions';
import { teamUser } from '@/machines/members.test-kit';
import { requestFor, rowActionsFor } from './row-actions';

const team = {
  plan: 'premium' as const,
  settings: { adminsCanAssignAdmins: true, adminsCanDeactivate: true, adminsCanDelete: true },
};
const owner = teamUser({ id: 1, role: 'owner' });
const admin = teamUser({ id: 2, role: 'admin' });

const menuOf = (actor: typeof owner, target: typeof owner) =>
  rowActionsFor(allowedMemberActions(actor, team, target), target);

describe('row actions', () => {
  it('names the role change and the ban by where the row stands', () => {
    expect(menuOf(owner, teamUser({ role: 'member' }))).toEqual(['makeAdmin', 'deactivate', 'delete']);
    expect(menuOf(owner, teamUser({ role: 'admin', isBanned: true }))).toEqual([
      'makeMember',
      'activate',
      'delete',
    ]);
  });

  it('offers nothing on an owner row', () => {
    expect(menuOf(admin, owner)).toEqual([]);
  });

  it("gives the inviter 'Cancel invitation' in place of Delete, and others Delete", () => {
    const invitee = teamUser({ teamStatus: 'pending', inviterId: 2 });
    expect(menuOf(admin, invitee)).toEqual([
      'makeAdmin',
      'deactivate',
      'resendInvitation',
      'cancelInvitation',
    ]);
    expect(menuOf(owner, invitee)).toEqual(['makeAdmin', 'deactivate', 'resendInvitation', 'delete']);
  });

  it('turns each entry into the request the members machine runs', () => {
    expect(requestFor('makeAdmin')).toEqual({ kind: 'changeRole', role: 'admin' });
    expect(requestFor('makeMember')).toEqual({ kind: 'changeRole', role: 'member' });
    expect(requestFor('deactivate')).toEqual({ kind: 'deactivate' });
    expect(requestFor('cancelInvitation')).toEqual({ kind: 'cancelInvitation' });
  });
});
