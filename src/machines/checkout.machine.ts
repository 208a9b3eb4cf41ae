// The checkout dialog flows of the billing page (spec section 2 'Checkout dialog flows', 4, 8):
//   subscribe            Confirmation step (plan-confirmation.machine), then success
//   freeUpgrade          Billing Details step ('Request Free Upgrade'), then the result
//   editCustomer         Billing Details step ('Update Details')
//   editCard             Card step ('Update Card'; card-setup.machine)
//   editCustomerAndCard  Billing Details step (Next), then the Card step
//   renew                Billing Details (Next), Card ('Update Billing Info'), then the plan renewed
//   renewWithCardOnFile  the plan renewed at once: the provider keeps the details and the card (Paddle)
// Steps read 'n of m', counting only the countable steps (CHECKOUT_STEPS). The wait between two steps
// (billing read again so the next step sees it) is capped at 10 s (stepWaitCap). A free upgrade or
// renew that fails shows 'Unknown error. Please try again later' with Ok; field errors show by their
// fields; anything else goes to the app's error handling.
//
// Effects are injected with `provide` (see provideCheckout in checkout.provide.ts): API calls, the two
// step machines with theirs, flashes and the error handler.
import { assertEvent, assign, fromPromise, sendTo, setup } from 'xstate';
import { customerFieldErrors, normalizeCustomer } from '@/domain/billing-customer';
import { BILLING_UNKNOWN_ERROR_MESSAGE, customerServerFieldErrors } from '@/domain/billing-errors';
import type { Customer } from '@/domain/entities';
import type { FieldError } from '@/domain/error-codes';
import { errorOf } from './actor-error';
import { type CardSetupOutput, type ConfirmCardSetup, cardSetupMachine } from './card-setup.machine';
import { type PlanConfirmationOutput, planConfirmationMachine } from './plan-confirmation.machine';

export type CheckoutFlow =
  | 'subscribe'
  | 'freeUpgrade'
  | 'editCustomer'
  | 'editCard'
  | 'editCustomerAndCard'
  | 'renew'
  | 'renewWithCardOnFile';
export type CheckoutStep = 'details' | 'card' | 'confirmation';

/** The countable steps of each flow, in order: what 'n of m' counts. */
export const CHECKOUT_STEPS: Record<CheckoutFlow, readonly CheckoutStep[]> = {
  subscribe: ['confirmation'],
  freeUpgrade: ['details'],
  editCustomer: ['details'],
  editCard: ['card'],
  editCustomerAndCard: ['details', 'card'],
  renew: ['details', 'card'],
  renewWithCardOnFile: [],
};

/** The most the dialog waits between two steps (spec section 9). */
export const STEP_WAIT_CAP_MS = 10_000;

export interface CheckoutInput {
  flow: CheckoutFlow;
  /** The plan to subscribe to, request, or renew ('' for the edit flows). */
  planId: string;
  /** The saved billing details, to start the form with. */
  customer: Customer | null;
}

export interface CheckoutContext extends CheckoutInput {
  fieldErrors: FieldError[];
  failure: string | null;
  error: unknown;
}

export type CheckoutEvent =
  | { type: 'details.submit'; customer: Customer }
  | { type: 'checkout.close' }
  // For the step machines: the dialog sends them to the parent, which forwards them.
  | { type: 'card.submit'; confirmCardSetup: ConfirmCardSetup }
  | { type: 'confirmation.revealCoupon' }
  | { type: 'confirmation.applyCoupon'; coupon: string }
  | { type: 'confirmation.start' }
  | { type: 'confirmation.retry' };

const outputOf = <T>(event: object) => (event as { output: T }).output;

