// The members page's first page of members, asked for as the console starts on
// /teams/{tid}-{uid}/users (main.tsx): beside the memberships and the page's own chunks, where the
// page would ask only once both are in, two round trips later. The list can then land with the
// frame (decision 036). The address names the team user; the server decides, as for every call, and
// a visitor who is not signed in asks with no token and is refused.
// The page's own first load takes the answer, once, and only while it is fresh. A failed early
// request is dropped here: the page asks again itself, through its own error handling, so nothing
// the early request meets is shown or escalated twice.
import type { ApiClient } from '@/api/client';
import { listUsers } from '@/api/users-list';
import type { Paged, TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/error-codes';
import { formatTeamUserRef, parseTeamUserRef } from '@/domain/team-user-ref';

/** Older than this, an early answer is not taken: the page asks afresh. */
export const EARLY_ANSWER_FRESH_MS = 5_000;

interface EarlyAnswer {
  answer: Promise<Paged<TeamUser>>;
  askedAt: number;
}

const early = new Map<string, EarlyAnswer>();

export function askFirstMembersPageEarly(api: ApiClient, ref: TeamUserRef, now = Date.now()): void {
  const answer = listUsers(api, ref);
  // Only the page's load reads it; until then a failure must not surface as an unhandled one.
  answer.catch(() => {});
  early.set(formatTeamUserRef(ref), { answer, askedAt: now });
}

const MEMBERS_PAGE = /^\/teams\/([^/]+)\/users\/?$/;

/** At start-up: asks early when the console opens on a members page (`pathname`), else nothing. */
export function askFirstMembersPageEarlyOn(api: ApiClient, pathname: string, now = Date.now()): void {
  const segment = MEMBERS_PAGE.exec(pathname)?.[1];
  const ref = segment ? parseTeamUserRef(segment) : null;
  if (ref) askFirstMembersPageEarly(api, ref, now);
}

/**
 * The early first page for `ref`, once: null when none was asked for, or it is stale. A failed
 * early answer becomes `askAgain()`'s.
 */
export function takeFirstMembersPage(
  ref: TeamUserRef,
  askAgain: () => Promise<Paged<TeamUser>>,
  now = Date.now(),
): Promise<Paged<TeamUser>> | null {
  const key = formatTeamUserRef(ref);
  const entry = early.get(key);
  early.delete(key);
  if (!entry || now - entry.askedAt > EARLY_ANSWER_FRESH_MS) return null;
  return entry.answer.catch(askAgain);
}
