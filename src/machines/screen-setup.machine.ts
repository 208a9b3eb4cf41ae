// Plain loading for a screen (spec section 8): loading -> ready, or failed with a Retry link. A
// screen whose first load has its data already (its route's first-load data, routes/loads/)
// starts ready with it: its first render shows the data, in one paint.
// Membership errors (1502, 1600, 1850) and 401 are not the screen's to show: they are escalated
// to the app, which drops the team user or re-runs the auth flow.
import { assign, fromPromise, setup } from 'xstate';
import { classifyError, passesUpFromScreenSetup } from '@/domain/error-policy';
import { errorOf } from './actor-error';

export interface ScreenSetupContext {
  input: unknown;
  data: unknown;
  errorMessage: string | null;
}

export type ScreenSetupEvent = { type: 'setup.retry' } | { type: 'setup.reload' };

export const screenSetupMachine = setup({
  types: {
    context: {} as ScreenSetupContext,
    events: {} as ScreenSetupEvent,
    input: {} as unknown,
  },
  actors: {
    load: fromPromise<unknown, unknown>(async () => {
      throw new Error('load is not provided');
    }),
  },
  actions: {
    storeData: assign(({ event }) => ({ data: 'output' in event ? event.output : null, errorMessage: null })),
    rememberErrorMessage: assign(({ event }) => {
      const outcome = classifyError(errorOf(event));
      return { errorMessage: 'message' in outcome ? outcome.message : null };
    }),
    // Injected by a screen that can have its data at start (with isAnswered): store it as data.
    storeAnswer: () => {},
    // Injected by the app: hand the error (errorOf(event)) to the app-wide error handling.
    escalate: () => {},
  },
  guards: {
    passesUp: ({ event }) => passesUpFromScreenSetup(errorOf(event)),
    // Injected by a screen whose first load may have its data already.
    isAnswered: () => false,
  },
}).createMachine({
  id: 'screenSetup',
  context: ({ input }) => ({ input, data: null, errorMessage: null }),
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isAnswered', target: 'ready', actions: 'storeAnswer' }, { target: 'loading' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }: { context: ScreenSetupContext }) => context.input,
        onDone: { target: 'ready', actions: 'storeData' },
        onError: [
          { guard: 'passesUp', target: 'escalated', actions: 'escalate' },
          { target: 'failed', actions: 'rememberErrorMessage' },
        ],
      },
    },
    ready: {
      on: { 'setup.reload': 'loading' },
    },
    failed: {
      on: { 'setup.retry': 'loading' },
    },
    escalated: {
      on: { 'setup.retry': 'loading' },
    },
  },
});
