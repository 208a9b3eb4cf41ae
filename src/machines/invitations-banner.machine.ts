// The pending-invitation banner (spec sections 2, 4, 9): 'Resend all' mails every pending invitee
// again and marks the team 'resent' for 1 hour — remembered in storage, so a reload keeps it —
// during which it cannot be resent; 'Cancel all' (after a confirmation) cancels every pending
// invitation and resets the marker. The clock and the store are passed in, for tests.
// Addresses the invitation mail limits hold back (decision 017) are kept to be named under the banner:
// listed in a resend's answer when others were mailed, or in a 429 code 1800 when nobody was.
import { assertEvent, assign, type DoneActorEvent, fromPromise, setup } from 'xstate';
import { limitedInvitations } from '@/domain/invitations';
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
  /** The addresses the last resend's mail limits held back (not mailed), shown under the banner. */
  heldBack: string[];
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

/** A resend's answer: the addresses mailed, and those the mail limits held back (only when any). */
export interface ResendOutcome {
  resent: string[];
  limited?: string[];
}

type ResendDone = { event: DoneActorEvent<ResendOutcome> };
type CancelDone = { event: DoneActorEvent<CancelAllOutcome> };

export const invitationsBannerMachine = setup({
  types: {
    context: {} as InvitationsBannerContext,
    events: {} as InvitationsBannerEvent,
    input: {} as InvitationsBannerInput,
  },
  actors: {
    resendInvitations: fromPromise<ResendOutcome, { emails: string[] }>(async () => {
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
    isMailLimit: ({ event }) => limitedInvitations(errorOf(event)) !== null,
    cancelFailedPartly: ({ event }) =>
      (event as unknown as { output: CancelAllOutcome }).output.failure !== undefined &&
      (event as unknown as { output: CancelAllOutcome }).output.failure !== null,
  },
  actions: {
    rememberResendEmails: assign(({ event }) => {
      assertEvent(event, 'invitations.resendAll');
      return { resendEmails: event.emails, heldBack: [] };
    }),
    rememberHeldBack: assign((_, outcome: ResendOutcome) => ({ heldBack: outcome.limited ?? [] })),
    rememberLimited: assign(({ event }) => ({
      heldBack: (limitedInvitations(errorOf(event)) ?? []).map(({ email }) => email),
    })),
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
    heldBack: [],
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
            { type: 'rememberHeldBack', params: ({ event }: ResendDone) => event.output },
            { type: 'announceResent', params: ({ event }: ResendDone) => event.output.resent },
          ],
        },
        onError: [
          // Nobody mailed because of the limits: no marker (nothing was sent), the note says who.
          { guard: 'isMailLimit', target: 'idle', actions: 'rememberLimited' },
          {
            target: 'idle',
            actions: { type: 'escalate', params: ({ event }: { event: object }) => errorOf(event) },
          },
        ],
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
