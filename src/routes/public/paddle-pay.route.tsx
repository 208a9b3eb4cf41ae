// /paddle-pay?_ptxn=txn_… : the console's default payment link, the page Paddle names in every
// transaction's checkout.url (a past-due invoice's Pay link, a card update, Paddle's mails). Paddle.js
// opens the checkout for the transaction itself; the page says how it went (paddle-pay-link.machine).
import { useSelector } from '@xstate/react';
import { useSearchParams } from 'react-router';
import { fromCallback, fromPromise } from 'xstate';
import { getPaddleJsSettings } from '@/api/paddle-js-settings';
import {
  type PaddlePayLinkCommand,
  type PaddlePaymentLinkInput,
  paddlePayLinkMachine,
} from '@/machines/paddle-pay-link.machine';
import { selectPayLinkStatus } from '@/machines/paddle-pay-link.selectors';
import type { PaymentLinkCheckout } from '@/routes/payments/paddle';
import { useScreenFlow } from '@/routes/screen-flow';
import { PaddlePayLinkView } from '@/ui/PaddlePayLinkView';

/** Paddle.js through the console's own loader, in its own chunk, once the page knows its settings. */
const paddlePaymentLink = fromCallback<PaddlePayLinkCommand, PaddlePaymentLinkInput>(
  ({ input, sendBack, receive }) => {
    let stopped = false;
    let checkout: PaymentLinkCheckout | null = null;
    import('@/routes/payments/paddle')
      .then(({ openPaddlePaymentLink }) =>
        openPaddlePaymentLink(input.settings, input.transactionId, (outcome) => {
          if (!stopped) sendBack({ type: outcome === 'completed' ? 'paddle.completed' : 'paddle.closed' });
        }),
      )
      .then(
        (opened) => {
          if (stopped) opened.close();
          else checkout = opened;
        },
        () => {
          if (!stopped) sendBack({ type: 'paddle.failed' });
        },
      );
    receive(() => checkout?.reopen());
    return () => {
      stopped = true;
      checkout?.close();
    };
  },
);

export function PaddlePayPage() {
  const transactionId = useSearchParams()[0].get('_ptxn') ?? '';
  const flow = useScreenFlow(
    ({ api }) =>
      paddlePayLinkMachine.provide({
        actors: {
          getSettings: fromPromise(({ signal }) => getPaddleJsSettings(api, signal)),
          paddlePaymentLink,
        },
      }),
    { transactionId },
  );
  const status = useSelector(flow, selectPayLinkStatus);
  return (
    <PaddlePayLinkView
      status={status}
      consoleHref="/"
      onReopen={() => flow.send({ type: 'payLink.reopen' })}
      onRetry={() => flow.send({ type: 'payLink.retry' })}
    />
  );
}
