// The member list (spec section 7, GET /api/v1/collab/{tid}-{uid}/users), apart from the other
// team-user calls of users.ts: the members route's first load asks for it
// (routes/team/members/members.load.ts), so this module is in every first visit and users.ts
// is not.

import type { ApiClient } from '@/api/client';
import type { Paged, TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';

export const usersPath = (ref: TeamUserRef) => `/api/v1/collab/${formatTeamUserRef(ref)}/users`;

/** One page of the member list (every user but deleted ones, by id); `nextPageToken` null on the last. */
export const listUsers = (
  api: ApiClient,
  ref: TeamUserRef,
  pageToken?: string | null,
  signal?: AbortSignal,
) =>
  api.get<Paged<TeamUser>>(usersPath(ref), {
    ...(pageToken ? { searchParams: { pageToken } } : {}),
    ...(signal ? { signal } : {}),
  });
