import type { SnapshotFrom } from 'xstate';
import type { invitationsMachine } from './invitations.machine';
import type { invitationsBannerMachine } from './invitations-banner.machine';

type InviteSnapshot = SnapshotFrom<typeof invitationsMachine>;
type BannerSnapshot = SnapshotFrom<typeof invitationsBannerMachine>;

export const selectInviteBusy = (snapshot: InviteSnapshot): boolean => snapshot.hasTag('busy');
export const selectInviteFieldError = (snapshot: InviteSnapshot): string | null =>
  snapshot.context.fieldError;
/** The addresses the last send skipped, with why (same array until the next send). */
export const selectSkippedInvitations = (snapshot: InviteSnapshot) => snapshot.context.skipped;
/** Changes after each successful send: the form starts afresh. */
export const selectSentCount = (snapshot: InviteSnapshot): number => snapshot.context.sentCount;

/** The team's invitations were resent within the hour. */
export const selectResent = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('resent');
/** The addresses the last 'Resend all' could not mail because of the limits (same array until the next). */
export const selectResendHeldBack = (snapshot: BannerSnapshot): string[] => snapshot.context.heldBack;
export const selectBannerBusy = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('busy');
export const selectConfirmingCancelAll = (snapshot: BannerSnapshot): boolean => snapshot.hasTag('confirming');
/** How many invitations the open 'Cancel all' confirmation is about. */
export const selectCancelCount = (snapshot: BannerSnapshot): number => snapshot.context.cancelIds.length;
