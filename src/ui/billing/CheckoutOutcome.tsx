import { Button, Group, Stack, Text } from '@mantine/core';

export interface CheckoutOutcomeProps {
  message: string;
  detail?: string | null;
  /** 'Ok' by default (spec section 8: 'Unknown error. Please try again later' with an Ok button). */
  closeLabel?: string;
  danger?: boolean;
  onClose: () => void;
}

/** The end of a flow inside its dialog: a free upgrade requested, or a failure with Ok. */
export function CheckoutOutcome({
  message,
  detail,
  closeLabel = 'Ok',
  danger = false,
  onClose,
}: CheckoutOutcomeProps) {
  return (
    <Stack gap="sm">
      <Text size="sm" fw={500} c={danger ? 'red' : undefined} role={danger ? 'alert' : undefined}>
        {message}
      </Text>
      {detail && <Text size="sm">{detail}</Text>}
      <Group justify="flex-end">
        <Button onClick={onClose}>{closeLabel}</Button>
      </Group>
    </Stack>
  );
}
