// The invite form (spec sections 2 'Members', 5, 7): the form has already checked the address list
// (empty: 'must not be empty', a bad address: 'is invalid'); this sends it, maps the server's
// validation errors (code 10) back onto the email field, and after a success flashes
// 'Invitation was sent', opens a prefilled mail draft to the invitees and lists them as pending.
// Both only for addresses actually invited: those the server skipped (already a member, already
// invited) are kept to say so beside the field, and when nobody was invited nothing is announced.
// When the invitation mail limits refuse the whole send (429 code 1800 naming the addresses), the
// note says who was not mailed instead of a generic 'Too many attempts' flash.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import { serverFieldErrorText } from '@/domain/field-errors';
import { INVITATION_FIELD, limitedInvitations, type SkippedInvitation } from '@/domain/invitations';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { errorOf } from './actor-error';

export const INVITATION_SENT_MESSAGE = 'Invitation was sent';

export interface InvitationsContext {
  ref: TeamUserRef;
  /** The addresses being sent, for the mail draft. */
  emails: string[];
  /** The server's complaint about the email field, shown under it ('Email is invalid'). */
  fieldError: string | null;
  /** Successful sends so far: the form starts afresh after each. */
  sentCount: number;
  /** The addresses the last send left alone, with why; shown beside the field. */
  skipped: SkippedInvitation[];
}

/** What a send answers: the new pending users, and the addresses skipped. */
export interface InviteOutcome {
  items: TeamUser[];
  skipped: SkippedInvitation[];
}

export type InvitationsEvent =
  | { type: 'invite.submit'; emails: string[] }
  /** The user edits the field again: the server's complaint no longer applies. */
  | { type: 'invite.edit' };

export interface InviteInput {
  ref: TeamUserRef;
  emails: string[];
}

/** The server's complaint about the email field from a validation error, or null. */
export const emailFieldError = (error: unknown): string | null =>
  serverFieldErrorText(error, INVITATION_FIELD);

export const invitationsMachine = setup({
  types: {
    context: {} as InvitationsContext,
    events: {} as InvitationsEvent,
    input: {} as { ref: TeamUserRef },
  },
  actors: {
    inviteUsers: fromPromise<InviteOutcome, InviteInput>(async () => {
      throw new Error('inviteUsers is not provided');
    }),
  },
  guards: {
    isEmailFieldError: ({ event }) => emailFieldError(errorOf(event)) !== null,
    isMailLimit: ({ event }) => limitedInvitations(errorOf(event)) !== null,
    invitedSomeone: (_, outcome: InviteOutcome) => outcome.items.length > 0,
  },
  actions: {
    rememberEmails: assign(({ event }) => {
      assertEvent(event, 'invite.submit');
      return { emails: event.emails, fieldError: null, skipped: [] };
    }),
    clearFieldError: assign({ fieldError: null }),
    rememberSkipped: assign((_, outcome: InviteOutcome) => ({ skipped: outcome.skipped })),
    rememberLimited: assign(({ event }) => ({ skipped: limitedInvitations(errorOf(event)) ?? [] })),
    rememberFieldError: assign(({ event }) => ({ fieldError: emailFieldError(errorOf(event)) })),
    countSent: assign(({ context }) => ({ sentCount: context.sentCount + 1 })),
    // Injected by the app: the flash 'Invitation was sent'.
    announceSent: () => {},
    // Injected by the app: opens the mailto: draft for these invitees.
    openMailDraft: (_, _emails: string[]) => {},
    // Injected by the app: the new pending users join the member list.
    listInvitees: (_, _users: TeamUser[]) => {},
    // Injected by the app: hand the error (errorOf(event)) to the app-wide error handling.
    escalate: () => {},
  },
}).createMachine({
  id: 'invitations',
  context: ({ input }) => ({ ref: input.ref, emails: [], fieldError: null, sentCount: 0, skipped: [] }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'invite.submit': { target: 'sending', actions: 'rememberEmails' },
        'invite.edit': { actions: 'clearFieldError' },
      },
    },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'inviteUsers',
        src: 'inviteUsers',
        input: ({ context }) => ({ ref: context.ref, emails: context.emails }),
        onDone: [
          {
            guard: { type: 'invitedSomeone', params: ({ event }) => event.output },
            target: 'idle',
            actions: [
              'countSent',
              { type: 'rememberSkipped', params: ({ event }) => event.output },
              'announceSent',
              { type: 'listInvitees', params: ({ event }) => event.output.items },
              {
                type: 'openMailDraft',
                params: ({ event }) => event.output.items.map((user) => user.email),
              },
            ],
          },
          // Nobody new: no flash, no draft; the note says why each address was skipped.
          {
            target: 'idle',
            actions: ['countSent', { type: 'rememberSkipped', params: ({ event }) => event.output }],
          },
        ],
        onError: [
          { guard: 'isEmailFieldError', target: 'idle', actions: 'rememberFieldError' },
          { guard: 'isMailLimit', target: 'idle', actions: 'rememberLimited' },
          { target: 'idle', actions: 'escalate' },
        ],
      },
    },
  },
});
