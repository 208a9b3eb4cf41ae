import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { SnapshotFrom } from 'xstate';
import { useServices } from '@/app/services-context';
import { liveSubscription, subscribedPlanCode } from '@/domain/billing-summary';
import type { PaymentProvider, TeamMembership } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import type { screenSetupMachine } from '@/machines/screen-setup.machine';
import { useScreenSetupWithRouteData } from '@/routes/loads/use-route-data';
import { useSelectionsInTransition } from '@/routes/screen-flow';
import { BillingFlows } from '@/routes/team/billing/billing-flows';
import { BillingSkeleton } from '@/ui/billing-page/BillingSkeleton';
import { ScreenSetupStatus } from '@/ui/ScreenSetupStatus';
import { billingPageLoad } from './billing.load';
import { BillingContent } from './billing-content';
import { chosenProviderIn } from './chosen-provider';
import { type BillingPageData, loadBillingPage } from './load-billing-page';
import { useCheckoutResult } from './use-checkout-result';

type SetupSnapshot = SnapshotFrom<typeof screenSetupMachine>;

const SETUP_VIEW = {
  loading: (snapshot: SetupSnapshot) => snapshot.hasTag('loading'),
  // Kept while a reload runs, so the flows' dialogs stay open around it.
  data: (snapshot: SetupSnapshot) => snapshot.context.data as BillingPageData | null,
  errorMessage: (snapshot: SetupSnapshot) =>
    snapshot.matches('failed') ? snapshot.context.errorMessage : null,
};

export interface BillingScreenProps {
  membership: TeamMembership;
  teamUser: TeamUserRef;
}

/** The page for the provider chosen in its URL: choosing another starts it again on that one's calls. */
export function BillingScreen(props: BillingScreenProps) {
  const [params, setParams] = useSearchParams();
  const chosen = chosenProviderIn(params.toString());
  const choose = useCallback(
    (provider: PaymentProvider) =>
      setParams((current) => {
        const next = new URLSearchParams(current);
        next.set('provider', provider);
        return next;
      }),
    [setParams],
  );
  return <BillingScreenFor key={chosen ?? ''} {...props} chosen={chosen} onChoose={choose} />;
}

function BillingScreenFor({
  membership,
  teamUser,
  chosen,
  onChoose,
}: BillingScreenProps & { chosen: PaymentProvider | null; onChoose: (provider: PaymentProvider) => void }) {
  const { registry } = useServices();
  // In already, the page starts ready with the data its route asked for; else its first load waits.
  const setup = useScreenSetupWithRouteData(billingPageLoad, (api, signal) =>
    loadBillingPage(api, teamUser, signal, chosen),
  );
  const { loading, data, errorMessage } = useSelectionsInTransition(setup, SETUP_VIEW);
  const reload = useCallback(() => setup.send({ type: 'setup.reload' }), [setup]);
  const { result, dismiss } = useCheckoutResult(data !== null);

  // Back from a checkout the registry may still hold the old plan: the nav and the selector follow
  // the subscription the page has just read.
  const subscribed = data && liveSubscription(data.billing) ? subscribedPlanCode(data.billing) : null;
  const teamPlan = subscribed ?? membership.team.plan;
  useEffect(() => {
    if (subscribed && subscribed !== membership.team.plan) {
      registry.send({ type: 'registry.updateTeam', team: { id: membership.team.id, plan: subscribed } });
    }
  }, [subscribed, membership.team.plan, membership.team.id, registry]);

  return (
    <>
      <ScreenSetupStatus
        loading={loading && !data}
        errorMessage={errorMessage}
        onRetry={() => setup.send({ type: 'setup.retry' })}
      />
      {loading && !data && <BillingSkeleton />}
      {data && (
        <BillingFlows
          teamUserRef={teamUser}
          provider={data.provider}
          paddle={data.providers}
          billing={data.billing}
          plans={data.plans}
          onChanged={reload}
        >
          <BillingContent
            billing={data.billing}
            plans={data.plans}
            invoices={data.invoices}
            provider={data.provider}
            providers={data.providers}
            onChooseProvider={onChoose}
            teamPlan={teamPlan}
            checkoutResult={result}
            onDismissResult={dismiss}
          />
        </BillingFlows>
      )}
    </>
  );
}
