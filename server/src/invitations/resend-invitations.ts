import { canResendInvitation } from '../../../src/domain/permissions';
import type { Membership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import { eventPerson, TeamEventType } from '../events/team-event';
import type { InvitationDeps } from './invitation-deps';
import { newInvitationKey } from './invitation-key';
import { INVITATION_TTL_MS, RESEND_THROTTLE_SECONDS } from './invitation-policy';
import { sendInvitationMail } from './send-invitation-mail';

/**
 * Mails pending invitees again, each with a fresh key (the old link stops working). An address that
 * is not a pending invitation of the team (accepted, removed, unknown, banned) is skipped, and so is
 * one mailed less than an hour ago. Returns the addresses mailed now.
 */
export async function resendInvitations(
  deps: InvitationDeps,
  { team, teamUser: actor }: Membership,
  emails: readonly string[],
): Promise<string[]> {
  const repos = createRepositories(deps.db);
  const resent: string[] = [];
  for (const email of emails) {
    const target = await repos.teamUsers.findByEmailInTeam(team.id, email);
    // A banned invitee cannot accept (members.ts), so a new link would be useless.
    if (!target || target.isBanned || !canResendInvitation(actor, team, target)) continue;
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const key = newInvitationKey();
    const claimed = await deps.db.transaction(async (tx) => {
      const txRepos = createRepositories(tx);
      const ok = await txRepos.invitations.claimResend({
        teamUserId: target.id,
        keyHash: key.hash,
        now,
        expiresAt,
        throttleSeconds: RESEND_THROTTLE_SECONDS,
      });
      if (ok) {
        await txRepos.events.record({
          teamId: team.id,
          type: TeamEventType.invitationResent,
          data: { actor: eventPerson(actor), target: eventPerson(target) },
          at: now,
          accountIds: [target.accountId],
        });
      }
      return ok;
    });
    if (
      claimed &&
      (await sendInvitationMail(deps, { team, inviter: actor, invitee: target, key, expiresAt }))
    ) {
      resent.push(target.email);
    }
  }
  return resent;
}
