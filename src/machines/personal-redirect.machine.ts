// The act-on-load personal pages (spec section 2 'Personal pages': /pb/setup, /pb/portal, /pb/trial):
// the page asks the server for where to go (a setup-mode checkout, the customer portal, or the profile
// once the trial has started) and sends the browser there. If the page is still here after the
// redirect wait (30 s for personal pages, spec section 9), the redirect failed: an error with Retry.
// 401 is not the page's to show: it passes up to the app, which re-runs the auth flow (spec 8).
//
// Effects are injected with `provide`: the request (which API call) and the navigation.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { classifyError, passesUpFromScreenSetup } from '@/domain/error-policy';
import { fieldErrorText, validationFieldErrors } from '@/domain/field-errors';
import { errorOf } from './actor-error';

export const PERSONAL_REDIRECT_WAIT_MS = 30_000;
export const PERSONAL_REDIRECT_FAILED_MESSAGE = 'The page did not open. Please try again.';

export interface PersonalRedirectContext {
  url: string | null;
  errorMessage: string | null;
}

export type PersonalRedirectEvent = { type: 'redirect.retry' };

export const personalRedirectMachine = setup({
  types: {
    context: {} as PersonalRedirectContext,
    events: {} as PersonalRedirectEvent,
  },
  actors: {
    /** The page's call: answers where the browser goes next. */
    request: fromPromise<{ url: string }>(async () => {
      throw new Error('request is not provided');
    }),
    /** Sends the browser to the URL; nothing more happens here if it leaves. */
    redirect: fromCallback<PersonalRedirectEvent, { url: string }>(() => {
      throw new Error('redirect is not provided');
    }),
  },
  actions: {
    storeUrl: assign((_, url: string) => ({ url, errorMessage: null })),
    storeRequestError: assign(({ event }) => {
      const error = errorOf(event);
      // A refusal names its field ('Trial has already been used', spec section 5: humanized field
      // plus message); anything else shows its message.
      const fields = validationFieldErrors(error).map(fieldErrorText);
      if (fields.length > 0) return { errorMessage: fields.join('. ') };
      const outcome = classifyError(error);
      // Only 401 and membership errors have no message, and those pass up before this runs.
      return { errorMessage: 'message' in outcome ? outcome.message : PERSONAL_REDIRECT_FAILED_MESSAGE };
    }),
    storeTimeout: assign({ errorMessage: PERSONAL_REDIRECT_FAILED_MESSAGE }),
    // Injected by the app: hand the error (errorOf(event)) to the app-wide error handling.
    escalate: () => {},
  },
  guards: {
    passesUp: ({ event }) => passesUpFromScreenSetup(errorOf(event)),
  },
  delays: { redirectWait: PERSONAL_REDIRECT_WAIT_MS },
}).createMachine({
  id: 'personalRedirect',
  context: { url: null, errorMessage: null },
  initial: 'requesting',
  states: {
    requesting: {
      tags: 'busy',
      invoke: {
        id: 'request',
        src: 'request',
        onDone: {
          target: 'redirecting',
          actions: { type: 'storeUrl', params: ({ event }) => event.output.url },
        },
        onError: [
          { guard: 'passesUp', target: 'escalated', actions: 'escalate' },
          { target: 'failed', actions: 'storeRequestError' },
        ],
      },
    },
    redirecting: {
      tags: 'busy',
      invoke: { id: 'redirect', src: 'redirect', input: ({ context }) => ({ url: context.url ?? '' }) },
      after: { redirectWait: { target: 'timedOut', actions: 'storeTimeout' } },
    },
    failed: {
      on: { 'redirect.retry': 'requesting' },
    },
    timedOut: {
      on: { 'redirect.retry': 'requesting' },
    },
    escalated: {
      on: { 'redirect.retry': 'requesting' },
    },
  },
});
