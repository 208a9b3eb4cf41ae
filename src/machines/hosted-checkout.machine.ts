// A team without a live subscription upgrades through the provider's hosted checkout (spec section
// 4): POST v2 checkout gives its URL and the browser goes there. If the page is still here after the
// redirect wait (10 s, spec section 9), the redirect failed: an error with Retry.
//
// Effects are injected with `provide`: the checkout call and the browser's navigation.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { classifyError } from '@/domain/error-policy';
import { errorOf } from './actor-error';

export const REDIRECT_WAIT_MS = 10_000;
export const REDIRECT_FAILED_MESSAGE = 'The checkout page did not open. Please try again.';

export interface HostedCheckoutInput {
  planId: string;
}

export interface HostedCheckoutContext {
  planId: string;
  url: string | null;
  errorMessage: string | null;
}

export type HostedCheckoutEvent = { type: 'checkout.retry' } | { type: 'checkout.close' };

export const hostedCheckoutMachine = setup({
  types: {
    context: {} as HostedCheckoutContext,
    events: {} as HostedCheckoutEvent,
    input: {} as HostedCheckoutInput,
  },
  actors: {
    createCheckout: fromPromise<{ url: string }, { planId: string }>(async () => {
      throw new Error('createCheckout is not provided');
    }),
    /** Sends the browser to the URL; nothing more happens here if it leaves. */
    redirect: fromCallback<HostedCheckoutEvent, { url: string }>(() => {
      throw new Error('redirect is not provided');
    }),
  },
  actions: {
    storeUrl: assign((_, url: string) => ({ url, errorMessage: null })),
    storeCallError: assign(({ event }) => {
      const outcome = classifyError(errorOf(event));
      return { errorMessage: 'message' in outcome ? outcome.message : REDIRECT_FAILED_MESSAGE };
    }),
    storeRedirectFailure: assign({ errorMessage: REDIRECT_FAILED_MESSAGE }),
  },
  delays: { redirectWait: REDIRECT_WAIT_MS },
}).createMachine({
  id: 'hostedCheckout',
  context: ({ input }) => ({ planId: input.planId, url: null, errorMessage: null }),
  initial: 'creating',
  states: {
    creating: {
      tags: 'busy',
      invoke: {
        id: 'createCheckout',
        src: 'createCheckout',
        input: ({ context }) => ({ planId: context.planId }),
        onDone: {
          target: 'redirecting',
          actions: { type: 'storeUrl', params: ({ event }) => event.output.url },
        },
        onError: { target: 'failed', actions: 'storeCallError' },
      },
    },
    redirecting: {
      tags: 'busy',
      invoke: { id: 'redirect', src: 'redirect', input: ({ context }) => ({ url: context.url ?? '' }) },
      after: { redirectWait: { target: 'failed', actions: 'storeRedirectFailure' } },
    },
    failed: {
      on: { 'checkout.retry': 'creating', 'checkout.close': 'closed' },
    },
    closed: { type: 'final' },
  },
});
