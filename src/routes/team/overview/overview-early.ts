// The team overview's team, asked for as the console starts on /teams/{tid}-{uid}/overview
// (main.tsx), beside the memberships: the page would ask only once its chunks are in and it has
// rendered, a round trip later. Any member sees the overview, so there is no role to wait for (unlike
// billing-early.ts); the server decides, as for every call. In by the page's first render, the page
// starts ready with it: the overview's details are in its first paint (decision 043). The page's own
// first load takes the answer (early-answers.ts).
import type { ApiClient } from '@/api/client';
import { type EarlyEntry, earlyAnswers } from '@/api/early-answers';
import { getTeam } from '@/api/teams';
import type { TeamMembership } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef, parseTeamUserRef } from '@/domain/team-user-ref';

const early = earlyAnswers<TeamMembership>();

const OVERVIEW_PAGE = /^\/teams\/([^/]+)\/overview\/?$/;

/** At start-up: asks early when the console opens on a team overview (`pathname`), else nothing. */
export function askOverviewEarlyOn(api: ApiClient, pathname: string, now = Date.now()): void {
  const segment = OVERVIEW_PAGE.exec(pathname)?.[1];
  const ref = segment ? parseTeamUserRef(segment) : null;
  if (ref) early.keep(formatTeamUserRef(ref), getTeam(api, ref), now);
}

/** The overview's early team for `ref` (early-answers.ts): its render peeks, its first load takes. */
export function overviewEarly(ref: TeamUserRef): EarlyEntry<TeamMembership> {
  return early.at(formatTeamUserRef(ref));
}
