import { useSelector } from '@xstate/react';
import { useContext, useMemo, useState } from 'react';
import type { TeamMembership } from '@/domain/entities';
import { heldBackResendText, skippedInvitationsText } from '@/domain/invitations';
import { canCancelInvitation, canDeleteUser, canResendInvitation } from '@/domain/permissions';
import {
  selectBannerBusy,
  selectCancelCount,
  selectConfirmingCancelAll,
  selectInviteBusy,
  selectInviteFieldError,
  selectResendHeldBack,
  selectResent,
  selectSentCount,
  selectSkippedInvitations,
} from '@/machines/invitations.selectors';
import { createPendingInvitationsSelector } from '@/machines/members.selectors';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { ConfirmDialog } from '@/ui/ConfirmDialog';
import { InviteForm } from '@/ui/members/InviteForm';
import { PendingInvitationsBanner } from '@/ui/members/PendingInvitationsBanner';
import { invitationMailDraftUrl } from './mail-draft';
import { invitationsBannerLogic, invitationsLogic, type MembersActorRef } from './members-logic';
import { OpenUrlContext } from './open-url';
import { teamResentMarker } from './resent-marker';
import { useSeatCostNote } from './use-seat-cost-note';

interface SectionProps {
  membership: TeamMembership;
  members: MembersActorRef;
}

const BANNER_VIEW = {
  confirming: selectConfirmingCancelAll,
  cancelCount: selectCancelCount,
  busy: selectBannerBusy,
  resent: selectResent,
  heldBack: selectResendHeldBack,
};

const INVITE_VIEW = {
  sentCount: selectSentCount,
  busy: selectInviteBusy,
  serverError: selectInviteFieldError,
  skipped: selectSkippedInvitations,
};

export function cancelAllQuestion(count: number): string {
  return count === 1
    ? 'The pending invitation will be cancelled.'
    : `All ${count} pending invitations will be cancelled.`;
}

/** The pending-invitation banner with 'Resend all' and 'Cancel all', and its confirmation. */
export function PendingInvitationsSection({ membership, members }: SectionProps) {
  const { team, profile } = membership;
  const banner = useScreenFlow(
    (services) => invitationsBannerLogic(services, members, { teamId: team.id, userId: profile.id }),
    { store: teamResentMarker(team.id) },
  );
  const [selectPending] = useState(createPendingInvitationsSelector);
  const pending = useSelector(members, selectPending);
  const { resendable, cancellable } = useMemo(
    () => ({
      resendable: pending
        .filter((user) => canResendInvitation(profile, team, user))
        .map((user) => user.email),
      cancellable: pending
        .filter((user) => canCancelInvitation(profile, team, user) || canDeleteUser(profile, team, user))
        .map((user) => user.id),
    }),
    [pending, profile, team],
  );
  const { confirming, cancelCount, busy, resent, heldBack } = useSelections(banner, BANNER_VIEW);
  return (
    <>
      <PendingInvitationsBanner
        count={pending.length}
        resent={resent}
        busy={busy}
        canResend={resendable.length > 0}
        canCancel={cancellable.length > 0}
        heldBackNote={heldBackResendText(heldBack)}
        onResendAll={() => banner.send({ type: 'invitations.resendAll', emails: resendable })}
        onCancelAll={() => banner.send({ type: 'invitations.cancelAll', userIds: cancellable })}
      />
      <ConfirmDialog
        opened={confirming}
        title="Cancel all invitations"
        message={cancelAllQuestion(cancelCount)}
        confirmLabel="Cancel invitations"
        dismissLabel="Keep them"
        busy={busy}
        onConfirm={() => banner.send({ type: 'invitations.confirm' })}
        onDismiss={() => banner.send({ type: 'invitations.dismiss' })}
      />
    </>
  );
}

/** The invite form; after a send, 'Invitation was sent' and the prefilled mail draft. */
export function InviteSection({ membership, members }: SectionProps) {
  const openUrl = useContext(OpenUrlContext);
  const { team, profile } = membership;
  const actor = useScreenFlow(
    (services) => invitationsLogic(services, members, (emails) => openUrl(invitationMailDraftUrl(emails))),
    { ref: { teamId: team.id, userId: profile.id } },
  );
  const { sentCount, busy, serverError, skipped } = useSelections(actor, INVITE_VIEW);
  const seatCostNote = useSeatCostNote(membership);
  return (
    <InviteForm
      key={sentCount}
      seatCostNote={seatCostNote}
      busy={busy}
      serverError={serverError}
      skippedNote={skippedInvitationsText(skipped)}
      onInvite={(emails) => actor.send({ type: 'invite.submit', emails })}
      onEdit={() => actor.send({ type: 'invite.edit' })}
    />
  );
}
