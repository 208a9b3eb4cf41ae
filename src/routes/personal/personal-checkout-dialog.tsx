// A personal price's hosted checkout: the same redirect statechart as a team's (hosted-checkout),
// with the personal call and the personal redirect wait (30 s, spec section 9).
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { fromCallback, fromPromise } from 'xstate';
import { createPersonalCheckout } from '@/api/personal-billing';
import { hostedCheckoutMachine } from '@/machines/hosted-checkout.machine';
import { selectHostedCheckoutOpen, selectRedirectError } from '@/machines/hosted-checkout.selectors';
import { PERSONAL_REDIRECT_WAIT_MS } from '@/machines/personal-redirect.machine';
import { useScreenFlow } from '@/routes/screen-flow';
import { RedirectDialog } from '@/ui/billing/RedirectDialog';

export function PersonalCheckoutDialog({ priceId, onFinished }: { priceId: string; onFinished: () => void }) {
  const actor = useScreenFlow(
    ({ api }) =>
      hostedCheckoutMachine.provide({
        actors: {
          // The machine calls its choice a plan id; here it is the personal price id.
          createCheckout: fromPromise(({ input }) => createPersonalCheckout(api, input.planId)),
          redirect: fromCallback(({ input }) => {
            window.location.assign(input.url);
          }),
        },
        delays: { redirectWait: PERSONAL_REDIRECT_WAIT_MS },
      }),
    { planId: priceId },
  );
  const open = useSelector(actor, selectHostedCheckoutOpen);
  const errorMessage = useSelector(actor, selectRedirectError);
  useEffect(() => {
    if (!open) onFinished();
  }, [open, onFinished]);
  return (
    <RedirectDialog
      opened={open}
      errorMessage={errorMessage}
      onRetry={() => actor.send({ type: 'checkout.retry' })}
      onClose={() => actor.send({ type: 'checkout.close' })}
    />
  );
}
