import type { InvitationResult } from '@domain/entities';
import type { Clock } from '../clock';
import type { Db } from '../db/db';
import { createRepositories, type Repositories } from '../db/repositories';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';
import { ItemNotFoundError } from '../errors';
import { eventPerson, TeamEventType } from '../events/team-event';
import { consumeInvitationKey } from './consume-invitation';

export interface AcceptedInvitation extends InvitationResult {
  teamId: number;
}

/** Every refusal looks the same to the visitor (spec: 'Invitation link is expired or invalid.'). */
const invalidInvitation = () => new ItemNotFoundError();

/**
 * The account the invitee joins with: the one the invitation linked, else the one with the invited
 * address, else a new one (the mail reached that address, which proves it is theirs).
 */
async function inviteeAccount(
  repos: Repositories,
  invitee: TeamUserRecord,
): Promise<{ accountId: number; isNewAccount: boolean }> {
  if (invitee.accountId !== null) return { accountId: invitee.accountId, isNewAccount: false };
  const { account, created } = await repos.accounts.findOrCreate({
    email: invitee.email,
    fullName: invitee.fullName,
  });
  return { accountId: account.id, isNewAccount: created };
}

/**
 * POST /api/v1/teams/join/{key}: uses the key once and makes its pending invitee an active member, in
 * one transaction under the team's lock (as every member change takes it), with a `user.joined` event.
 * Any refusal (unknown, used, expired, cancelled, banned, team deleted) is 404 2200 and changes nothing.
 */
export async function acceptInvitation(db: Db, clock: Clock, key: string): Promise<AcceptedInvitation> {
  return db.transaction(async (tx) => {
    const consumed = await consumeInvitationKey(tx, clock, key);
    if (!consumed) throw invalidInvitation();
    const repos = createRepositories(tx);
    // Throwing rolls back the key's use as well: a link refused here stays as it was.
    if (!(await repos.teams.lockRow(consumed.teamId))) throw invalidInvitation();
    const team = await repos.teams.findById(consumed.teamId);
    const invitee = await repos.teamUsers.findInTeam(consumed.teamId, consumed.teamUserId);
    if (!team || !invitee || invitee.teamStatus !== 'pending' || invitee.isBanned) throw invalidInvitation();
    const { accountId, isNewAccount } = await inviteeAccount(repos, invitee);
    const other = await repos.teamUsers.findByAccountInTeam(team.id, accountId);
    if (other && other.id !== invitee.id) {
      // The account is in the team through another row: a member already, or an old removed row.
      if (other.teamStatus !== 'deleted') throw invalidInvitation();
      await repos.teamUsers.detachRemovedAccount(team.id, other.id);
    }
    const member = await repos.teamUsers.activateInvitee(team.id, invitee.id, accountId);
    if (!member) throw invalidInvitation();
    await repos.events.record({
      teamId: team.id,
      type: TeamEventType.userJoined,
      data: { actor: eventPerson(member), isNewAccount },
      at: clock.now(),
      accountIds: [accountId],
    });
    return { teamId: team.id, teamName: team.name, email: member.email, isNewAccount };
  });
}
