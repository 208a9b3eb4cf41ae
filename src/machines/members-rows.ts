// The member list's rows as the members machine changes them: pages appended, changes shown before
// the server confirms them, and taken back when it refuses. Each returns a new array (the views and
// the memoised filter compare by identity) and leaves the input untouched.
import type { TeamUser } from '@/domain/entities';
import type { MemberActionRequest } from './members-action.machine';

/** Appends a page, skipping users already listed (an invitee added while later pages still load). */
export function appendRows(users: readonly TeamUser[], page: readonly TeamUser[]): TeamUser[] {
  if (page.length === 0) return users as TeamUser[];
  const listed = new Set(users.map((user) => user.id));
  const fresh = page.filter((user) => !listed.has(user.id) && user.teamStatus !== 'deleted');
  return fresh.length === 0 ? (users as TeamUser[]) : [...users, ...fresh];
}

/** Replaces the row with the same id; the list is unchanged (same array) when it is not there. */
export function replaceRow(users: readonly TeamUser[], user: TeamUser): TeamUser[] {
  const index = users.findIndex((row) => row.id === user.id);
  if (index < 0) return users as TeamUser[];
  const next = users.slice();
  next[index] = user;
  return next;
}

export function removeRows(users: readonly TeamUser[], ids: readonly number[]): TeamUser[] {
  if (ids.length === 0) return users as TeamUser[];
  const gone = new Set(ids);
  return users.filter((user) => !gone.has(user.id));
}

/** Puts a row back as it was: replaced if still listed, else re-inserted where it stood. */
export function restoreRow(users: readonly TeamUser[], before: TeamUser, index: number): TeamUser[] {
  if (users.some((row) => row.id === before.id)) return replaceRow(users, before);
  const next = users.slice();
  next.splice(Math.min(index, next.length), 0, before);
  return next;
}

/** The row as the action will leave it, or null when the action removes it. */
export function rowAfter(user: TeamUser, request: MemberActionRequest): TeamUser | null {
  switch (request.kind) {
    case 'changeRole':
      return { ...user, role: request.role };
    case 'deactivate':
      return { ...user, isBanned: true };
    case 'activate':
      return { ...user, isBanned: false };
    case 'delete':
    case 'cancelInvitation':
      return null;
    case 'resendInvitation':
      return user;
  }
}

/** The list with an action's outcome shown ahead of the server's answer. */
export function showRequest(users: readonly TeamUser[], index: number, request: MemberActionRequest) {
  const user = users[index];
  if (!user) return users as TeamUser[];
  const after = rowAfter(user, request);
  if (after === user) return users as TeamUser[];
  const next = users.slice();
  if (after === null) next.splice(index, 1);
  else next[index] = after;
  return next;
}
