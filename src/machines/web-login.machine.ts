// Web sign-up (spec section 2 '/web-login'): the visitor types an email or picks Google or Microsoft.
// An email is first checked for a provider it belongs to (a Gmail or Microsoft 365 address signs in
// there); otherwise a one-time link is mailed: 'Verify your email', with 'Send again.' to resend.
// A provider sign-in asks the server for the provider's URL and the browser goes there; if the page
// is still here after the redirect wait (10 s, spec section 9), the redirect failed. Failures go
// back to the step that caused them with the server's message.
//
// Effects are injected with `provide`: the provider look-up, the link mail, the OAuth start and the
// browser's navigation.
import { assertEvent, assign, fromCallback, fromPromise, setup } from 'xstate';
import { classifyError, UNKNOWN_ERROR_MESSAGE } from '@/domain/error-policy';
import { fieldErrorText, validationFieldErrors } from '@/domain/field-errors';
import { errorOf } from './actor-error';

export const REDIRECT_WAIT_MS = 10_000;
export const REDIRECT_FAILED_MESSAGE = 'The sign-in page did not open. Please try again.';

export type SignInProvider = 'google' | 'microsoft';

export interface WebLoginInput {
  destination: string;
  teamPlanId: string;
  teamId: string;
}

export interface WebLoginContext {
  target: WebLoginInput;
  email: string;
  provider: SignInProvider | null;
  url: string | null;
  errorMessage: string | null;
}

export type WebLoginEvent =
  | { type: 'login.email'; email: string }
  | { type: 'login.provider'; provider: SignInProvider }
  | { type: 'login.resend' }
  | { type: 'login.edit' };

/** What the visitor reads about a failure: a field's complaint, the server's message, or 'Unknown error'. */
export function failureMessage(error: unknown): string {
  const [field] = validationFieldErrors(error);
  if (field) return fieldErrorText(field);
  const outcome = classifyError(error);
  return 'message' in outcome ? outcome.message : UNKNOWN_ERROR_MESSAGE;
}

const sendInput = ({ context }: { context: WebLoginContext }) => ({
  email: context.email,
  target: context.target,
});

export const webLoginMachine = setup({
  types: {
    context: {} as WebLoginContext,
    events: {} as WebLoginEvent,
    input: {} as WebLoginInput,
  },
  actors: {
    lookupProvider: fromPromise<SignInProvider | null, { email: string }>(async () => {
      throw new Error('lookupProvider is not provided');
    }),
    sendLink: fromPromise<void, { email: string; target: WebLoginInput }>(async () => {
      throw new Error('sendLink is not provided');
    }),
    startOAuth: fromPromise<{ url: string }, { provider: SignInProvider; target: WebLoginInput }>(
      async () => {
        throw new Error('startOAuth is not provided');
      },
    ),
    /** Sends the browser to the URL; nothing more happens here if it leaves. */
    redirect: fromCallback<WebLoginEvent, { url: string }>(() => {
      throw new Error('redirect is not provided');
    }),
  },
  actions: {
    storeEmail: assign(({ event }) => {
      assertEvent(event, 'login.email');
      return { email: event.email.trim(), errorMessage: null };
    }),
    storeChosenProvider: assign(({ event }) => {
      assertEvent(event, 'login.provider');
      return { provider: event.provider, errorMessage: null };
    }),
    storeFoundProvider: assign((_, provider: SignInProvider) => ({ provider })),
    storeUrl: assign((_, url: string) => ({ url })),
    storeFailure: assign(({ event }) => ({ errorMessage: failureMessage(errorOf(event)) })),
    storeRedirectFailure: assign({ errorMessage: REDIRECT_FAILED_MESSAGE }),
    clearFailure: assign({ errorMessage: null, provider: null, url: null }),
  },
  guards: {
    hasProvider: ({ event }) =>
      'output' in event && (event.output === 'google' || event.output === 'microsoft'),
  },
  delays: { redirectWait: REDIRECT_WAIT_MS },
}).createMachine({
  id: 'webLogin',
  context: ({ input }) => ({ target: input, email: '', provider: null, url: null, errorMessage: null }),
  initial: 'editing',
  states: {
    editing: {
      tags: 'editable',
      on: {
        'login.email': { target: 'checkingProvider', actions: 'storeEmail' },
        'login.provider': { target: 'redirecting', actions: 'storeChosenProvider' },
        'login.edit': { actions: 'clearFailure' },
      },
    },
    checkingProvider: {
      tags: 'busy',
      invoke: {
        id: 'lookupProvider',
        src: 'lookupProvider',
        input: ({ context }) => ({ email: context.email }),
        onDone: [
          {
            guard: 'hasProvider',
            target: 'redirecting',
            actions: { type: 'storeFoundProvider', params: ({ event }) => event.output as SignInProvider },
          },
          { target: 'sending' },
        ],
        // The look-up only suggests a provider: without an answer the link is mailed.
        onError: { target: 'sending' },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendLink',
        src: 'sendLink',
        input: sendInput,
        onDone: { target: 'sent' },
        onError: { target: 'editing', actions: 'storeFailure' },
      },
    },
    sent: {
      tags: 'verify',
      on: { 'login.resend': { target: 'resending', actions: 'clearFailure' } },
    },
    resending: {
      tags: ['verify', 'busy'],
      invoke: {
        id: 'resendLink',
        src: 'sendLink',
        input: sendInput,
        onDone: { target: 'resent' },
        onError: { target: 'sent', actions: 'storeFailure' },
      },
    },
    resent: {
      tags: 'verify',
      on: { 'login.resend': { target: 'resending', actions: 'clearFailure' } },
    },
    redirecting: {
      tags: 'busy',
      initial: 'starting',
      states: {
        starting: {
          invoke: {
            id: 'startOAuth',
            src: 'startOAuth',
            input: ({ context }) => ({ provider: context.provider ?? 'google', target: context.target }),
            onDone: {
              target: 'leaving',
              actions: { type: 'storeUrl', params: ({ event }) => event.output.url },
            },
            onError: { target: '#webLogin.editing', actions: 'storeFailure' },
          },
        },
        leaving: {
          invoke: { id: 'redirect', src: 'redirect', input: ({ context }) => ({ url: context.url ?? '' }) },
          after: { redirectWait: { target: '#webLogin.editing', actions: 'storeRedirectFailure' } },
        },
      },
    },
  },
});
