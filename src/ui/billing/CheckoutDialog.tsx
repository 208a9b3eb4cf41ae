import { Group, Loader, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export interface CheckoutDialogProps {
  opened: boolean;
  title: string;
  /** 'n of m' over the countable steps, or null outside a step. */
  stepLabel: string | null;
  /** A call or the wait between steps is running: the dialog cannot be closed meanwhile. */
  busy: boolean;
  /** Shown instead of the step while busy between steps. */
  waiting?: boolean;
  onClose: () => void;
  children: ReactNode;
}

/** The frame of every checkout flow's step (spec section 2 'Checkout dialog flows'). */
export function CheckoutDialog({
  opened,
  title,
  stepLabel,
  busy,
  waiting = false,
  onClose,
  children,
}: CheckoutDialogProps) {
  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      closeOnClickOutside={!busy}
      title={
        <Group gap="sm" align="baseline">
          <Text fw={600}>{title}</Text>
          {stepLabel && (
            <Text size="sm" c="dimmed" data-testid="checkout-step">
              {stepLabel}
            </Text>
          )}
        </Group>
      }
      centered
    >
      {waiting ? (
        <Stack align="center" py="lg">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            Loading...
          </Text>
        </Stack>
      ) : (
        children
      )}
    </Modal>
  );
}