export const checkoutMachine = setup({
  types: { context: {} as CheckoutContext, events: {} as CheckoutEvent, input: {} as CheckoutInput },
  actors: {
    saveCustomer: fromPromise<Customer, { customer: Customer }>(async () => {
      throw new Error('saveCustomer is not provided');
    }),
    /** Reads billing again between steps; the wait is capped by stepWaitCap. */
    refreshBilling: fromPromise<void, void>(async () => {
      throw new Error('refreshBilling is not provided');
    }),
    requestFreeUpgrade: fromPromise<void, { planId: string }>(async () => {
      throw new Error('requestFreeUpgrade is not provided');
    }),
    /** PUT v2 plan with the current plan: renews a cancelled subscription. */
    renewPlan: fromPromise<unknown, { planId: string }>(async () => {
      throw new Error('renewPlan is not provided');
    }),
    cardSetup: cardSetupMachine,
    planConfirmation: planConfirmationMachine,
  },
  actions: {
    checkCustomer: assign(({ event }) => {
      assertEvent(event, 'details.submit');
      return {
        fieldErrors: customerFieldErrors(event.customer),
        customer: normalizeCustomer(event.customer),
      };
    }),
    storeServerFieldErrors: assign(({ event }) => ({
      fieldErrors: customerServerFieldErrors(errorOf(event)),
    })),
    setUnknownFailure: assign({ failure: BILLING_UNKNOWN_ERROR_MESSAGE }),
    storeCardError: assign(({ event }) => {
      const output = outputOf<CardSetupOutput>(event);
      return { error: output.outcome === 'failed' ? output.error : null };
    }),
    forwardToCard: sendTo('card', ({ event }) => event),
    forwardToConfirmation: sendTo('confirmation', ({ event }) => event),
    // Injected by the app.
    /** The flash 'Subscription was renewed'. */
    showRenewed: () => {},
    /** Hands a failure to the app-wide error handling (a danger flash, or the auth rules). */
    reportError: (_, _error: unknown) => {},
  },
  guards: {
    startsWithConfirmation: ({ context }) => context.flow === 'subscribe',
    startsWithCard: ({ context }) => context.flow === 'editCard',
    startsRenewing: ({ context }) => context.flow === 'renewWithCardOnFile',
    hasFieldErrors: ({ context }) => context.fieldErrors.length > 0,
    isFreeUpgrade: ({ context }) => context.flow === 'freeUpgrade',
    isRenew: ({ context }) => context.flow === 'renew',
    hasCardStep: ({ context }) => CHECKOUT_STEPS[context.flow].includes('card'),
    failsAsUnknown: ({ context }) => ['freeUpgrade', 'renew', 'renewWithCardOnFile'].includes(context.flow),
    isCustomerFieldError: ({ event }) => customerServerFieldErrors(errorOf(event)).length > 0,
    cardSaved: ({ event }) => outputOf<CardSetupOutput>(event).outcome === 'saved',
    cardFailed: ({ event }) => outputOf<CardSetupOutput>(event).outcome === 'failed',
    planStarted: ({ event }) => outputOf<PlanConfirmationOutput>(event).outcome === 'subscribed',
  },
  delays: { stepWaitCap: STEP_WAIT_CAP_MS },
}).createMachine({
  id: 'checkout',
  context: ({ input }) => ({ ...input, fieldErrors: [], failure: null, error: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'startsWithConfirmation', target: 'confirmation' },
        { guard: 'startsWithCard', target: 'card' },
        { guard: 'startsRenewing', target: 'renewing' },
        { target: 'details' },
      ],
    },
    details: {
      initial: 'editing',
      states: {
        editing: {
          tags: ['step', 'editable'],
          on: {
            'details.submit': { target: 'checking', actions: 'checkCustomer' },
            'checkout.close': '#checkout.closed',
          },
        },
        // The customer is checked by the server's own rules before it is sent.
        checking: { always: [{ guard: 'hasFieldErrors', target: 'editing' }, { target: 'saving' }] },
        saving: {
          tags: ['step', 'busy'],
          invoke: {
            id: 'saveCustomer',
            src: 'saveCustomer',
            input: ({ context }) => ({ customer: context.customer as Customer }),
            onDone: [
              { guard: 'isFreeUpgrade', target: '#checkout.requestingFreeUpgrade' },
              { guard: 'hasCardStep', target: '#checkout.betweenSteps' },
              { target: '#checkout.done' },
            ],
            onError: [
              { guard: 'isCustomerFieldError', target: 'editing', actions: 'storeServerFieldErrors' },
              { guard: 'failsAsUnknown', target: '#checkout.failed', actions: 'setUnknownFailure' },
              {
                target: 'editing',
                actions: { type: 'reportError', params: ({ event }: { event: object }) => errorOf(event) },
              },
            ],
          },
        },
      },
    },
    betweenSteps: {
      tags: 'busy',
      invoke: { id: 'refreshBilling', src: 'refreshBilling', onDone: 'card', onError: 'card' },
      after: { stepWaitCap: 'card' },
    },
    requestingFreeUpgrade: {
      tags: 'busy',
      invoke: {
        id: 'requestFreeUpgrade',
        src: 'requestFreeUpgrade',
        input: ({ context }) => ({ planId: context.planId }),
        onDone: 'requested',
        onError: { target: 'failed', actions: 'setUnknownFailure' },
      },
    },
    card: {
      tags: 'step',
      on: {
        'card.submit': { actions: 'forwardToCard' },
        'checkout.close': { actions: 'forwardToCard' },
      },
      invoke: {
        id: 'card',
        src: 'cardSetup',
        onDone: [
          { guard: 'cardSaved', target: 'cardSaved' },
          { guard: 'cardFailed', target: 'cardFailed', actions: 'storeCardError' },
          { target: 'closed' },
        ],
      },
    },
    cardSaved: { always: [{ guard: 'isRenew', target: 'renewing' }, { target: 'done' }] },
    // A card call failed for another reason than the card: renew reads 'Unknown error', others flash it.
    cardFailed: {
      always: [
        { guard: 'isRenew', target: 'failed', actions: 'setUnknownFailure' },
        {
          target: 'closed',
          actions: {
            type: 'reportError',
            params: ({ context }: { context: CheckoutContext }) => context.error,
          },
        },
      ],
    },
    renewing: {
      tags: 'busy',
      invoke: {
        id: 'renewPlan',
        src: 'renewPlan',
        input: ({ context }) => ({ planId: context.planId }),
        onDone: { target: 'done', actions: 'showRenewed' },
        onError: { target: 'failed', actions: 'setUnknownFailure' },
      },
    },
    confirmation: {
      tags: 'step',
      on: {
        'confirmation.*': { actions: 'forwardToConfirmation' },
        'checkout.close': { actions: 'forwardToConfirmation' },
      },
      invoke: {
        id: 'confirmation',
        src: 'planConfirmation',
        input: ({ context }) => ({ planId: context.planId }),
        onDone: [{ guard: 'planStarted', target: 'subscribed' }, { target: 'closed' }],
      },
    },
    subscribed: { on: { 'checkout.close': 'closed' } },
    requested: { on: { 'checkout.close': 'closed' } },
    failed: { on: { 'checkout.close': 'closed' } },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
