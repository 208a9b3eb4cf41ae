import type { Team, TeamUser } from '@domain/entities';
import { displayName } from '@domain/members';
import type { MailMessage } from '../mail/mailer';

export interface InvitationMailInput {
  team: Pick<Team, 'name'>;
  inviter: Pick<TeamUser, 'fullName' | 'email'>;
  invitee: Pick<TeamUser, 'email'>;
  link: string;
  expiresAt: Date;
}

/** The invitation mail: who invites, to which team, and the single-use acceptance link. */
export function invitationMail({
  team,
  inviter,
  invitee,
  link,
  expiresAt,
}: InvitationMailInput): MailMessage {
  const who = displayName(inviter);
  const byline = who === inviter.email ? who : `${who} (${inviter.email})`;
  return {
    to: invitee.email,
    subject: `${who} invited you to ${team.name} on Spark`,
    text: [
      'Hello,',
      '',
      `${byline} invited you to join the team "${team.name}" on Spark.`,
      '',
      'Accept the invitation:',
      link,
      '',
      `The link works once and expires on ${expiresAt.toUTCString()}.`,
      'If you did not expect this invitation, you can ignore this mail.',
      '',
    ].join('\n'),
  };
}
