import { canInvite } from '@domain/permissions';
import { lockMembership, type Membership } from '../auth/require-membership';
import type { Repositories } from '../db/repositories';
import { createRepositories } from '../db/repositories';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { PermissionDeniedError } from '../errors';
import { TeamEventType, teamUserEvent } from '../events/team-event';
import type { InvitationDeps } from './invitation-deps';
import { newInvitationKey } from './invitation-key';
import { createMailAllowance } from './invitation-mail-limits';
import { INVITATION_TTL_MS } from './invitation-policy';
import { type InvitationToSend, sendInvitationMail } from './send-invitation-mail';

/**
 * Why an address was not invited: it already belongs to an active member, or to a pending invitee,
 * or it was mailed as often as the limits allow (decision 017).
 */
export type InvitationSkipReason = 'member' | 'invited' | 'limited';

export interface SkippedInvitation {
  email: string;
  reason: InvitationSkipReason;
}

export interface InviteOutcome {
  /** The new pending members, in the order asked. */
  invited: TeamUserRecord[];
  /** The addresses left alone, in the order asked, with why. */
  skipped: SkippedInvitation[];
  /** When any address was 'limited': seconds until all of them could be mailed again. */
  retryAfterSeconds: number | null;
}

/** Why the address is already in the team (by itself or by its account), or null when it is not. */
async function presentReason(
  repos: Repositories,
  teamId: number,
  email: string,
  accountId: number | null,
): Promise<InvitationSkipReason | null> {
  const byEmail = await repos.teamUsers.findByEmailInTeam(teamId, email);
  const byAccount = accountId === null ? null : await repos.teamUsers.findByAccountInTeam(teamId, accountId);
  const present = [byEmail, byAccount].find((row) => row && row.teamStatus !== 'deleted');
  if (!present) return null;
  return present.teamStatus === 'pending' ? 'invited' : 'member';
}

/**
 * Invites addresses into the caller's team: each becomes a pending member (a removed member's row is
 * reused; an account with that address is linked) with a fresh invitation key, and gets a mail.
 * Addresses already active or pending in the team are skipped, and said to be; so are addresses
 * over the invitation mail limits (the team's, or the address's): they are not invited at all.
 */
export async function inviteMembers(
  deps: InvitationDeps,
  membership: Membership,
  emails: readonly string[],
): Promise<InviteOutcome> {
  const now = deps.clock.now();
  const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS);
  const {
    created: invited,
    skipped,
    retryAfterSeconds,
  } = await deps.db.transaction(async (tx) => {
    const repos = createRepositories(tx);
    const { team, teamUser: inviter } = await lockMembership(repos, membership);
    if (!canInvite(inviter)) throw new PermissionDeniedError();
    // Under the team's lock: the mail count is the same for every server (decision 017).
    const allowance = createMailAllowance(tx, team.id, now);
    const created: (InvitationToSend & { invitee: TeamUserRecord })[] = [];
    const skipped: SkippedInvitation[] = [];
    let retryAfterSeconds: number | null = null;
    for (const email of emails) {
      const account = await repos.accounts.findByEmail(email);
      const present = await presentReason(repos, team.id, email, account?.id ?? null);
      if (present) {
        skipped.push({ email, reason: present });
        continue;
      }
      const allowed = await allowance.check(email);
      if (!allowed.allowed) {
        skipped.push({ email, reason: 'limited' });
        retryAfterSeconds = Math.max(retryAfterSeconds ?? 0, allowed.retryAfterSeconds);
        continue;
      }
      const invitee = await repos.teamUsers.invite({
        teamId: team.id,
        email,
        accountId: account?.id ?? null,
        fullName: account?.fullName ?? '',
        inviterId: inviter.id,
      });
      if (!invitee) {
        skipped.push({ email, reason: 'invited' });
        continue;
      }
      await allowance.record(email);
      const key = newInvitationKey();
      await repos.invitations.start({ teamUserId: invitee.id, keyHash: key.hash, now, expiresAt });
      await repos.events.record(teamUserEvent(TeamEventType.userInvited, inviter, invitee, now));
      created.push({ team, inviter, invitee, key, expiresAt });
    }
    return { created, skipped, retryAfterSeconds };
  });
  // Mail only once the members exist for sure; SMTP must not hold the transaction open.
  for (const invitation of invited) await sendInvitationMail(deps, invitation);
  return { invited: invited.map((invitation) => invitation.invitee), skipped, retryAfterSeconds };
}
