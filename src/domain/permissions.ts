// Who may do what in a team (spec section 6). Pure and DOM-free so the console (to show or hide
// controls) and the API server (to refuse the call) decide with the very same rules.

import type { Role, Team, TeamPlan, TeamUser } from './entities';

/** Actions on the team itself. */
export type TeamAction =
  | 'editTeam'
  | 'editTeamSettings'
  | 'deleteTeam'
  | 'leaveTeam'
  | 'accessBilling'
  | 'seeBillingNav'
  | 'seeTalkLinks';

/** Actions on one row of the member list; they need a target team user. */
export type MemberAction =
  | 'changeRole'
  | 'deactivate'
  | 'deleteUser'
  | 'resendInvitation'
  | 'cancelInvitation';

export type PermissionAction = TeamAction | MemberAction;

export const TEAM_ACTIONS: readonly TeamAction[] = [
  'editTeam',
  'editTeamSettings',
  'deleteTeam',
  'leaveTeam',
  'accessBilling',
  'seeBillingNav',
  'seeTalkLinks',
];

export const MEMBER_ACTIONS: readonly MemberAction[] = [
  'changeRole',
  'deactivate',
  'deleteUser',
  'resendInvitation',
  'cancelInvitation',
];

/** The caller: their membership's team-user id and role (a TeamUser fits). */
export type PermissionActor = Pick<TeamUser, 'id' | 'role'>;
/** The team's plan and its 'Admins Can' settings (a Team fits). */
export type PermissionTeam = Pick<Team, 'plan' | 'settings'>;
/** The member-list row acted upon (a TeamUser fits). */
export type PermissionTarget = Pick<TeamUser, 'id' | 'role' | 'teamStatus' | 'inviterId'>;

export interface PermissionContext {
  actor: PermissionActor;
  team: PermissionTeam;
  /** Required for member actions; ignored by team actions. */
  target?: PermissionTarget | null;
}

/** Roles, settings and the owner's settings page are paid features: everything but basic. */
export function isPaidPlan(plan: TeamPlan): boolean {
  return plan !== 'basic';
}

const isOwner = (actor: Pick<TeamUser, 'role'>): boolean => actor.role === 'owner';

/** Owner: name, logo and domain sign-up. */
export function canEditTeam(actor: Pick<TeamUser, 'role'>): boolean {
  return isOwner(actor);
}

/** Owner, and not on the basic plan ('Admins Can' settings are a paid feature). */
export function canEditTeamSettings(actor: Pick<TeamUser, 'role'>, team: Pick<Team, 'plan'>): boolean {
  return isOwner(actor) && isPaidPlan(team.plan);
}

/** Owner. A premium subscription still blocks it: see deleteTeamBlockedReason. */
export function canDeleteTeam(actor: Pick<TeamUser, 'role'>): boolean {
  return isOwner(actor);
}

/** Everyone but the owner: a team must keep its owner. */
export function canLeaveTeam(actor: Pick<TeamUser, 'role'>): boolean {
  return !isOwner(actor);
}

/** Owner only: billing pages and billing calls. */
export function canAccessBilling(actor: Pick<TeamUser, 'role'>): boolean {
  return isOwner(actor);
}

/** The Billing or Upgrade nav entry: owner only. */
export function canSeeBillingNav(actor: Pick<TeamUser, 'role'>): boolean {
  return isOwner(actor);
}

/** 'Talk to Customer Success' / 'Talk to Sales': owner only. */
export function canSeeTalkLinks(actor: Pick<TeamUser, 'role'>): boolean {
  return isOwner(actor);
}

/**
 * Row actions never apply to an owner row (an owner is never changed or removed via the list), to a
 * removed member, who is no longer listed, nor to the actor's own row: an admin does not demote,
 * deactivate or remove themselves through the list, they leave the team instead
 * (docs/decisions/007-no-actions-on-your-own-row.md).
 */
