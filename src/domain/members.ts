// The member list's filter and order (spec section 2, 'Members'; section 4, member status).

import { compareEnglishNames } from './english-format';
import type { TeamUser } from './entities';

export type MemberFilter = 'everyone' | 'members' | 'admins' | 'pending';

/** The filter menu, in the order it is shown. */
export const MEMBER_FILTERS: readonly { value: MemberFilter; label: string }[] = [
  { value: 'everyone', label: 'Everyone' },
  { value: 'members', label: 'Members only' },
  { value: 'admins', label: 'Admins only' },
  { value: 'pending', label: 'Pending only' },
];

export const DEFAULT_MEMBER_FILTER: MemberFilter = 'everyone';

/** A filter named in the page's address (`?filter=pending`); anything unknown is the default. */
export function parseMemberFilter(value: string | null | undefined): MemberFilter {
  return MEMBER_FILTERS.find((filter) => filter.value === value)?.value ?? DEFAULT_MEMBER_FILTER;
}

/** The search's words, lower-case; none: the search lets everyone through. */
function searchWords(search: string): string[] {
  return search.toLowerCase().split(/\s+/u).filter(Boolean);
}

/** Whether every word of the search appears in the member's name or email (any case). */
export function matchesMemberSearch(user: Pick<TeamUser, 'fullName' | 'email'>, search: string): boolean {
  const words = searchWords(search);
  if (words.length === 0) return true;
  const haystack = `${user.fullName}\n${user.email}`.toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** The fields the list rules read; generic callers may pass richer objects. */
export type ListedMember = Pick<
  TeamUser,
  'role' | 'status' | 'teamStatus' | 'isBanned' | 'fullName' | 'email'
>;

/** The name shown for a member: the full name, or the email while an invitee has not set one. */
export function displayName(user: Pick<TeamUser, 'fullName' | 'email'>): string {
  const name = user.fullName.trim();
  return name === '' ? user.email : name;
}

/** Whether a member appears under a filter. Removed members ('deleted') never appear. */
export function matchesMemberFilter(user: ListedMember, filter: MemberFilter): boolean {
  if (user.teamStatus === 'deleted') return false;
  switch (filter) {
    case 'everyone':
      return true;
    case 'members':
      return user.role === 'member';
    case 'admins':
      // Owners administer the team too, so 'Admins only' lists them with the admins.
      return user.role === 'owner' || user.role === 'admin';
    case 'pending':
      // A banned invitee cannot accept any more, so it is not "pending" from the team's point of view.
      return user.teamStatus === 'pending' && !user.isBanned;
  }
}

/**
 * The three status criteria packed into one number, most significant first:
 * not banned before banned, active status before any other, active team status before pending.
 */
function statusRank(user: ListedMember): number {
  return (
    (user.isBanned ? 4 : 0) + (user.status === 'active' ? 0 : 2) + (user.teamStatus === 'active' ? 0 : 1)
  );
}

/** The list order for two members; exported for inserting one member into an already sorted list. */
export function compareMembers(a: ListedMember, b: ListedMember): number {
  return statusRank(a) - statusRank(b) || compareEnglishNames(displayName(a), displayName(b));
}

/**
 * The visible list (the filter and the search over name and email): one filtering pass that also computes each member's sort keys once, then one
 * stable sort on those keys. Teams reach thousands of members, so the comparator does no per-call
 * string work beyond the collator, and members with equal keys keep the server's order.
 */
export function filterAndSortMembers<T extends ListedMember>(
  users: readonly T[],
  filter: MemberFilter,
  search = '',
): T[] {
  const rows: { user: T; rank: number; name: string }[] = [];
  for (const user of users) {
    if (matchesMemberFilter(user, filter) && matchesMemberSearch(user, search))
      rows.push({ user, rank: statusRank(user), name: displayName(user) });
  }
  rows.sort((a, b) => a.rank - b.rank || compareEnglishNames(a.name, b.name));
  return rows.map((row) => row.user);
}

export const INACTIVE_MEMBER_LABEL = 'Inactive';

/** The status label beside a member's name: banned (deactivated) members read 'Inactive'. */
export function memberStatusLabel(user: Pick<TeamUser, 'isBanned'>): typeof INACTIVE_MEMBER_LABEL | null {
  return user.isBanned ? INACTIVE_MEMBER_LABEL : null;
}
