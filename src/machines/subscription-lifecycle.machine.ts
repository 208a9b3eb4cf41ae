// The team's subscription as the billing page sees it (spec section 4): none (incomplete counts as
// none), trialing, active, each possibly cancelled (cancelAt ahead), or unexpected. A payment waiting
// for the card (incomplete with a pending secret, or a plan change waiting for 3-D Secure on a live
// subscription) is confirmed with the card provider's library, then billing is read again.
//
// The page sends `billing.updated` whenever it has read billing. Effects are injected with `provide`:
// confirmPayment (Stripe.js confirmCardPayment; resolves the provider's error message or null),
// reloadBilling (the page reads billing again and sends billing.updated), showCardError (a flash).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { Subscription } from '@/domain/entities';
import {
  isCancelled,
  SUBSCRIPTION_EXPECTED_MESSAGE,
  subscriptionPhase,
  UNEXPECTED_STATUS_MESSAGE,
} from '@/domain/subscription-phase';

export interface SubscriptionLifecycleInput {
  subscription: Subscription | null;
  /** Milliseconds since epoch, for whether cancelAt is still ahead. */
  now: number;
}

export interface SubscriptionLifecycleContext {
  subscription: Subscription | null;
  now: number;
  /** The secret last confirmed: billing still showing it after a try is not confirmed again. */
  triedSecret: string | null;
  /** A confirmation just ran, so billing must show a subscription. */
  expectSubscription: boolean;
  errorMessage: string | null;
}

export type SubscriptionLifecycleEvent = {
  type: 'billing.updated';
  subscription: Subscription | null;
  now: number;
};

export const subscriptionLifecycleMachine = setup({
  types: {
    context: {} as SubscriptionLifecycleContext,
    events: {} as SubscriptionLifecycleEvent,
    input: {} as SubscriptionLifecycleInput,
  },
  actors: {
    /** Confirms a pending payment (3-D Secure shows if the card asks); the provider's error or null. */
    confirmPayment: fromPromise<string | null, { clientSecret: string }>(async () => {
      throw new Error('confirmPayment is not provided');
    }),
    /** Reads billing again; the page then sends billing.updated. */
    reloadBilling: fromPromise<void, void>(async () => {
      throw new Error('reloadBilling is not provided');
    }),
  },
  actions: {
    storeBilling: assign(({ event }) => {
      assertEvent(event, 'billing.updated');
      return { subscription: event.subscription, now: event.now };
    }),
    rememberTriedSecret: assign(({ context }) => ({
      triedSecret: context.subscription?.pendingPaymentIntentSecret ?? null,
      expectSubscription: true,
    })),
    forgetExpectation: assign({ expectSubscription: false }),
    setSubscriptionExpected: assign({ errorMessage: SUBSCRIPTION_EXPECTED_MESSAGE }),
    setUnexpectedStatus: assign({ errorMessage: UNEXPECTED_STATUS_MESSAGE }),
    clearError: assign({ errorMessage: null }),
    // Injected by the app: a danger flash with the card provider's message.
    showCardError: (_, _message: string) => {},
  },
  guards: {
    subscriptionMissingAfterConfirm: ({ context }) => context.expectSubscription && !context.subscription,
    paymentToConfirm: ({ context }) =>
      subscriptionPhase(context.subscription) === 'paymentPending' &&
      context.subscription?.pendingPaymentIntentSecret !== context.triedSecret,
    isNone: ({ context }) => subscriptionPhase(context.subscription) === 'none',
    isTrialing: ({ context }) => context.subscription?.status === 'trialing',
    isActive: ({ context }) => context.subscription?.status === 'active',
    isCancelled: ({ context }) => isCancelled(context.subscription, context.now),
    isCardError: ({ event }) => 'output' in event && typeof event.output === 'string',
  },
}).createMachine({
  id: 'subscriptionLifecycle',
  context: ({ input }) => ({
    subscription: input.subscription,
    now: input.now,
    triedSecret: null,
    expectSubscription: false,
    errorMessage: null,
  }),
  initial: 'evaluating',
  on: {
    'billing.updated': { target: '.evaluating', actions: 'storeBilling' },
  },
  states: {
    // Decides the phase from the billing last read; passes through at once.
    evaluating: {
      always: [
        {
          guard: 'subscriptionMissingAfterConfirm',
          target: 'unexpected',
          actions: 'setSubscriptionExpected',
        },
        { guard: 'paymentToConfirm', target: 'confirmingPayment' },
        { guard: 'isNone', target: 'none', actions: 'forgetExpectation' },
        { guard: 'isTrialing', target: 'trialing', actions: 'forgetExpectation' },
        { guard: 'isActive', target: 'active', actions: 'forgetExpectation' },
        { target: 'unexpected', actions: 'setUnexpectedStatus' },
      ],
    },
    none: { tags: 'noSubscription', entry: 'clearError' },
    trialing: {
      tags: 'subscribed',
      entry: 'clearError',
      initial: 'evaluating',
      states: {
        evaluating: { always: [{ guard: 'isCancelled', target: 'cancelled' }, { target: 'running' }] },
        running: {},
        cancelled: { tags: 'cancelled' },
      },
    },
    active: {
      tags: 'subscribed',
      entry: 'clearError',
      initial: 'evaluating',
      states: {
        evaluating: { always: [{ guard: 'isCancelled', target: 'cancelled' }, { target: 'running' }] },
        running: {},
        cancelled: { tags: 'cancelled' },
      },
    },
    confirmingPayment: {
      tags: ['busy', 'paymentPending'],
      entry: 'rememberTriedSecret',
      // The card's answer is awaited: billing read meanwhile is kept for when it comes.
      on: { 'billing.updated': { actions: 'storeBilling' } },
      invoke: {
        id: 'confirmPayment',
        src: 'confirmPayment',
        input: ({ context }) => ({ clientSecret: context.subscription?.pendingPaymentIntentSecret ?? '' }),
        onDone: [
          {
            guard: 'isCardError',
            target: 'reloading',
            actions: { type: 'showCardError', params: ({ event }) => event.output ?? '' },
          },
          { target: 'reloading' },
        ],
        // A failure of the library itself (not the card's answer): billing is read again all the same.
        onError: { target: 'reloading' },
      },
    },
    reloading: {
      tags: ['busy', 'paymentPending'],
      invoke: { id: 'reloadBilling', src: 'reloadBilling' },
      // billing.updated (at the root) ends this state.
    },
    unexpected: { tags: 'unexpected' },
  },
});
