// Each billing flow's dialog, wired to its machine: the machine starts when the dialog mounts (one
// mount per flow started) and stops when it unmounts; onFinished tells BillingFlows it ended.
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { type ActorRefFrom, type AnyActorRef, fromCallback, fromPromise } from 'xstate';
import * as billingApi from '@/api/team-billing';
import type { AppServices } from '@/app/services';
import { useServices } from '@/app/services-context';
import type { Customer, PaymentProvider } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import {
  cancelSurveyMachine,
  SURVEY_ANSWERS,
  SURVEY_POPUP_SIZE,
  type SurveyAnswer,
} from '@/machines/cancel-survey.machine';
import { selectCancelView } from '@/machines/cancel-survey.selectors';
import type { cardSetupMachine } from '@/machines/card-setup.machine';
import type { CheckoutFlow } from '@/machines/checkout.machine';
import { provideCheckout } from '@/machines/checkout.provide';
import {
  selectCardActor,
  selectCardBusy,
  selectCardButton,
  selectCardError,
  selectCheckoutView,
  selectConfirmation,
  selectConfirmationActor,
  selectConfirmationBusy,
  selectConfirmationState,
  selectDetailsBusy,
  selectDetailsButton,
  selectFailure,
  selectFieldErrors,
  selectStepLabel,
} from '@/machines/checkout.selectors';
import { hostedCheckoutMachine } from '@/machines/hosted-checkout.machine';
import { selectHostedCheckoutOpen, selectRedirectError } from '@/machines/hosted-checkout.selectors';
import type { planConfirmationMachine } from '@/machines/plan-confirmation.machine';
import { useScreenFlow, useSelections } from '@/routes/screen-flow';
import { BillingDetailsForm } from '@/ui/billing/BillingDetailsForm';
import { CancelDialog } from '@/ui/billing/CancelDialog';
import { CheckoutDialog } from '@/ui/billing/CheckoutDialog';
import { CheckoutOutcome } from '@/ui/billing/CheckoutOutcome';
import { ConfirmationStep } from '@/ui/billing/ConfirmationStep';
import { RedirectDialog } from '@/ui/billing/RedirectDialog';
import { SurveyPopup } from '@/ui/billing/SurveyPopup';
import { CheckoutResultDialog } from '@/ui/billing-page/CheckoutResultDialog';
import { providerCalls } from './provider-effects';

const CardStep = lazy(() => import('./card-step'));

export const SUBSCRIPTION_CANCELLED = 'Subscription was cancelled';
export const SUBSCRIPTION_RENEWED = 'Subscription was renewed';
export const FREE_UPGRADE_REQUESTED = 'Your request was sent. We will get back to you by email.';

/** Calls onFinished once, when the flow reaches its final state. */
function useFinished(actor: Pick<AnyActorRef, 'subscribe'>, onFinished: () => void) {
  const latest = useRef(onFinished);
  latest.current = onFinished;
  useEffect(() => {
    let finished = false;
    const subscription = actor.subscribe((snapshot: { status: string }) => {
      if (snapshot.status !== 'done' || finished) return;
      finished = true;
      latest.current();
    });
    return () => subscription.unsubscribe();
  }, [actor]);
}

export interface CheckoutFlowDialogProps {
  teamUserRef: TeamUserRef;
  /** The provider in effect: its calls are the flow's effects. */
  provider: PaymentProvider;
  flow: CheckoutFlow;
  planId: string;
  planTitle: string;
  successText: string | null;
  /** 'Your team is now on Spark Pro (annual subscription).' */
  successMessage: string;
  customer: Customer | null;
  /** Reads billing again; resolves when the page has it. */
  refreshBilling: () => Promise<void>;
  onFinished: () => void;
}

const CHECKOUT_VIEW = {
  view: selectCheckoutView,
  stepLabel: selectStepLabel,
  busy: selectDetailsBusy,
  fieldErrors: selectFieldErrors,
  failure: selectFailure,
  detailsButton: selectDetailsButton,
  cardButton: selectCardButton,
};

