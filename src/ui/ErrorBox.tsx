import { Alert, Anchor, Group, Text } from '@mantine/core';

export interface ErrorBoxProps {
  message: string;
  onRetry: () => void;
}

/** A screen whose setup failed: the error message and a Retry link (spec section 8). */
export function ErrorBox({ message, onRetry }: ErrorBoxProps) {
  return (
    <Alert color="red">
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text size="sm">{message}</Text>
        {/* Looks like a link, as the spec has it, but it acts in place: a button to assistive tech. */}
        <Anchor component="button" type="button" size="sm" fw={600} onClick={onRetry}>
          Retry
        </Anchor>
      </Group>
    </Alert>
  );
}
