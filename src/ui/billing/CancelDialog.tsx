import { Button, Group, Modal, Text } from '@mantine/core';

export interface CancelDialogProps {
  opened: boolean;
  /** When the paid period ends ('March 3, 2027'), or null if unknown. */
  expiresOn: string | null;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}

/** The Cancel dialog (spec section 2): premium features last until the subscription expires. */
export function CancelDialog({ opened, expiresOn, busy, onBack, onConfirm }: CancelDialogProps) {
  return (
    <Modal opened={opened} onClose={onBack} title="Cancel subscription" centered>
      <Text size="sm" mb="lg">
        {`Your team keeps its premium features until the subscription expires${expiresOn ? ` on ${expiresOn}` : ''}. Then it moves to the Free plan.`}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack}>
          Back
        </Button>
        <Button color="red" loading={busy} onClick={onConfirm}>
          Cancel Subscription
        </Button>
      </Group>
    </Modal>
  );
}
