// Team users (spec section 7, base /api/v1/collab/{tid}-{uid}). `id` may be 'me'.

import type { ApiClient } from '@/api/client';
import { usersPath } from '@/api/users-list';
import type { Role, TeamUser } from '@/domain/entities';
import type { SkippedInvitation } from '@/domain/invitations';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';

export type UserId = number | 'me';

// The member list's call lives in users-list.ts: the members route's first load asks for it
// (routes/team/members/members.load.ts), so it joins every page's first visit, and the rest of this module does not.
export { listUsers } from '@/api/users-list';

const userPath = (ref: TeamUserRef, id: UserId) => `${usersPath(ref)}/${id}`;
const invitePath = (ref: TeamUserRef, action: 'invite' | 'resend-invitation') =>
  `/api/v1/collab/teams/${formatTeamUserRef(ref)}/${action}`;

export const getUser = (api: ApiClient, ref: TeamUserRef, id: UserId) => api.get<TeamUser>(userPath(ref, id));

export const updateUser = (api: ApiClient, ref: TeamUserRef, id: UserId, changes: { fullName: string }) =>
  api.put<TeamUser>(userPath(ref, id), { json: changes });

export function uploadUserAvatar(api: ApiClient, ref: TeamUserRef, id: UserId, file: Blob) {
  const body = new FormData();
  body.set('file', file);
  return api.post<TeamUser>(`${userPath(ref, id)}/avatar`, { body });
}

export const deleteUserAvatar = (api: ApiClient, ref: TeamUserRef, id: UserId) =>
  api.delete<TeamUser>(`${userPath(ref, id)}/avatar`);

export const setUserRole = (api: ApiClient, ref: TeamUserRef, id: number, role: Exclude<Role, 'owner'>) =>
  api.put<TeamUser>(`${userPath(ref, id)}/role`, { json: { role } });

export const banUser = (api: ApiClient, ref: TeamUserRef, id: number) =>
  api.post<TeamUser>(`${userPath(ref, id)}/ban`);

export const unbanUser = (api: ApiClient, ref: TeamUserRef, id: number) =>
  api.post<TeamUser>(`${userPath(ref, id)}/unban`);

export const kickUser = (api: ApiClient, ref: TeamUserRef, id: number) =>
  api.post<void>(`${userPath(ref, id)}/kick`);

/** The invite answer asked with `?skipped=true`: the new pending users and the addresses left alone. */
export interface InviteReport {
  items: TeamUser[];
  skipped: SkippedInvitation[];
}

/** Invites each address; the body is a list of {email}, the answer the invited users and the skipped. */
export const inviteUsers = (api: ApiClient, ref: TeamUserRef, emails: string[]) =>
  api.post<InviteReport>(invitePath(ref, 'invite'), {
    json: emails.map((email) => ({ email })),
    searchParams: { skipped: 'true' },
  });

/**
 * The answer to a resend: the addresses mailed again (one resent within the last hour is skipped),
 * and, only when the invitation mail limits held some back, those addresses (decision 017).
 */
export interface ResendResult {
  resent: string[];
  limited?: string[];
}

export const resendInvitations = (api: ApiClient, ref: TeamUserRef, emails: string[]) =>
  api.post<ResendResult>(invitePath(ref, 'resend-invitation'), { json: emails.map((email) => ({ email })) });
