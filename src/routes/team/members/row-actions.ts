// From the domain's permission verdicts (spec section 6) to a row's menu and back to the request the
// members machine runs. Nothing here decides who may do what.
import type { TeamUser } from '@/domain/entities';
import { type MemberAction, roleAfterChange } from '@/domain/permissions';
import type { MemberActionRequest } from '@/machines/members-action.machine';
import type { MemberRowAction } from '@/ui/members/member-row-action';

/**
 * The menu of a row, in menu order, for the actions the domain allows. The inviter's 'Cancel
 * invitation' does what 'Delete' does for an invitee (the same kick), so the row offers it alone.
 */
export function rowActionsFor(allowed: readonly MemberAction[], user: TeamUser): MemberRowAction[] {
  const menu: MemberRowAction[] = [];
  if (allowed.includes('changeRole')) {
    menu.push(roleAfterChange(user.role) === 'admin' ? 'makeAdmin' : 'makeMember');
  }
  if (allowed.includes('deactivate')) menu.push(user.isBanned ? 'activate' : 'deactivate');
  if (allowed.includes('resendInvitation')) menu.push('resendInvitation');
  if (allowed.includes('cancelInvitation')) menu.push('cancelInvitation');
  else if (allowed.includes('deleteUser')) menu.push('delete');
  return menu;
}

export function requestFor(action: MemberRowAction): MemberActionRequest {
  switch (action) {
    case 'makeAdmin':
      return { kind: 'changeRole', role: 'admin' };
    case 'makeMember':
      return { kind: 'changeRole', role: 'member' };
    case 'deactivate':
    case 'activate':
    case 'resendInvitation':
    case 'cancelInvitation':
    case 'delete':
      return { kind: action };
  }
}