function isActionableRow(actor: PermissionActor, target: PermissionTarget): boolean {
  return target.role !== 'owner' && target.teamStatus !== 'deleted' && target.id !== actor.id;
}

/** Member <-> admin. Owner on a paid plan; admin on a paid plan when adminsCanAssignAdmins. */
export function canChangeRole(
  actor: PermissionActor,
  team: PermissionTeam,
  target: PermissionTarget,
): boolean {
  if (!isActionableRow(actor, target) || !isPaidPlan(team.plan)) return false;
  return isOwner(actor) || (actor.role === 'admin' && team.settings.adminsCanAssignAdmins);
}

/** The role a role change gives (spec section 4): member and admin, in both directions. */
export function roleAfterChange(role: Role): 'admin' | 'member' {
  return role === 'admin' ? 'member' : 'admin';
}

/**
 * Deactivate (ban) and Activate (unban). The owner on any plan; an admin only on a paid plan and when
 * adminsCanDeactivate (spec: the plan condition is written for admins only).
 */
export function canDeactivate(
  actor: PermissionActor,
  team: PermissionTeam,
  target: PermissionTarget,
): boolean {
  if (!isActionableRow(actor, target)) return false;
  if (isOwner(actor)) return true;
  return actor.role === 'admin' && isPaidPlan(team.plan) && team.settings.adminsCanDeactivate;
}

/** Remove from the team. The owner on any plan; an admin when adminsCanDelete, on any plan. */
export function canDeleteUser(
  actor: PermissionActor,
  team: PermissionTeam,
  target: PermissionTarget,
): boolean {
  if (!isActionableRow(actor, target)) return false;
  return isOwner(actor) || (actor.role === 'admin' && team.settings.adminsCanDelete);
}

/** Owner and admin, for a pending invitation (there is nothing to resend to an active member). */
export function canResendInvitation(
  actor: PermissionActor,
  _team: PermissionTeam,
  target: PermissionTarget,
): boolean {
  return isActionableRow(actor, target) && target.teamStatus === 'pending' && actor.role !== 'member';
}

/**
 * Only the user who sent a pending invitation may cancel it, whatever their role (spec: "The user who
 * sent a pending invitation can cancel it"); others remove an invitee with Delete, if allowed.
 */
export function canCancelInvitation(
  actor: PermissionActor,
  _team: PermissionTeam,
  target: PermissionTarget,
): boolean {
  return isActionableRow(actor, target) && target.teamStatus === 'pending' && target.inviterId === actor.id;
}

/**
 * Sending invitations: the owner and admins, the same people who may resend them (spec section 6
 * names resending; sending new ones is the same right). Members invite nobody.
 */
export function canInvite(actor: Pick<TeamUser, 'role'>): boolean {
  return actor.role === 'owner' || actor.role === 'admin';
}

const TEAM_RULES: Record<TeamAction, (actor: PermissionActor, team: PermissionTeam) => boolean> = {
  editTeam: canEditTeam,
  editTeamSettings: canEditTeamSettings,
  deleteTeam: canDeleteTeam,
  leaveTeam: canLeaveTeam,
  accessBilling: canAccessBilling,
  seeBillingNav: canSeeBillingNav,
  seeTalkLinks: canSeeTalkLinks,
};

const MEMBER_RULES: Record<
  MemberAction,
  (actor: PermissionActor, team: PermissionTeam, target: PermissionTarget) => boolean
> = {
  changeRole: canChangeRole,
  deactivate: canDeactivate,
  deleteUser: canDeleteUser,
  resendInvitation: canResendInvitation,
  cancelInvitation: canCancelInvitation,
};

export function isMemberAction(action: PermissionAction): action is MemberAction {
  return Object.hasOwn(MEMBER_RULES, action);
}

/**
 * The whole matrix behind one function: the server's authorization pre-handler maps a route to an
 * action and asks this; the console asks the named functions above. A member action without a
 * target is refused rather than guessed.
 */
