// Accepting an invitation from its mail link (/accept-invitation?key=, spec sections 2 and 8): the
// join call, then 'Invitation accepted...'; after the spec's 5 s the Spark app opens by its URL scheme,
// and for an invitee who had no account yet the download page follows. A refused key is 'not found';
// anything else is 'other' (spec section 3: invitation errors not_found, other).
//
// The call and the two navigations are injected with `provide`.
import { assign, fromPromise, setup } from 'xstate';
import type { InvitationResult } from '@/domain/entities';
import { errorOf, isItemNotFound } from './actor-error';

/** Spec section 9: 'Invitation redirect delay 5 s'. */
export const INVITATION_REDIRECT_DELAY_MS = 5000;
/**
 * How long the app gets to take over before a new invitee is sent to the download page: if the app
 * is not installed, nothing happens to this page and the download page is the way to get it.
 */
export const DOWNLOAD_PAGE_DELAY_MS = 2000;

export interface AcceptInvitationInput {
  key: string;
}

export interface AcceptInvitationContext {
  key: string;
  result: InvitationResult | null;
}

export const acceptInvitationMachine = setup({
  types: {
    input: {} as AcceptInvitationInput,
    context: {} as AcceptInvitationContext,
  },
  actors: {
    acceptInvitation: fromPromise<InvitationResult, { key: string }>(async () => {
      throw new Error('acceptInvitation is not provided');
    }),
  },
  actions: {
    rememberResult: assign({
      result: (_, result: InvitationResult) => result,
    }),
    // Injected by the app: the app's URL scheme, then the download page (links.getSpark).
    openApp: () => {},
    openDownloadPage: () => {},
  },
  guards: {
    hasKey: ({ context }) => context.key !== '',
    isNotFound: ({ event }) => isItemNotFound(errorOf(event)),
    isNewAccount: ({ context }) => context.result?.isNewAccount === true,
  },
  delays: {
    invitationRedirectDelay: INVITATION_REDIRECT_DELAY_MS,
    downloadPageDelay: DOWNLOAD_PAGE_DELAY_MS,
  },
}).createMachine({
  id: 'acceptInvitation',
  context: ({ input }) => ({ key: input.key, result: null }),
  initial: 'checkingKey',
  states: {
    checkingKey: {
      always: [{ guard: 'hasKey', target: 'accepting' }, { target: 'notFound' }],
    },
    accepting: {
      tags: 'loading',
      invoke: {
        id: 'acceptInvitation',
        src: 'acceptInvitation',
        input: ({ context }) => ({ key: context.key }),
        onDone: {
          target: 'accepted',
          actions: { type: 'rememberResult', params: ({ event }) => event.output },
        },
        onError: [{ guard: 'isNotFound', target: 'notFound' }, { target: 'failed' }],
      },
    },
    accepted: {
      tags: 'accepted',
      after: { invitationRedirectDelay: { target: 'appOpened', actions: 'openApp' } },
    },
    appOpened: {
      tags: 'accepted',
      always: [{ guard: 'isNewAccount', target: 'awaitingDownload' }, { target: 'done' }],
    },
    awaitingDownload: {
      tags: 'accepted',
      after: { downloadPageDelay: { target: 'done', actions: 'openDownloadPage' } },
    },
    done: { tags: 'accepted', type: 'final' },
    notFound: { type: 'final' },
    failed: { type: 'final' },
  },
});
