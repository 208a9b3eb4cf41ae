// The public-file download page (spec section 2): the link is checked, the file's card loaded (or
// given, when the page's first load has it already), and while it shows, the current time ticks
// every 5 s (spec section 9) for 'File will be deleted {time left}'. Failures become spec section
// 4's kinds; only 'other' offers a retry.
import { assign, fromPromise, setup } from 'xstate';
import type { PublicFile } from '@/domain/entities';
import {
  isWellFormedPublicFileLink,
  type PublicFileErrorKind,
  publicFileErrorKind,
} from '@/domain/public-files';
import { errorOf } from './actor-error';

/** Spec section 9: the current-time ticker refreshes every 5 s. */
export const NOW_TICK_MS = 5000;

export interface PublicFileInput {
  fileKey: string | undefined;
  secret: string | null;
  /** The file, when the page's first load has it already (its route asked for it: routes/loads/). */
  file?: PublicFile | null;
}

export interface PublicFileContext extends PublicFileInput {
  file: PublicFile | null;
  errorKind: PublicFileErrorKind | null;
  /** The current time (ms) the time left is computed against. */
  now: number;
}

export type PublicFileEvent = { type: 'file.retry' };

export const publicFileMachine = setup({
  types: {
    context: {} as PublicFileContext,
    events: {} as PublicFileEvent,
    input: {} as PublicFileInput,
  },
  actors: {
    loadFile: fromPromise<PublicFile, { fileKey: string; secret: string }>(async () => {
      throw new Error('loadFile is not provided');
    }),
  },
  actions: {
    storeFile: assign(({ event }) => ({
      file: 'output' in event ? (event.output as PublicFile) : null,
      errorKind: null,
      now: Date.now(),
    })),
    rememberError: assign(({ event }) => ({ errorKind: publicFileErrorKind(errorOf(event)) })),
    markInvalidLink: assign({ errorKind: 'validation' as const }),
    updateNow: assign({ now: () => Date.now() }),
  },
  guards: {
    hasFile: ({ context }) =>
      context.file !== null && isWellFormedPublicFileLink(context.fileKey, context.secret),
    isWellFormedLink: ({ context }) => isWellFormedPublicFileLink(context.fileKey, context.secret),
    isRetryable: ({ context }) => context.errorKind === 'other',
  },
  delays: { nowTick: NOW_TICK_MS },
}).createMachine({
  id: 'publicFile',
  context: ({ input }) => ({ ...input, file: input.file ?? null, errorKind: null, now: Date.now() }),
  initial: 'checking',
  states: {
    // A file that came with the input shows at once (decision 040). A mangled link never reaches the
    // server: it is the 'validation' kind at once.
    checking: {
      always: [
        { guard: 'hasFile', target: 'ready' },
        { guard: 'isWellFormedLink', target: 'loading' },
        { target: 'failed', actions: 'markInvalidLink' },
      ],
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'loadFile',
        input: ({ context }) => ({ fileKey: context.fileKey ?? '', secret: context.secret ?? '' }),
        onDone: { target: 'ready', actions: 'storeFile' },
        onError: { target: 'failed', actions: 'rememberError' },
      },
    },
    ready: {
      after: { nowTick: { target: 'ready', reenter: true, actions: 'updateNow' } },
    },
    failed: {
      on: { 'file.retry': { guard: 'isRetryable', target: 'loading' } },
    },
  },
});
