import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogProps {
  opened: boolean;
  title: string;
  /** What the action does, under the title; a question as the title may say it all. */
  message?: string;
  confirmLabel: string;
  /** The button that closes the dialog without doing anything. */
  dismissLabel?: string;
  /** A destructive action: the confirm button is red. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onDismiss: () => void;
}

/** Asks before a destructive action: the question, a confirm button and a way out. */
export function ConfirmDialogModal({
  opened,
  title,
  message,
  confirmLabel,
  dismissLabel = 'Cancel',
  danger = true,
  busy = false,
  onConfirm,
  onDismiss,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onDismiss} title={title} centered>
      {message && (
        <Text size="sm" mb="lg">
          {message}
        </Text>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onDismiss}>
          {dismissLabel}
        </Button>
        <Button color={danger ? 'red' : undefined} loading={busy} onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}
