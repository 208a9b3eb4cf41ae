import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';

export interface RedirectDialogProps {
  opened: boolean;
  /** Why the checkout page did not open; null while the browser is on its way. */
  errorMessage: string | null;
  onRetry: () => void;
  onClose: () => void;
}

/** Going to the hosted checkout; an error with Retry if the browser did not leave in time. */
export function RedirectDialog({ opened, errorMessage, onRetry, onClose }: RedirectDialogProps) {
  return (
    <Modal opened={opened} onClose={() => errorMessage !== null && onClose()} title="Checkout" centered>
      {errorMessage ? (
        <Stack gap="sm">
          <Alert color="red" role="alert">
            {errorMessage}
          </Alert>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            <Button onClick={onRetry}>Retry</Button>
          </Group>
        </Stack>
      ) : (
        <Group gap="sm">
          <Loader size="sm" aria-hidden />
          <Text size="sm" role="status">
            Redirecting to checkout...
          </Text>
        </Group>
      )}
    </Modal>
  );
}
