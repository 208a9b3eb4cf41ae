// The event streams the debug viewer polls (spec section 7). `offset` is the last event id seen.

import type { ApiClient } from '@/api/client';
import type { TeamEvent } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';

export const getGlobalEvents = (api: ApiClient, offset: number) =>
  api.get<TeamEvent[]>('/api/v1/events', { searchParams: { offset } });

export const getTeamEvents = (api: ApiClient, ref: TeamUserRef, offset: number) =>
  api.get<TeamEvent[]>(`/api/v3/collab/${formatTeamUserRef(ref)}/events`, { searchParams: { offset } });
