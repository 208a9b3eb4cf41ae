// Paddle's checkout as a billing flow (paddle-checkout.machine): a wait while the order is asked for,
// Paddle's own overlay on top of the page, a wait while the webhook lands, then the plan, or an error
// with Retry. Paddle.js comes in its own chunk (payments/paddle.ts) when the overlay first opens.
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AppServices } from '@/app/services';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { providePaddleCheckout } from '@/machines/paddle-checkout.provide';
import { selectPaddleCheckoutError, selectPaddleCheckoutView } from '@/machines/paddle-checkout.selectors';
import type { PaddleJsSettings } from '@/routes/payments/paddle';
import { useScreenFlow } from '@/routes/screen-flow';
import { CheckoutDialog } from '@/ui/billing/CheckoutDialog';
import { RedirectDialog } from '@/ui/billing/RedirectDialog';
import { CheckoutResultDialog } from '@/ui/billing-page/CheckoutResultDialog';
import { paddleCheckoutEffects } from './paddle-checkout-effects';

export interface PaddleCheckoutDialogProps {
  teamUserRef: TeamUserRef;
  settings: PaddleJsSettings;
  /** The plan to subscribe to; null for the card of the live subscription. */
  planId: string | null;
  successText: string | null;
  /** 'Your team is now on Spark Pro (annual subscription).' */
  successMessage: string;
  refreshBilling: () => Promise<void>;
  onFinished: () => void;
}

export function PaddleCheckoutDialog(props: PaddleCheckoutDialogProps) {
  const { teamUserRef, settings, refreshBilling } = props;
  const actor = useScreenFlow(
    ({ api }: AppServices) =>
      providePaddleCheckout(paddleCheckoutEffects(api, teamUserRef, settings, refreshBilling)),
    { planId: props.planId },
  );
  const view = useSelector(actor, selectPaddleCheckoutView);
  const errorMessage = useSelector(actor, selectPaddleCheckoutError);
  const finished = useRef(props.onFinished);
  finished.current = props.onFinished;
  useEffect(() => {
    if (view === 'closed') finished.current();
  }, [view]);
  const close = () => actor.send({ type: 'checkout.close' });

  if (view === 'subscribed')
    return (
      <CheckoutResultDialog
        opened
        message={props.successMessage}
        successText={props.successText}
        onClose={close}
      />
    );
  if (view === 'failed')
    return (
      <RedirectDialog
        opened
        errorMessage={errorMessage}
        onRetry={() => actor.send({ type: 'checkout.retry' })}
        onClose={close}
      />
    );
  return (
    <CheckoutDialog
      opened={view === 'waiting'}
      title="Payment Details"
      stepLabel={null}
      busy
      waiting
      onClose={() => {}}
    >
      {null}
    </CheckoutDialog>
  );
}
