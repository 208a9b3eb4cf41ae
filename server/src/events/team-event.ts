import type { TeamUser } from '@domain/entities';
import type { NewTeamEvent } from '../db/repositories/events.repository';
import type { TeamUserRecord } from '../db/repositories/team-users.repository';

/** The event types of a team's stream (GET /api/v3/collab/{tid}-{uid}/events). */
export const TeamEventType = {
  teamRenamed: 'team.renamed',
  teamDomainSignupsChanged: 'team.domain_signups_changed',
  teamSettingsChanged: 'team.settings_changed',
  teamLogoChanged: 'team.logo_changed',
  teamDeleted: 'team.deleted',
  userInvited: 'user.invited',
  invitationResent: 'invitation.resent',
  invitationCancelled: 'invitation.cancelled',
  userRoleChanged: 'user.role_changed',
  userBanned: 'user.banned',
  userUnbanned: 'user.unbanned',
  userRemoved: 'user.removed',
  userLeft: 'user.left',
  userJoined: 'user.joined',
  userProfileChanged: 'user.profile_changed',
  // Billing (server/src/billing): what the owner did, and what the provider says happened.
  billingCheckoutStarted: 'billing.checkout_started',
  billingSubscriptionChanged: 'billing.subscription_changed',
  billingPlanChanged: 'billing.plan_changed',
  billingPlanChangePending: 'billing.plan_change_pending',
  billingSubscriptionCancelled: 'billing.subscription_cancelled',
  billingSubscriptionRenewed: 'billing.subscription_renewed',
  billingCustomerUpdated: 'billing.customer_updated',
  billingCardUpdated: 'billing.card_updated',
  billingSeatsChanged: 'billing.seats_changed',
  billingFreeUpgradeRequested: 'billing.free_upgrade_requested',
  billingDroppedToBasic: 'billing.dropped_to_basic',
} as const;

/** How events name the actor and the target: team-user id and email, never anything secret. */
export function eventPerson(user: Pick<TeamUser, 'id' | 'email'>): { id: number; email: string } {
  return { id: user.id, email: user.email };
}

/**
 * An event about a team user that someone else caused (invited, resent, role, ban, removal): in the
 * team's stream, naming both, and in the target's own stream.
 */
export function teamUserEvent(
  type: string,
  actor: Pick<TeamUser, 'id' | 'email'>,
  target: Pick<TeamUserRecord, 'id' | 'email' | 'teamId' | 'accountId'>,
  at: Date,
  data: object = {},
): NewTeamEvent {
  return {
    teamId: target.teamId,
    type,
    data: { actor: eventPerson(actor), target: eventPerson(target), ...data },
    at,
    accountIds: [target.accountId],
  };
}