const TITLES: Record<string, string> = {
  details: 'Billing Details',
  betweenSteps: 'Payment Details',
  card: 'Payment Details',
  renewing: 'Payment Details',
  requestingFreeUpgrade: 'Billing Details',
  confirmation: 'Confirmation',
  requested: 'Free Upgrade',
  failed: 'Error',
};

export function CheckoutFlowDialog(props: CheckoutFlowDialogProps) {
  const { teamUserRef: ref } = props;
  const actor = useScreenFlow(
    ({ api, handleError, showFlash }: AppServices) =>
      provideCheckout({
        ...providerCalls(props.provider, api, ref),
        refreshBilling: props.refreshBilling,
        showCardError: (message) => showFlash(message, 'danger'),
        showRenewed: () => showFlash(SUBSCRIPTION_RENEWED),
        reportError: handleError,
      }),
    { flow: props.flow, planId: props.planId, customer: props.customer },
  );
  useFinished(actor, props.onFinished);
  const { view, stepLabel, busy, fieldErrors, failure, detailsButton, cardButton } = useSelections(
    actor,
    CHECKOUT_VIEW,
  );
  const close = () => actor.send({ type: 'checkout.close' });

  if (view === 'closed') return null;
  if (view === 'subscribed') {
    return (
      <CheckoutResultDialog
        opened
        message={props.successMessage}
        successText={props.successText}
        onClose={close}
      />
    );
  }
  return (
    <CheckoutDialog
      opened
      title={TITLES[view] ?? 'Billing'}
      stepLabel={stepLabel}
      busy={busy}
      waiting={view === 'betweenSteps'}
      onClose={close}
    >
      {(view === 'details' || view === 'requestingFreeUpgrade') && (
        <BillingDetailsForm
          initial={props.customer}
          fieldErrors={fieldErrors}
          submitLabel={detailsButton}
          busy={busy}
          onSubmit={(customer) => actor.send({ type: 'details.submit', customer })}
        />
      )}
      {(view === 'card' || view === 'renewing') && (
        <CardStepView
          actor={actor}
          submitLabel={cardButton}
          teamUserRef={ref}
          renewing={view === 'renewing'}
        />
      )}
      {view === 'confirmation' && (
        <ConfirmationView
          actor={actor}
          planTitle={props.planTitle}
          withCoupon={props.provider !== 'paddle'}
        />
      )}
      {view === 'requested' && <CheckoutOutcome message={FREE_UPGRADE_REQUESTED} onClose={close} />}
      {view === 'failed' && <CheckoutOutcome message={failure ?? ''} danger onClose={close} />}
    </CheckoutDialog>
  );
}

type CheckoutActor = ReturnType<typeof useScreenFlow<ReturnType<typeof provideCheckout>>>;

function CardStepView({
  actor,
  submitLabel,
  teamUserRef,
  renewing,
}: {
  actor: CheckoutActor;
  submitLabel: string;
  teamUserRef: TeamUserRef;
  renewing: boolean;
}) {
  const card = useSelector(actor, selectCardActor) as ActorRefFrom<typeof cardSetupMachine> | undefined;
  return (
    <Suspense fallback={<span role="status">Loading card form...</span>}>
      {card ? (
        <CardFields card={card} submitLabel={submitLabel} teamUserRef={teamUserRef} />
      ) : (
        renewing && <span role="status">Renewing...</span>
      )}
    </Suspense>
  );
}

function CardFields({
  card,
  submitLabel,
  teamUserRef,
}: {
  card: ActorRefFrom<typeof cardSetupMachine>;
  submitLabel: string;
  teamUserRef: TeamUserRef;
}) {
  const busy = useSelector(card, selectCardBusy);
  const cardError = useSelector(card, selectCardError);
  const { api } = useServices();
  return (
    <CardStep
      loadPublishableKey={async () => (await billingApi.getStripeToken(api, teamUserRef)).token}
      submitLabel={submitLabel}
      busy={busy}
      cardError={cardError}
      onSubmit={(confirmCardSetup) => card.send({ type: 'card.submit', confirmCardSetup })}
    />
  );
}

