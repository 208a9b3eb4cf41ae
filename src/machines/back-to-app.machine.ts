// Back to the app from a page outside it (/back-to-app?key=, spec sections 2 and 8): the one-time key
// is resolved by the server, then the browser goes there. Only the app's URL scheme or a path of this
// console is followed (domain/app-link.ts), whatever the server answered: never an open redirect.
//
// The call and the navigation are injected with `provide`.
import { assign, fromPromise, setup } from 'xstate';
import { safeRedirectTarget } from '@/domain/app-link';
import { errorOf, isItemNotFound } from './actor-error';

export interface BackToAppInput {
  key: string;
}

export interface BackToAppContext {
  key: string;
  /** The checked target, once known. */
  url: string | null;
}

export const backToAppMachine = setup({
  types: {
    input: {} as BackToAppInput,
    context: {} as BackToAppContext,
  },
  actors: {
    getRedirect: fromPromise<{ url: string }, { key: string }>(async () => {
      throw new Error('getRedirect is not provided');
    }),
  },
  actions: {
    rememberTarget: assign({ url: (_, url: string) => safeRedirectTarget(url) }),
    // Injected by the app: window.location.assign.
    followRedirect: (_, _url: string) => {},
  },
  guards: {
    hasKey: ({ context }) => context.key !== '',
    isSafeTarget: (_, url: string) => safeRedirectTarget(url) !== null,
    isNotFound: ({ event }) => isItemNotFound(errorOf(event)),
  },
}).createMachine({
  id: 'backToApp',
  context: ({ input }) => ({ key: input.key, url: null }),
  initial: 'checkingKey',
  states: {
    checkingKey: {
      always: [{ guard: 'hasKey', target: 'loading' }, { target: 'invalid' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'getRedirect',
        src: 'getRedirect',
        input: ({ context }) => ({ key: context.key }),
        onDone: [
          {
            guard: { type: 'isSafeTarget', params: ({ event }) => event.output.url },
            target: 'redirecting',
            actions: { type: 'rememberTarget', params: ({ event }) => event.output.url },
          },
          // A target elsewhere is not followed, and is nothing the visitor can fix.
          { target: 'failed' },
        ],
        onError: [{ guard: 'isNotFound', target: 'invalid' }, { target: 'failed' }],
      },
    },
    redirecting: {
      entry: { type: 'followRedirect', params: ({ context }) => context.url ?? '' },
      type: 'final',
    },
    invalid: { type: 'final' },
    failed: { type: 'final' },
  },
});
