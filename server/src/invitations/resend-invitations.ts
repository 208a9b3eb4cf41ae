import { canResendInvitation } from '../../../src/domain/permissions';
import { lockMembership, type Membership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import { TeamEventType, teamUserEvent } from '../events/team-event';
import type { InvitationDeps } from './invitation-deps';
import { newInvitationKey } from './invitation-key';
import { INVITATION_TTL_MS, RESEND_THROTTLE_SECONDS } from './invitation-policy';
import { sendInvitationMail } from './send-invitation-mail';

/**
 * Mails pending invitees again, each with a fresh key (the old link stops working). An address that
 * is not a pending invitation of the team (accepted, removed, unknown, banned) is skipped, and so is
 * one mailed less than an hour ago. Each address is decided under the team's lock, so an invitation
 * cancelled meanwhile is not mailed. Returns the addresses mailed now.
 */
export async function resendInvitations(
  deps: InvitationDeps,
  membership: Membership,
  emails: readonly string[],
): Promise<string[]> {
  const resent: string[] = [];
  for (const email of emails) {
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const key = newInvitationKey();
    const claimed = await deps.db.transaction(async (tx) => {
      const repos = createRepositories(tx);
      const { team, teamUser: actor } = await lockMembership(repos, membership);
      const target = await repos.teamUsers.findByEmailInTeam(team.id, email);
      // A banned invitee cannot accept (members.ts), so a new link would be useless.
      if (!target || target.isBanned || !canResendInvitation(actor, team, target)) return null;
      const ok = await repos.invitations.claimResend({
        teamUserId: target.id,
        keyHash: key.hash,
        now,
        expiresAt,
        throttleSeconds: RESEND_THROTTLE_SECONDS,
      });
      if (!ok) return null;
      await repos.events.record(teamUserEvent(TeamEventType.invitationResent, actor, target, now));
      return { team, inviter: actor, invitee: target, key, expiresAt };
    });
    if (claimed && (await sendInvitationMail(deps, claimed))) resent.push(claimed.invitee.email);
  }
  return resent;
}
