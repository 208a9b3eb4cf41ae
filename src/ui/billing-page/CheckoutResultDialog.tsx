import { Button, Group, Modal, Text } from '@mantine/core';

export interface CheckoutResultDialogProps {
  opened: boolean;
  /** 'Your team is now on Spark Pro (annual subscription).' */
  message: string;
  /** The plan's successText. */
  successText: string | null;
  onClose: () => void;
}

/** After returning from a successful checkout or upgrade (spec section 2 'Team billing'). */
export function CheckoutResultDialog({ opened, message, successText, onClose }: CheckoutResultDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Thank you!" centered>
      <Text size="sm" fw={500}>
        {message}
      </Text>
      {successText && (
        <Text size="sm" mt="xs">
          {successText}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button onClick={onClose}>Ok</Button>
      </Group>
    </Modal>
  );
}
