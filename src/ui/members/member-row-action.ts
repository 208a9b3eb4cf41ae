// The entries of a member row's menu. Which ones a row gets is decided outside the view (from the
// domain's permission functions); the view only names and reports them.

export type MemberRowAction =
  | 'makeAdmin'
  | 'makeMember'
  | 'deactivate'
  | 'activate'
  | 'resendInvitation'
  | 'cancelInvitation'
  | 'delete';

export const MEMBER_ROW_ACTION_LABELS: Record<MemberRowAction, string> = {
  makeAdmin: 'Make admin',
  makeMember: 'Make member',
  deactivate: 'Deactivate',
  activate: 'Activate',
  resendInvitation: 'Resend invitation',
  cancelInvitation: 'Cancel invitation',
  delete: 'Delete',
};

/** Entries that remove someone or cut their access are shown in red. */
export const DESTRUCTIVE_ROW_ACTIONS: ReadonlySet<MemberRowAction> = new Set([
  'deactivate',
  'cancelInvitation',
  'delete',
]);

/** What a row's menu takes, closed (MemberRow.tsx) and open (RowMenuOpen.tsx, loaded on first open). */
export interface RowMenuProps {
  name: string;
  actions: readonly MemberRowAction[];
  onPick: (action: MemberRowAction) => void;
}
