// A personal price's hosted checkout: the same redirect statechart as a team's (hosted-checkout),
// with the personal call and the personal redirect wait (30 s, spec section 9).
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createPersonalCheckout } from '@/api/personal-billing';
import { selectHostedCheckoutOpen, selectRedirectError } from '@/machines/hosted-checkout.selectors';
import { providePersonalCheckout } from '@/machines/personal-checkout.provide';
import { useScreenFlow } from '@/routes/screen-flow';
import { RedirectDialog } from '@/ui/billing/RedirectDialog';

export function PersonalCheckoutDialog({ priceId, onFinished }: { priceId: string; onFinished: () => void }) {
  const actor = useScreenFlow(
    ({ api }) =>
      providePersonalCheckout({
        createCheckout: (id) => createPersonalCheckout(api, id),
        redirect: (url) => window.location.assign(url),
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
