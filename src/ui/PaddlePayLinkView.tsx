import { Anchor, Button, Loader, Stack, Text } from '@mantine/core';
import type { PaddlePayLinkStatus } from '@/machines/paddle-pay-link.selectors';

export interface PaddlePayLinkViewProps {
  status: PaddlePayLinkStatus;
  /** Where 'Back to Spark' leads: the console's start. */
  consoleHref: string;
  onReopen(): void;
  onRetry(): void;
}

const statusLines: Record<PaddlePayLinkStatus, string> = {
  loading: 'Loading, please wait...',
  open: 'Complete the payment in the checkout.',
  closed: 'The checkout was closed before paying. Nothing was charged.',
  paid: 'Paid. Thank you: your subscription is up to date.',
  invalid: 'This payment link is not valid. Please check the link you were sent.',
  unavailable: 'Payments through Paddle are not available on this server.',
  failed: 'Unknown error. Please try again',
};

/**
 * /paddle-pay (the default payment link Paddle sends buyers to): one status line, as the other
 * public pages have, with what can be done next under it. The checkout itself is Paddle's overlay.
 */
export function PaddlePayLinkView({ status, consoleHref, onReopen, onRetry }: PaddlePayLinkViewProps) {
  return (
    <Stack align="center" gap="md" py="xl" ta="center">
      <h1 className="visually-hidden">Pay invoice</h1>
      {(status === 'loading' || status === 'open') && <Loader size="sm" />}
      <Text role="status" aria-live="polite">
        {statusLines[status]}
      </Text>
      {status === 'closed' && <Button onClick={onReopen}>Pay now</Button>}
      {status === 'failed' && <Button onClick={onRetry}>Retry</Button>}
      {status === 'paid' && <Anchor href={consoleHref}>Back to Spark</Anchor>}
    </Stack>
  );
}
