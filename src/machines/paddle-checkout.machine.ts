// Paddle's overlay checkout (Paddle.js), for a team whose provider in effect is Paddle:
//   subscribe  a team without a live subscription: POST billing-paddle/checkout gives the order
//              (price, quantity, customer, customData naming the team), the overlay takes the card;
//              on checkout.completed the page waits until the webhook has put the team on the plan
//              (the subscription read again), then says so.
//   card       the card of a live subscription: POST billing-paddle/card gives Paddle's
//              update-payment-method transaction, the overlay pays it; billing is read again.
// checkout.closed before completing goes back to the page unchanged. A call that fails, Paddle.js
// that does not load, or a plan that does not show within the wait end in an error with Retry.
//
// Effects are injected with `provide` (paddle-checkout.provide.ts): the calls, Paddle.js, the waits.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { BILLING_UNKNOWN_ERROR_MESSAGE } from '@/domain/billing-errors';
import { classifyError } from '@/domain/error-policy';
import { errorOf } from './actor-error';

/** How long the page waits for the webhook to put the team on the plan after the payment. */
export const PLAN_WAIT_CAP_MS = 30_000;

/** What Paddle.js `Checkout.open` gets: a new subscription's order, or a transaction to pay. */
export type PaddleCheckoutOrder =
  | {
      priceId: string;
      quantity: number;
      customer: { email: string } | { id: string };
      customData: Record<string, unknown>;
    }
  | { transactionId: string };

export interface PaddleCheckoutInput {
  /** The plan to subscribe to; null for the card of the live subscription. */
  planId: string | null;
}

export interface PaddleCheckoutContext {
  planId: string | null;
  order: PaddleCheckoutOrder | null;
  errorMessage: string | null;
}

export type PaddleCheckoutEvent =
  | { type: 'checkout.retry' }
  | { type: 'checkout.close' }
  // From Paddle.js, through the paddleCheckout actor.
  | { type: 'paddle.completed' }
  | { type: 'paddle.closed' }
  | { type: 'paddle.failed'; error: unknown };

export const paddleCheckoutMachine = setup({
  types: {
    context: {} as PaddleCheckoutContext,
    events: {} as PaddleCheckoutEvent,
    input: {} as PaddleCheckoutInput,
  },
  actors: {
    /** POST billing-paddle/checkout (a plan) or billing-paddle/card (none). */
    prepareCheckout: fromPromise<PaddleCheckoutOrder, { planId: string | null }>(async () => {
      throw new Error('prepareCheckout is not provided');
    }),
    /** Loads Paddle.js, opens the overlay with the order and reports its events; closes it when stopped. */
    paddleCheckout: fromCallback<PaddleCheckoutEvent, { order: PaddleCheckoutOrder }>(() => {
      throw new Error('paddleCheckout is not provided');
    }),
    /** Reads the subscription again until it is on the plan (the webhook has landed). */
    awaitPlan: fromPromise<void, { planId: string }>(async () => {
      throw new Error('awaitPlan is not provided');
    }),
    /** Reads billing again (the page shows the new card). */
    refreshBilling: fromPromise<void, void>(async () => {
      throw new Error('refreshBilling is not provided');
    }),
  },
  actions: {
    storeOrder: assign((_, order: PaddleCheckoutOrder) => ({ order, errorMessage: null })),
    storeCallError: assign(({ event }) => {
      const outcome = classifyError(errorOf(event));
      return { errorMessage: 'message' in outcome ? outcome.message : BILLING_UNKNOWN_ERROR_MESSAGE };
    }),
    storeUnknownFailure: assign({ errorMessage: BILLING_UNKNOWN_ERROR_MESSAGE }),
  },
  guards: {
    changesPlan: ({ context }) => context.planId !== null,
  },
  delays: { planWaitCap: PLAN_WAIT_CAP_MS },
}).createMachine({
  id: 'paddleCheckout',
  context: ({ input }) => ({ planId: input.planId, order: null, errorMessage: null }),
  initial: 'preparing',
  states: {
    preparing: {
      tags: 'busy',
      invoke: {
        id: 'prepareCheckout',
        src: 'prepareCheckout',
        input: ({ context }) => ({ planId: context.planId }),
        onDone: { target: 'open', actions: { type: 'storeOrder', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: 'storeCallError' },
      },
    },
    open: {
      invoke: {
        id: 'paddleCheckout',
        src: 'paddleCheckout',
        input: ({ context }) => ({ order: context.order as PaddleCheckoutOrder }),
      },
      on: {
        'paddle.completed': [{ guard: 'changesPlan', target: 'awaitingPlan' }, { target: 'refreshing' }],
        'paddle.closed': 'closed',
        'paddle.failed': { target: 'failed', actions: 'storeUnknownFailure' },
      },
    },
    awaitingPlan: {
      tags: 'busy',
      invoke: {
        id: 'awaitPlan',
        src: 'awaitPlan',
        input: ({ context }) => ({ planId: context.planId ?? '' }),
        onDone: 'subscribed',
        onError: { target: 'failed', actions: 'storeUnknownFailure' },
      },
      after: { planWaitCap: { target: 'failed', actions: 'storeUnknownFailure' } },
    },
    refreshing: {
      tags: 'busy',
      invoke: { id: 'refreshBilling', src: 'refreshBilling', onDone: 'done', onError: 'done' },
    },
    subscribed: { on: { 'checkout.close': 'done' } },
    failed: {
      on: { 'checkout.retry': 'preparing', 'checkout.close': 'closed' },
    },
    done: { type: 'final' },
    closed: { type: 'final' },
  },
});
