import { canInvite } from '../../../src/domain/permissions';
import { lockMembership, type Membership } from '../auth/require-membership';
import { createRepositories } from '../db/repositories';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { PermissionDeniedError } from '../errors';
import { TeamEventType, teamUserEvent } from '../events/team-event';
import type { InvitationDeps } from './invitation-deps';
import { newInvitationKey } from './invitation-key';
import { INVITATION_TTL_MS } from './invitation-policy';
import { type InvitationToSend, sendInvitationMail } from './send-invitation-mail';

/** Why an address was not invited: it already belongs to an active member, or to a pending invitee. */
export type InvitationSkipReason = 'member' | 'invited';

export interface SkippedInvitation {
  email: string;
  reason: InvitationSkipReason;
}

export interface InviteOutcome {
  /** The new pending members, in the order asked. */
  invited: TeamUserRecord[];
  /** The addresses left alone, in the order asked, with why. */
  skipped: SkippedInvitation[];
}

/**
 * Invites addresses into the caller's team: each becomes a pending member (a removed member's row is
 * reused; an account with that address is linked) with a fresh invitation key, and gets a mail.
 * Addresses already active or pending in the team are skipped, and said to be.
 */
export async function inviteMembers(
  deps: InvitationDeps,
  membership: Membership,
  emails: readonly string[],
): Promise<InviteOutcome> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const { created: invited, skipped } = await deps.db.transaction(async (tx) => {
    const repos = createRepositories(tx);
    const { team, teamUser: inviter } = await lockMembership(repos, membership);
    if (!canInvite(inviter)) throw new PermissionDeniedError();
    const created: (InvitationToSend & { invitee: TeamUserRecord })[] = [];
    const skipped: SkippedInvitation[] = [];
    for (const email of emails) {
      const account = await repos.accounts.findByEmail(email);
      const invitee = await repos.teamUsers.invite({
        teamId: team.id,
        email,
        accountId: account?.id ?? null,
        fullName: account?.fullName ?? '',
        inviterId: inviter.id,
      });
      if (!invitee) {
        // Skipped because the address, or the account it belongs to, is in the team already.
        const byEmail = await repos.teamUsers.findByEmailInTeam(team.id, email);
        const byAccount = account ? await repos.teamUsers.findByAccountInTeam(team.id, account.id) : null;
        const present = [byEmail, byAccount].find((row) => row && row.teamStatus !== 'deleted');
        skipped.push({ email, reason: present?.teamStatus === 'pending' ? 'invited' : 'member' });
        continue;
      }
      const key = newInvitationKey();
      await repos.invitations.start({ teamUserId: invitee.id, keyHash: key.hash, now, expiresAt });
      await repos.events.record(teamUserEvent(TeamEventType.userInvited, inviter, invitee, now));
      created.push({ team, inviter, invitee, key, expiresAt });
    }
    return { created, skipped };
  });
  // Mail only once the members exist for sure; SMTP must not hold the transaction open.
  for (const invitation of invited) await sendInvitationMail(deps, invitation);
  return { invited: invited.map((invitation) => invitation.invitee), skipped };
}
