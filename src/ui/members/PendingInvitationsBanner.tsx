import { Alert, Button, Group, Text } from '@mantine/core';
import classes from './PendingInvitationsBanner.module.css';

export const RESENT_NOTE = 'Invitations were resent. You can resend them again in an hour.';

export interface PendingInvitationsBannerProps {
  /** Pending invitations (pending and not banned). The banner hides when there are none. */
  count: number;
  /** The team's invitations were resent within the hour: 'Resend all' waits. */
  resent: boolean;
  busy: boolean;
  canResend: boolean;
  canCancel: boolean;
  /** Who the last 'Resend all' could not mail (the invitation mail limits), or null. */
  heldBackNote?: string | null;
  onResendAll: () => void;
  onCancelAll: () => void;
}

export function pendingInvitationsText(count: number): string {
  return count === 1 ? '1 invitation is pending' : `${count} invitations are pending`;
}

/** How many invitations wait for an answer, with 'Resend all' and 'Cancel all'. */
export function PendingInvitationsBanner({
  count,
  resent,
  busy,
  canResend,
  canCancel,
  heldBackNote = null,
  onResendAll,
  onCancelAll,
}: PendingInvitationsBannerProps) {
  // Nothing to do about them: a member neither resends nor cancels, so no banner either.
  if (count === 0 || !(canResend || canCancel)) return null;
  return (
    <Alert color="yellow" variant="light" role="region" aria-label="Pending invitations">
      <Group justify="space-between" gap="sm">
        <div>
          <Text size="sm" fw={500}>
            {pendingInvitationsText(count)}
          </Text>
          {resent && (
            <Text size="xs" c="dimmed">
              {RESENT_NOTE}
            </Text>
          )}
          {/* Always present, so screen readers announce the note when it appears. */}
          <Text size="xs" c="orange.9" role="status">
            {heldBackNote}
          </Text>
        </div>
        <Group gap="xs">
          {canResend && !resent && (
            <Button size="xs" variant="white" className={classes.button} loading={busy} onClick={onResendAll}>
              Resend all
            </Button>
          )}
          {canCancel && (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              className={classes.button}
              disabled={busy}
              onClick={onCancelAll}
            >
              Cancel all
            </Button>
          )}
        </Group>
      </Group>
    </Alert>
  );
}
