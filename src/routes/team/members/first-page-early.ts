// The members page's first page of members, asked for as the console starts on
// /teams/{tid}-{uid}/users (main.tsx): beside the memberships and the page's own chunks, where the
// page would ask only once both are in, two round trips later. The list can then land with the
// frame (decision 036). The address names the team user; the server decides, as for every call, and
// a visitor who is not signed in asks with no token and is refused. The page's own first load takes
// the answer (early-answers.ts).
import type { ApiClient } from '@/api/client';
import { answerOf, type EarlyEntry, earlyAnswers } from '@/api/early-answers';
import { listUsers } from '@/api/users-list';
import type { Paged, TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef, parseTeamUserRef } from '@/domain/team-user-ref';

const early = earlyAnswers<Paged<TeamUser>>();

export function askFirstMembersPageEarly(api: ApiClient, ref: TeamUserRef, now = Date.now()): void {
  early.keep(formatTeamUserRef(ref), listUsers(api, ref), now);
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
  const taken = early.at(formatTeamUserRef(ref)).take(askAgain, now);
  return taken && answerOf(taken);
}

/** The early first page for `ref` (early-answers.ts): the page's render peeks, its first load takes. */
export function firstMembersPageEarly(ref: TeamUserRef): EarlyEntry<Paged<TeamUser>> {
  return early.at(formatTeamUserRef(ref));
}
