import type { Team, TeamUser } from '@domain/entities';
import { createRepositories } from '../db/repositories';
import type { InvitationDeps } from './invitation-deps';
import { acceptInvitationUrl, type InvitationKey } from './invitation-key';
import { invitationMail } from './invitation-mail';

export interface InvitationToSend {
  team: Pick<Team, 'name'>;
  inviter: Pick<TeamUser, 'fullName' | 'email'>;
  invitee: Pick<TeamUser, 'id' | 'email'>;
  key: InvitationKey;
  expiresAt: Date;
}

/**
 * Mails one invitation (after its transaction committed). A failure is logged and lifts the resend
 * throttle for that address, so the owner can resend at once; the pending member stays.
 */
export async function sendInvitationMail(
  deps: InvitationDeps,
  invitation: InvitationToSend,
): Promise<boolean> {
  const link = acceptInvitationUrl(deps.publicUrl(), invitation.key.key);
  try {
    await deps.mailer.send(invitationMail({ ...invitation, link }));
    await createRepositories(deps.db).invitations.markMailed(invitation.invitee.id, invitation.key.hash);
    return true;
  } catch (error) {
    deps.log.error({ err: error, teamUserId: invitation.invitee.id }, 'invitation mail not sent');
    await createRepositories(deps.db).invitations.markUnsent(invitation.invitee.id, invitation.key.hash);
    return false;
  }
}
