// The Confirmation step of the subscribe flow (spec section 2 'Checkout dialog flows'): the preview of
// what the change costs now (POST preview: lines, subtotal, discount, tax with percent, total), a
// promotion code revealed by 'I have a promotion code' and checked with Apply (a refused code shows by
// its field), then 'Start {plan}' (PUT v2 plan). A card the provider refuses closes the dialog with a
// danger flash of its message. A change waiting for 3-D Secure comes back with a pending payment
// secret: the dialog closes without success and the subscription lifecycle confirms it.
//
// Invoked by the checkout machine; ends with its outcome as output.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import {
  BILLING_UNKNOWN_ERROR_MESSAGE,
  couponErrorText,
  paymentFailureMessage,
} from '@/domain/billing-errors';
import type { Billing, Preview } from '@/domain/entities';
import { errorOf } from './actor-error';

export interface PlanConfirmationInput {
  planId: string;
}

export interface PlanConfirmationContext {
  planId: string;
  preview: Preview | null;
  previewError: string | null;
  couponOpen: boolean;
  /** The code the preview was computed with, sent with 'Start {plan}'. */
  coupon: string | null;
  /** The code being checked by Apply. */
  couponDraft: string | null;
  couponError: string | null;
  outcome: PlanConfirmationOutput['outcome'];
}

/** paymentPending: the change waits for 3-D Secure, which the subscription lifecycle opens. */
export type PlanConfirmationOutput = { outcome: 'subscribed' | 'paymentPending' | 'closed' };

export type PlanConfirmationEvent =
  | { type: 'confirmation.revealCoupon' }
  | { type: 'confirmation.applyCoupon'; coupon: string }
  | { type: 'confirmation.start' }
  | { type: 'confirmation.retry' }
  | { type: 'checkout.close' };

const reportErrorAction = {
  type: 'reportError',
  params: ({ event }: { event: object }) => errorOf(event),
} as const;

export const planConfirmationMachine = setup({
  types: {
    context: {} as PlanConfirmationContext,
    events: {} as PlanConfirmationEvent,
    input: {} as PlanConfirmationInput,
    output: {} as PlanConfirmationOutput,
  },
  actors: {
    previewPlan: fromPromise<Preview, { planId: string; coupon: string | null }>(async () => {
      throw new Error('previewPlan is not provided');
    }),
    changePlan: fromPromise<Billing, { planId: string; coupon: string | null }>(async () => {
      throw new Error('changePlan is not provided');
    }),
  },
  actions: {
    revealCoupon: assign({ couponOpen: true }),
    askCoupon: assign(({ event }) => {
      assertEvent(event, 'confirmation.applyCoupon');
      return { couponDraft: event.coupon.trim() || null, couponError: null };
    }),
    acceptCoupon: assign(({ context }) => ({ coupon: context.couponDraft })),
    storePreview: assign((_, preview: Preview) => ({ preview, previewError: null })),
    storePreviewError: assign({ previewError: BILLING_UNKNOWN_ERROR_MESSAGE }),
    refuseCoupon: assign(({ event }) => ({ couponError: couponErrorText(errorOf(event)) })),
    markSubscribed: assign({ outcome: 'subscribed' as const }),
    markPaymentPending: assign({ outcome: 'paymentPending' as const }),
    // Injected by the app.
    /** A danger flash with the card provider's message. */
    showCardError: (_, _message: string) => {},
    /** Hands a failure to the app-wide error handling. */
    reportError: (_, _error: unknown) => {},
  },
  guards: {
    isCouponError: ({ event }) => couponErrorText(errorOf(event)) !== null,
    isPaymentFailure: ({ event }) => paymentFailureMessage(errorOf(event)) !== null,
    paymentWaits: ({ event }) =>
      'output' in event &&
      Boolean((event.output as Billing | undefined)?.subscription?.pendingPaymentIntentSecret),
  },
}).createMachine({
  id: 'planConfirmation',
  context: ({ input }) => ({
    planId: input.planId,
    preview: null,
    previewError: null,
    couponOpen: false,
    coupon: null,
    couponDraft: null,
    couponError: null,
    outcome: 'closed',
  }),
  initial: 'loadingPreview',
  states: {
    loadingPreview: {
      tags: 'busy',
      invoke: {
        id: 'loadPreview',
        src: 'previewPlan',
        input: ({ context }) => ({ planId: context.planId, coupon: null }),
        onDone: { target: 'ready', actions: { type: 'storePreview', params: ({ event }) => event.output } },
        onError: { target: 'previewFailed', actions: 'storePreviewError' },
      },
    },
    previewFailed: {
      on: { 'confirmation.retry': 'loadingPreview', 'checkout.close': 'closed' },
    },
    ready: {
      tags: 'editable',
      on: {
        'confirmation.revealCoupon': { actions: 'revealCoupon' },
        'confirmation.applyCoupon': { target: 'applyingCoupon', actions: 'askCoupon' },
        'confirmation.start': 'subscribing',
        'checkout.close': 'closed',
      },
    },
    applyingCoupon: {
      tags: 'busy',
      invoke: {
        id: 'applyCoupon',
        src: 'previewPlan',
        input: ({ context }) => ({ planId: context.planId, coupon: context.couponDraft }),
        onDone: {
          target: 'ready',
          actions: [{ type: 'storePreview', params: ({ event }) => event.output }, 'acceptCoupon'],
        },
        onError: [
          { guard: 'isCouponError', target: 'ready', actions: 'refuseCoupon' },
          { target: 'ready', actions: reportErrorAction },
        ],
      },
    },
    subscribing: {
      tags: 'busy',
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        input: ({ context }) => ({ planId: context.planId, coupon: context.coupon }),
        onDone: [
          { guard: 'paymentWaits', target: 'paymentPending', actions: 'markPaymentPending' },
          { target: 'subscribed', actions: 'markSubscribed' },
        ],
        onError: [
          {
            guard: 'isPaymentFailure',
            target: 'closed',
            actions: {
              type: 'showCardError',
              params: ({ event }: { event: object }) => paymentFailureMessage(errorOf(event)) ?? '',
            },
          },
          { target: 'ready', actions: reportErrorAction },
        ],
      },
    },
    subscribed: { type: 'final' },
    paymentPending: { type: 'final' },
    closed: { type: 'final' },
  },
  output: ({ context }) => ({ outcome: context.outcome }),
});
