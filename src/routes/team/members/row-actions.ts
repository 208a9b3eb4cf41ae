// From the domain's permission verdicts (spec section 6) to a row's menu and back to the request the
// members machine runs. Nothing here decides who may do what.
import type { TeamUser } from '@/domain/entities';
import { type MemberAction, roleAfterChange } from '@/domain/permissions';
import type { MemberActionRequest } from '@/machines/members-action.machine';
import type { MemberRowAction } from '@/ui/members/member-row-action';

/**
 * The menu of a row, in the order the domain gives its actions (memberRowActions: per status, only
 * what makes sense for the row). 'Cancel invitation' is the kick of a pending invitee.
 */
export function rowActionsFor(actions: readonly MemberAction[], user: TeamUser): MemberRowAction[] {
  return actions.map((action) => rowActionOf(action, user));
}

function rowActionOf(action: MemberAction, user: TeamUser): MemberRowAction {
  switch (action) {
    case 'changeRole':
      return roleAfterChange(user.role) === 'admin' ? 'makeAdmin' : 'makeMember';
    case 'deactivate':
      return user.isBanned ? 'activate' : 'deactivate';
    case 'resendInvitation':
    case 'cancelInvitation':
      return action;
    case 'deleteUser':
      return 'delete';
  }
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
