import { Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';

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
  // A step replaces the button that led to it, and the focus would fall to the page, where the next
  // Tab starts again at the top, outside the dialog. It goes to the new step instead.
  const step = useRef<HTMLDivElement>(null);
  const stepKey = `${title}|${stepLabel ?? ''}|${waiting}`;
  useEffect(() => {
    const container = step.current;
    if (!container || stepKey === '') return;
    const focused = document.activeElement;
    if (!focused || focused === document.body || !container.closest('[role="dialog"]')?.contains(focused))
      container.focus({ preventScroll: true });
  }, [stepKey]);
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
      <div ref={step} tabIndex={-1} style={{ outline: 'none' }}>
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
      </div>
    </Modal>
  );
}