export function isActionAllowed(action: PermissionAction, context: PermissionContext): boolean {
  const { actor, team, target } = context;
  if (isMemberAction(action)) return target != null && MEMBER_RULES[action](actor, team, target);
  return TEAM_RULES[action](actor, team);
}

/** The row menu for one member, in menu order. */
export function allowedMemberActions(
  actor: PermissionActor,
  team: PermissionTeam,
  target: PermissionTarget,
): MemberAction[] {
  return MEMBER_ACTIONS.filter((action) => MEMBER_RULES[action](actor, team, target));
}

/** A member-list row as its menu reads it: the permission fields and whether it is deactivated. */
export type RowTarget = PermissionTarget & Pick<TeamUser, 'isBanned'>;

/**
 * The row menu for one member, in menu order, offering only what makes sense for the row's status
 * (a subset of allowedMemberActions):
 * - inactive (deactivated, invitee or not): Activate and remove; a role means nothing to someone shut out;
 * - pending: resend, cancel the invitation (the inviter's right, or anyone's who may remove people;
 *   both are the same kick), and the role the invitee will join with; never Deactivate;
 * - active: role, Deactivate, remove.
 */
export function memberRowActions(
  actor: PermissionActor,
  team: PermissionTeam,
  target: RowTarget,
): MemberAction[] {
  const allowed = new Set(allowedMemberActions(actor, team, target));
  const menu: MemberAction[] = [];
  const offer = (action: MemberAction, when = allowed.has(action)) => {
    if (when) menu.push(action);
  };
  if (target.isBanned) {
    offer('deactivate');
    offer('deleteUser');
  } else if (target.teamStatus === 'pending') {
    offer('resendInvitation');
    offer('cancelInvitation', allowed.has('cancelInvitation') || allowed.has('deleteUser'));
    offer('changeRole');
  } else {
    offer('changeRole');
    offer('deactivate');
    offer('deleteUser');
  }
  return menu;
}

export const PREMIUM_DELETE_BLOCKED_MESSAGE =
  'To delete your Premium Team, please cancel your subscription first';

/**
 * Why Delete Team is disabled, or null. A premium team still has a running subscription that would
 * keep billing after the team is gone, so the owner cancels it first.
 */
export function deleteTeamBlockedReason(team: Pick<Team, 'plan'>): string | null {
  return team.plan === 'premium' ? PREMIUM_DELETE_BLOCKED_MESSAGE : null;
}

export type TeamRouteName = 'team-users' | 'team-overview' | 'team-billing' | 'team-contact-us';

export interface TeamNavEntry {
  key: 'members' | 'overview' | 'billing' | 'upgrade' | 'talk-to-customer-success' | 'talk-to-sales';
  label: string;
  route: TeamRouteName;
}

/**
 * The team nav bar: Members and Overview for everyone; those who may see billing and the contact
 * link (the owner: canSeeBillingNav, canSeeTalkLinks) get them, pitched as an upsell ('Upgrade',
 * 'Talk to Sales') on the free basic plan.
 */
export function teamNav(role: Role, plan: TeamPlan): TeamNavEntry[] {
  const entries: TeamNavEntry[] = [
    { key: 'members', label: 'Members', route: 'team-users' },
    { key: 'overview', label: 'Overview', route: 'team-overview' },
  ];
  const paid = isPaidPlan(plan);
  if (canSeeBillingNav({ role })) {
    entries.push(
      paid
        ? { key: 'billing', label: 'Billing', route: 'team-billing' }
        : { key: 'upgrade', label: 'Upgrade', route: 'team-billing' },
    );
  }
  if (canSeeTalkLinks({ role })) {
    entries.push(
      paid
        ? { key: 'talk-to-customer-success', label: 'Talk to Customer Success', route: 'team-contact-us' }
        : { key: 'talk-to-sales', label: 'Talk to Sales', route: 'team-contact-us' },
    );
  }
  return entries;
}
