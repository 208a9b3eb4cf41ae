// The pending-invitation banner (spec sections 2, 4, 9): 'Resend all' mails every pending invitee
// again and marks the team 'resent' for 1 hour — remembered in storage, so a reload keeps it —
// during which it cannot be resent; 'Cancel all' (after a confirmation) cancels every pending
// invitation and resets the marker. The clock and the store are passed in, for tests.
import { assertEvent, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import { errorOf } from './actor-error';
import { RESEND_THROTTLE_MS, type ResentMarkerStore } from './invitations-resent-marker';

export interface InvitationsBannerInput {
  store: ResentMarkerStore;
  /** Milliseconds since epoch; Date.now unless a test brings its own clock. */
  now?: () => number;
}

export interface InvitationsBannerContext {
  store: ResentMarkerStore;
  now: () => number;
  resentAt: number | null;
  /** The invitations 'Cancel all' is about, kept while the confirmation shows. */
  cancelIds: number[];
  resendEmails: string[];
}

export type InvitationsBannerEvent =
  | { type: 'invitations.resendAll'; emails: string[] }
  | { type: 'invitations.cancelAll'; userIds: number[] }
  | { type: 'invitations.confirm' }
  | { type: 'invitations.dismiss' };

/** What 'Cancel all' achieved: the invitations cancelled, and the first failure if some were not. */
export interface CancelAllOutcome {
  cancelled: number[];
  failure: unknown;
}

type ResendDone = { event: DoneActorEvent<{ resent: string[] }> };
type CancelDone = { event: DoneActorEvent<CancelAllOutcome> };

export const invitationsBannerMachine = setup({
  types: {
    context: {} as InvitationsBannerContext,
    events: {} as InvitationsBannerEvent,
    input: {} as InvitationsBannerInput,
  },
  actors: {
    resendInvitations: fromPromise<{ resent: string[] }, { emails: string[] }>(async () => {
      throw new Error('resendInvitations is not provided');
    }),
    cancelInvitations: fromPromise<CancelAllOutcome, { userIds: number[] }>(async () => {
      throw new Error('cancelInvitations is not provided');
    }),
  },
  delays: {
    // What is left of the hour since the resend (none when restored after it).
    resentExpiry: ({ context }) =>
      context.resentAt === null ? 0 : Math.max(0, context.resentAt + RESEND_THROTTLE_MS - context.now()),
  },
  guards: {
    markerIsFresh: ({ context }) =>
      context.resentAt !== null && context.now() - context.resentAt < RESEND_THROTTLE_MS,
    cancelFailedPartly: ({ event }) =>
      (event as unknown as { output: CancelAllOutcome }).output.failure !== undefined &&
      (event as unknown as { output: CancelAllOutcome }).output.failure !== null,
  },
  actions: {
    rememberResendEmails: assign(({ event }) => {
      assertEvent(event, 'invitations.resendAll');
      return { resendEmails: event.emails };
    }),
    rememberCancelIds: assign(({ event }) => {
      assertEvent(event, 'invitations.cancelAll');
      return { cancelIds: event.userIds };
    }),
    markResent: assign(({ context }) => ({ resentAt: context.now() })),
    persistMarker: ({ context }) => {
      if (context.resentAt !== null) context.store.save(context.resentAt);
    },
    forgetMarker: assign({ resentAt: null }),
    clearStoredMarker: ({ context }) => context.store.clear(),
    // Injected by the app: a flash for the resend.
    announceResent: (_, _resent: string[]) => {},
    // Injected by the app: the cancelled invitations leave the member list.
    reportCancelled: (_, _userIds: number[]) => {},
    // Injected by the app: the app-wide error handling.
    escalate: (_, _error: unknown) => {},
  },
}).createMachine({
  id: 'invitationsBanner',
  context: ({ input }) => ({
    store: input.store,
    now: input.now ?? Date.now,
    resentAt: input.store.load(),
    cancelIds: [],
    resendEmails: [],
  }),
  initial: 'checking',
  states: {
    // Where a restored marker, or one left after a dismissed or finished 'Cancel all', stands.
    checking: {
      always: [
        { guard: 'markerIsFresh', target: 'resent' },
        { target: 'idle', actions: ['forgetMarker', 'clearStoredMarker'] },
      ],
    },
    idle: {
      on: {
        'invitations.resendAll': { target: 'resending', actions: 'rememberResendEmails' },
        'invitations.cancelAll': { target: 'confirmingCancel', actions: 'rememberCancelIds' },
      },
    },
    resending: {
      tags: 'busy',
      invoke: {
        id: 'resendInvitations',
        src: 'resendInvitations',
        input: ({ context }) => ({ emails: context.resendEmails }),
        onDone: {
          target: 'resent',
          actions: [
            'markResent',
            'persistMarker',
            { type: 'announceResent', params: ({ event }: ResendDone) => event.output.resent },
          ],
        },
        onError: {
          target: 'idle',
          actions: { type: 'escalate', params: ({ event }: { event: object }) => errorOf(event) },
        },
      },
    },
    resent: {
      tags: 'resent',
      after: { resentExpiry: { target: 'idle', actions: ['forgetMarker', 'clearStoredMarker'] } },
      on: {
        'invitations.cancelAll': { target: 'confirmingCancel', actions: 'rememberCancelIds' },
      },
    },
    confirmingCancel: {
      tags: 'confirming',
      on: {
        'invitations.confirm': 'cancelling',
        'invitations.dismiss': 'checking',
      },
    },
    cancelling: {
      tags: 'busy',
      invoke: {
        id: 'cancelInvitations',
        src: 'cancelInvitations',
        input: ({ context }) => ({ userIds: context.cancelIds }),
        onDone: [
          {
            guard: 'cancelFailedPartly',
            target: 'idle',
            actions: [
              'forgetMarker',
              'clearStoredMarker',
              { type: 'reportCancelled', params: ({ event }: CancelDone) => event.output.cancelled },
              { type: 'escalate', params: ({ event }: CancelDone) => event.output.failure },
            ],
          },
          {
            target: 'idle',
            actions: [
              'forgetMarker',
              'clearStoredMarker',
              { type: 'reportCancelled', params: ({ event }: CancelDone) => event.output.cancelled },
            ],
          },
        ],
        onError: {
          target: 'checking',
          actions: { type: 'escalate', params: ({ event }: { event: object }) => errorOf(event) },
        },
      },
    },
  },
});
