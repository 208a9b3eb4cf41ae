import type { ApiClient } from '@/api/client';
import type { InvitationResult } from '@/domain/entities';

/** Accepts the invitation behind an /accept-invitation?key= link; no login needed. */
export const acceptInvitation = (api: ApiClient, key: string) =>
  api.post<InvitationResult>(`/api/v1/teams/join/${encodeURIComponent(key)}`, { auth: false });
