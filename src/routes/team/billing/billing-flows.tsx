// The billing page's flows and their dialogs (spec section 2 'Checkout dialog flows', section 4):
// the page renders <BillingFlows> around itself and starts flows from its buttons with
// useBillingFlows(); onChanged asks the page to read billing again after a flow changed something.
// The subscription lifecycle runs here too: a payment waiting for the card (pending secret) is
// confirmed with Stripe.js, then billing is read again.
//
// Each flow's machine starts when its dialog mounts and stops when it ends (flow-dialogs.tsx); all of
// them join the Stately inspector in development (`?inspect`) through useScreenFlow.
import { Alert } from '@mantine/core';
import { useSelector } from '@xstate/react';
import {
  createContext,
  type JSX,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { fromPromise } from 'xstate';
import type { PaddleSettings } from '@/api/team-billing';
import { getStripeToken } from '@/api/team-billing';
import type { AppServices } from '@/app/services';
import { checkoutResultText } from '@/domain/billing-summary';
import type { Billing, PaymentProvider, Product } from '@/domain/entities';
import { upgradeNeedsHostedCheckout } from '@/domain/subscription-phase';
import type { TeamUserRef } from '@/domain/team-user-ref';
import type { CheckoutFlow } from '@/machines/checkout.machine';
import { subscriptionLifecycleMachine } from '@/machines/subscription-lifecycle.machine';
import { selectConfirmingPayment, selectLifecycleError } from '@/machines/subscription-lifecycle.selectors';
import { useScreenFlow } from '@/routes/screen-flow';

// The dialogs, their machines and forms load with the first flow started, not with the page.
const flowDialogs = () => import('@/routes/team/billing-flows/flow-dialogs');
const CheckoutFlowDialog = lazy(() =>
  flowDialogs().then((module) => ({ default: module.CheckoutFlowDialog })),
);
const CancelFlowDialog = lazy(() => flowDialogs().then((module) => ({ default: module.CancelFlowDialog })));
const HostedCheckoutDialog = lazy(() =>
  flowDialogs().then((module) => ({ default: module.HostedCheckoutDialog })),
);
// Paddle's flow has a chunk of its own, and Paddle.js one more, loaded when its overlay opens.
const PaddleCheckoutDialog = lazy(() =>
  import('@/routes/team/billing-flows/paddle-checkout-dialog').then((module) => ({
    default: module.PaddleCheckoutDialog,
  })),
);

export interface BillingFlowsApi {
  /** No subscription (or incomplete): hosted checkout redirect; otherwise the subscribe dialog. */
  upgrade(planId: string): void;
  requestFreeUpgrade(planId: string): void;
  editCustomer(): void;
  editCard(): void;
  editCustomerAndCard(): void;
  renew(): void;
  cancel(): void;
  /** A flow is running (a dialog is open or a pending payment is being confirmed). */
  busy: boolean;
}

export interface BillingFlowsProps {
  teamUserRef: TeamUserRef;
  /** The provider in effect: its calls are the flows' effects. */
  provider: PaymentProvider;
  /** What Paddle.js needs (GET billing-paddle/settings); null when it could not be read. */
  paddle: PaddleSettings | null;
  billing: Billing;
  plans: Product[];
  onChanged: () => void;
  children: ReactNode;
}

type OpenFlow =
  | { kind: 'checkout'; flow: CheckoutFlow; planId: string }
  | { kind: 'cancel'; planId: string }
  | { kind: 'hosted'; planId: string }
  /** Paddle's overlay checkout: a new subscription's plan, or null for the card. */
  | { kind: 'paddle'; planId: string | null };

const BillingFlowsContext = createContext<BillingFlowsApi | null>(null);

const productOfPlan = (plans: Product[], planId: string) =>
  plans.find((product) => product.plans.some((plan) => plan.id === planId));

const longDate = (seconds: number | null | undefined) =>
  seconds ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(new Date(seconds * 1000)) : null;

export function BillingFlows({
  teamUserRef,
  provider,
  paddle,
  billing,
  plans,
  onChanged,
  children,
}: BillingFlowsProps): JSX.Element {
  const [open, setOpen] = useState<(OpenFlow & { key: number }) | null>(null);
  const started = useRef(0);
  // The button that started the flow gets the focus back when the flow's dialog goes: the dialog
  // mounts already open and unmounts when the flow ends, so Mantine's Modal never hands it back.
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (open !== null) return;
    const element = opener.current;
    opener.current = null;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (element?.isConnected && lost) element.focus();
  }, [open]);

  // Reading billing again: the page reloads, and the promise settles when the new billing arrives.
  const onChangedRef = useRef(onChanged);
  onChangedRef.current = onChanged;
  const waiting = useRef<(() => void)[]>([]);
  const refreshBilling = useCallback(
    () =>
      new Promise<void>((resolve) => {
        waiting.current.push(resolve);
        onChangedRef.current();
      }),
    [],
  );

  const lifecycle = useScreenFlow(
    ({ api, showFlash }: AppServices) =>
      subscriptionLifecycleMachine.provide({
        actors: {
          confirmPayment: fromPromise(async ({ input }) => {
            const [{ token }, { confirmPendingPayment }] = await Promise.all([
              getStripeToken(api, teamUserRef),
              import('@/routes/team/billing-flows/stripe'),
            ]);
            return confirmPendingPayment(token, input.clientSecret);
          }),
          reloadBilling: fromPromise(() => refreshBilling()),
        },
        actions: { showCardError: (_, message) => showFlash(message, 'danger') },
      }),
    { subscription: billing.subscription, now: Date.now() },
  );
  // New billing from the page: the lifecycle reads it, and whoever waited for it goes on.
  useEffect(() => {
    lifecycle.send({ type: 'billing.updated', subscription: billing.subscription, now: Date.now() });
    const settled = waiting.current;
    waiting.current = [];
    for (const resolve of settled) resolve();
  }, [billing, lifecycle]);
  const confirmingPayment = useSelector(lifecycle, selectConfirmingPayment);
  const lifecycleError = useSelector(lifecycle, selectLifecycleError);

  const billingRef = useRef(billing);
  billingRef.current = billing;
  const providerRef = useRef(provider);
  providerRef.current = provider;
  const flows = useMemo<BillingFlowsApi>(() => {
    const start = (flow: OpenFlow) => {
      if (document.activeElement instanceof HTMLElement) opener.current = document.activeElement;
      setOpen({ ...flow, key: ++started.current });
    };
    const checkout = (flow: CheckoutFlow, planId = '') => start({ kind: 'checkout', flow, planId });
    const currentPlanId = () => billingRef.current.subscription?.planId ?? '';
    // Paddle keeps the billing details and takes the card in its own checkout.
    const onPaddle = () => providerRef.current === 'paddle';
    const editCard = () => (onPaddle() ? start({ kind: 'paddle', planId: null }) : checkout('editCard'));
    return {
      upgrade: (planId) => {
        if (!upgradeNeedsHostedCheckout(billingRef.current.subscription)) checkout('subscribe', planId);
        else start(onPaddle() ? { kind: 'paddle', planId } : { kind: 'hosted', planId });
      },
      requestFreeUpgrade: (planId) => checkout('freeUpgrade', planId),
      editCustomer: () => checkout('editCustomer'),
      editCard,
      editCustomerAndCard: () => (onPaddle() ? editCard() : checkout('editCustomerAndCard')),
      renew: () => checkout(onPaddle() ? 'renewWithCardOnFile' : 'renew', currentPlanId()),
      cancel: () => start({ kind: 'cancel', planId: currentPlanId() }),
      busy: false,
    };
  }, []);
  const busy = open !== null || confirmingPayment;
  const value = useMemo(() => ({ ...flows, busy }), [flows, busy]);

  const finish = useCallback(() => {
    setOpen(null);
    onChangedRef.current();
  }, []);
  const product = open?.planId ? productOfPlan(plans, open.planId) : undefined;
  const subscription = billing.subscription;

  return (
    <BillingFlowsContext.Provider value={value}>
      {lifecycleError && (
        <Alert color="red" role="alert" mb="md">
          {lifecycleError}
        </Alert>
      )}
      {children}
      <Suspense fallback={null}>
        {open?.kind === 'checkout' && (
          <CheckoutFlowDialog
            key={open.key}
            teamUserRef={teamUserRef}
            provider={provider}
            flow={open.flow}
            planId={open.planId}
            planTitle={product?.title ?? open.planId}
            successText={product?.successText ?? null}
            successMessage={checkoutResultText(product?.title ?? open.planId, open.planId)}
            customer={billing.customer}
            refreshBilling={refreshBilling}
            onFinished={finish}
          />
        )}
        {open?.kind === 'cancel' && (
          <CancelFlowDialog
            key={open.key}
            teamUserRef={teamUserRef}
            provider={provider}
            planId={open.planId}
            expiresOn={longDate(subscription?.trialEndAt ?? subscription?.nextPaymentAt)}
            onFinished={finish}
          />
        )}
        {open?.kind === 'hosted' && (
          <HostedCheckoutDialog
            key={open.key}
            teamUserRef={teamUserRef}
            planId={open.planId}
            onFinished={() => setOpen(null)}
          />
        )}
        {open?.kind === 'paddle' && paddle && (
          <PaddleCheckoutDialog
            key={open.key}
            teamUserRef={teamUserRef}
            settings={paddle}
            planId={open.planId}
            successText={product?.successText ?? null}
            successMessage={checkoutResultText(product?.title ?? open.planId ?? '', open.planId ?? '')}
            refreshBilling={refreshBilling}
            onFinished={finish}
          />
        )}
      </Suspense>
    </BillingFlowsContext.Provider>
  );
}

export function useBillingFlows(): BillingFlowsApi {
  const flows = useContext(BillingFlowsContext);
  if (!flows) throw new Error('useBillingFlows needs <BillingFlows> around it');
  return flows;
}
