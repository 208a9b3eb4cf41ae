import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Preview } from '@/domain/entities';
import { previewCreditText } from '@/domain/preview-credit';
import { formatPrice } from '@/domain/price';

export interface ConfirmationStepProps {
  /** The plan's title, as in 'Start Pro'. */
  planTitle: string;
  preview: Preview | null;
  /** The preview could not be computed: the message, with Retry. */
  previewError: string | null;
  couponOpen: boolean;
  /** The code the preview was computed with. */
  appliedCoupon: string | null;
  /** A refused code, by the Promotion code field ('Promotion code is invalid'). */
  couponError: string | null;
  busy: boolean;
  /** Absent when the provider takes discounts in its own checkout (Paddle): no promotion code here. */
  onRevealCoupon?: () => void;
  onApplyCoupon: (code: string) => void;
  onStart: () => void;
  onRetry: () => void;
}

/** The Confirmation step of subscribe (spec section 2): what the change costs now, then 'Start {plan}'. */
export function ConfirmationStep(props: ConfirmationStepProps) {
  const { planTitle, preview, previewError, couponOpen, appliedCoupon, couponError, busy } = props;
  const [code, setCode] = useState('');
  if (previewError) {
    return (
      <Alert color="red" role="alert">
        <Group justify="space-between">
          <Text size="sm">{previewError}</Text>
          <Anchor component="button" type="button" size="sm" onClick={props.onRetry}>
            Retry
          </Anchor>
        </Group>
      </Alert>
    );
  }
  if (!preview)
    return (
      <Text size="sm" role="status">
        Loading...
      </Text>
    );
  const money = (cents: number) => formatPrice(cents, preview.currency);
  const creditText = previewCreditText(preview);
  return (
    <Stack gap="sm">
      <Table aria-label="Preview">
        <Table.Tbody>
          {preview.lines.map((line) => (
            <Table.Tr key={`${line.description}-${line.amount}`}>
              <Table.Td>{line.description}</Table.Td>
              <Table.Td ta="right">{money(line.amount)}</Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Td>Subtotal</Table.Td>
            <Table.Td ta="right">{money(preview.subtotal)}</Table.Td>
          </Table.Tr>
          {preview.discount > 0 && (
            <Table.Tr>
              <Table.Td>Discount{appliedCoupon ? ` (${appliedCoupon})` : ''}</Table.Td>
              <Table.Td ta="right">-{money(preview.discount)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Td>Tax ({preview.taxPercent}%)</Table.Td>
            <Table.Td ta="right">{money(preview.tax)}</Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={600}>Total</Table.Td>
            <Table.Td ta="right" fw={600}>
              {money(preview.amountDue)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      {creditText && (
        <Text size="sm" role="note">
          {creditText}
        </Text>
      )}
      {couponOpen ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            props.onApplyCoupon(code);
          }}
        >
          <Group align="flex-start" gap="xs">
            <TextInput
              label="Promotion code"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              error={couponError}
              style={{ flex: 1 }}
            />
            <Button type="submit" variant="default" mt={25} disabled={busy || code.trim() === ''}>
              Apply
            </Button>
          </Group>
        </form>
      ) : (
        props.onRevealCoupon && (
          <Anchor component="button" type="button" size="sm" onClick={props.onRevealCoupon}>
            I have a promotion code
          </Anchor>
        )
      )}
      <Group justify="flex-end" mt="sm">
        <Button onClick={props.onStart} loading={busy}>
          Start {planTitle}
        </Button>
      </Group>
    </Stack>
  );
}
