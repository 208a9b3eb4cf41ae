import type { SnapshotFrom } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import {
  DEFAULT_MEMBER_FILTER,
  filterAndSortMembers,
  type MemberFilter,
  matchesMemberFilter,
} from '@/domain/members';
import type { membersMachine } from './members.machine';

type MembersSnapshot = SnapshotFrom<typeof membersMachine>;

/** The first page is on its way: nothing to show yet. */
export const selectMembersLoading = (snapshot: MembersSnapshot): boolean => snapshot.hasTag('loading');

/** The first page shows; later pages are still coming. */
export const selectMembersLoadingMore = (snapshot: MembersSnapshot): boolean =>
  snapshot.hasTag('loadingMore');

/** The message of a failed page load, shown with Retry. */
export const selectMembersError = (snapshot: MembersSnapshot): string | null =>
  snapshot.matches({ list: 'failed' }) ? snapshot.context.errorMessage : null;

export const selectMemberFilter = (snapshot: MembersSnapshot): MemberFilter => snapshot.context.filter;

export const selectMemberSearch = (snapshot: MembersSnapshot): string => snapshot.context.search;

export const selectMemberCount = (snapshot: MembersSnapshot): number => snapshot.context.users.length;

/** Remembers its last answer: recomputes only when one of the inputs is a different object. */
function memoizeLast<A, B, R>(compute: (a: A, b: B) => R): (a: A, b: B) => R {
  let last: { a: A; b: B; result: R } | null = null;
  return (a, b) => {
    if (!last || last.a !== a || last.b !== b) last = { a, b, result: compute(a, b) };
    return last.result;
  };
}

/**
 * The rows on show, filtered, searched and ordered: one filterAndSortMembers per change of the list,
 * the filter or the search, however often the actor's snapshot changes otherwise. One selector per view (it remembers
 * one answer), made with useMemo or useState.
 */
export function createVisibleMembersSelector(): (snapshot: MembersSnapshot) => TeamUser[] {
  const visible = memoizeLast((users: TeamUser[], view: { filter: MemberFilter; search: string }) =>
    filterAndSortMembers(users, view.filter, view.search),
  );
  let lastView = { filter: DEFAULT_MEMBER_FILTER as MemberFilter, search: '' };
  return (snapshot) => {
    const { filter, search } = snapshot.context;
    if (lastView.filter !== filter || lastView.search !== search) lastView = { filter, search };
    return visible(snapshot.context.users, lastView);
  };
}

/** Pending invitations (pending, not banned), in list order, for the banner; same array until the list changes. */
export function createPendingInvitationsSelector(): (snapshot: MembersSnapshot) => TeamUser[] {
  const pending = memoizeLast((users: TeamUser[], _: null) =>
    users.filter((user) => matchesMemberFilter(user, 'pending')),
  );
  return (snapshot) => pending(snapshot.context.users, null);
}

/** Rows with an action in flight: their menus wait until it is done. */
export function createBusyUserIdsSelector(): (snapshot: MembersSnapshot) => ReadonlySet<number> {
  const busy = memoizeLast(
    (actions: MembersSnapshot['context']['actions'], _: null) =>
      new Set(actions.map((action) => action.userId)),
  );
  return (snapshot) => busy(snapshot.context.actions, null);
}

/** The user the Delete dialog asks about, or null when it is closed. */
export const selectUserToDelete = (snapshot: MembersSnapshot): TeamUser | null => {
  if (!snapshot.hasTag('confirming')) return null;
  const { users, confirmingUserId } = snapshot.context;
  return users.find((user) => user.id === confirmingUserId) ?? null;
};
