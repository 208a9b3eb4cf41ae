import { canResendInvitation } from '@domain/permissions';
import { lockMembership, type Membership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import { TeamEventType, teamUserEvent } from '../events/team-event';
import type { InvitationDeps } from './invitation-deps';
import { newInvitationKey } from './invitation-key';
import { createMailAllowance } from './invitation-mail-limits';
import { INVITATION_TTL_MS, RESEND_THROTTLE_SECONDS } from './invitation-policy';
import { type InvitationToSend, sendInvitationMail } from './send-invitation-mail';

/** One address decided: held back by the limits (seconds to wait), or its mail to send. */
type Claim = { limitedFor: number; mail: null } | { limitedFor: null; mail: InvitationToSend };

export interface ResendOutcome {
  /** The addresses mailed now. */
  resent: string[];
  /** The addresses not mailed because of the invitation mail limits. */
  limited: string[];
  /** When any was limited: seconds until all of them could be mailed again. */
  retryAfterSeconds: number | null;
}

/**
 * Mails pending invitees again, each with a fresh key (the old link stops working). An address that
 * is not a pending invitation of the team (accepted, removed, unknown, banned) is skipped, and so is
 * one mailed less than an hour ago. Each address is decided under the team's lock, so an invitation
 * cancelled meanwhile is not mailed. An address over the invitation mail limits (decision 017) is
 * not mailed either, and said to be. Returns the addresses mailed now and those the limits held back.
 */
export async function resendInvitations(
  deps: InvitationDeps,
  membership: Membership,
  emails: readonly string[],
): Promise<ResendOutcome> {
  const resent: string[] = [];
  const limited: string[] = [];
  let retryAfterSeconds: number | null = null;
  for (const email of emails) {
    const now = deps.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
    const key = newInvitationKey();
    const claimed = await deps.db.transaction(async (tx): Promise<Claim | null> => {
      const repos = createRepositories(tx);
      const { team, teamUser: actor } = await lockMembership(repos, membership);
      const target = await repos.teamUsers.findByEmailInTeam(team.id, email);
      // A banned invitee cannot accept (members.ts), so a new link would be useless.
      if (!target || target.isBanned || !canResendInvitation(actor, team, target)) return null;
      const allowance = createMailAllowance(tx, team.id, now);
      const allowed = await allowance.check(target.email);
      if (!allowed.allowed) return { limitedFor: allowed.retryAfterSeconds, mail: null };
      const ok = await repos.invitations.claimResend({
        teamUserId: target.id,
        keyHash: key.hash,
        now,
        expiresAt,
        throttleSeconds: RESEND_THROTTLE_SECONDS,
      });
      if (!ok) return null;
      await allowance.record(target.email);
      await repos.events.record(teamUserEvent(TeamEventType.invitationResent, actor, target, now));
      return { limitedFor: null, mail: { team, inviter: actor, invitee: target, key, expiresAt } };
    });
    if (claimed?.limitedFor != null) {
      limited.push(email);
      retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, claimed.limitedFor);
    } else if (claimed?.mail && (await sendInvitationMail(deps, claimed.mail))) {
      resent.push(claimed.mail.invitee.email);
    }
  }
  return { resent, limited, retryAfterSeconds };
}