interface ConfirmationViewProps {
  actor: CheckoutActor;
  planTitle: string;
  /** The promotion code field; Paddle's discounts are entered in its own checkout. */
  withCoupon: boolean;
}

function ConfirmationView(props: ConfirmationViewProps) {
  const confirmation = useSelector(props.actor, selectConfirmationActor) as
    | ActorRefFrom<typeof planConfirmationMachine>
    | undefined;
  if (!confirmation) return null;
  return <ConfirmationFields confirmation={confirmation} {...props} />;
}

function ConfirmationFields({
  confirmation,
  actor,
  planTitle,
  withCoupon,
}: ConfirmationViewProps & { confirmation: ActorRefFrom<typeof planConfirmationMachine> }) {
  const context = useSelector(confirmation, selectConfirmation);
  const busy = useSelector(confirmation, selectConfirmationBusy);
  useSelector(confirmation, selectConfirmationState);
  return (
    <ConfirmationStep
      planTitle={planTitle}
      preview={context.preview}
      previewError={context.previewError}
      couponOpen={context.couponOpen}
      appliedCoupon={context.coupon}
      couponError={context.couponError}
      busy={busy}
      {...(withCoupon ? { onRevealCoupon: () => actor.send({ type: 'confirmation.revealCoupon' }) } : {})}
      onApplyCoupon={(coupon) => actor.send({ type: 'confirmation.applyCoupon', coupon })}
      onStart={() => actor.send({ type: 'confirmation.start' })}
      onRetry={() => actor.send({ type: 'confirmation.retry' })}
    />
  );
}

export interface CancelFlowDialogProps {
  teamUserRef: TeamUserRef;
  provider: PaymentProvider;
  planId: string;
  expiresOn: string | null;
  onFinished: () => void;
}

export function CancelFlowDialog(props: CancelFlowDialogProps) {
  const { teamUserRef, planId, expiresOn, onFinished } = props;
  const actor = useScreenFlow(
    ({ api, handleError, showFlash }: AppServices) =>
      cancelSurveyMachine.provide({
        actors: {
          changePlan: fromPromise(({ input }) =>
            providerCalls(props.provider, api, teamUserRef).cancelPlan(input.planId),
          ),
        },
        actions: {
          showCancelled: () => showFlash(SUBSCRIPTION_CANCELLED),
          reportError: (_, error) => handleError(error),
        },
      }),
    { planId },
  );
  useFinished(actor, onFinished);
  const view = useSelector(actor, selectCancelView);
  return (
    <>
      <CancelDialog
        opened={view === 'confirming'}
        expiresOn={expiresOn}
        busy={false}
        onBack={() => actor.send({ type: 'cancel.back' })}
        onConfirm={() => actor.send({ type: 'cancel.confirm' })}
      />
      <SurveyPopup
        opened={view === 'survey'}
        size={SURVEY_POPUP_SIZE}
        answers={SURVEY_ANSWERS}
        onAnswer={(answer) => actor.send({ type: 'survey.answer', answer: answer as SurveyAnswer })}
        onDismiss={() => actor.send({ type: 'survey.dismiss' })}
      />
    </>
  );
}

export interface HostedCheckoutDialogProps {
  teamUserRef: TeamUserRef;
  planId: string;
  onFinished: () => void;
}

export function HostedCheckoutDialog({ teamUserRef, planId, onFinished }: HostedCheckoutDialogProps) {
  const actor = useScreenFlow(
    ({ api }: AppServices) =>
      hostedCheckoutMachine.provide({
        actors: {
          createCheckout: fromPromise(({ input }) =>
            billingApi.createCheckout(api, teamUserRef, input.planId),
          ),
          redirect: fromCallback(({ input }) => {
            window.location.assign(input.url);
          }),
        },
      }),
    { planId },
  );
  useFinished(actor, onFinished);
  const open = useSelector(actor, selectHostedCheckoutOpen);
  const errorMessage = useSelector(actor, selectRedirectError);
  return (
    <RedirectDialog
      opened={open}
      errorMessage={errorMessage}
      onRetry={() => actor.send({ type: 'checkout.retry' })}
      onClose={() => actor.send({ type: 'checkout.close' })}
    />
  );
}
