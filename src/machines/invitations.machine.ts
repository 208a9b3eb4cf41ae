// The invite form (spec sections 2 'Members', 5, 7): the form has already checked the address list
// (empty: 'must not be empty', a bad address: 'is invalid'); this sends it, maps the server's
// validation errors (code 10) back onto the email field, and after a success flashes
// 'Invitation was sent', opens a prefilled mail draft to the invitees and lists them as pending.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/error-codes';
import { serverFieldErrorText } from '@/domain/field-errors';
import { INVITATION_FIELD } from '@/domain/invitations';
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
    inviteUsers: fromPromise<TeamUser[], InviteInput>(async () => {
      throw new Error('inviteUsers is not provided');
    }),
  },
  guards: {
    isEmailFieldError: ({ event }) => emailFieldError(errorOf(event)) !== null,
  },
  actions: {
    rememberEmails: assign(({ event }) => {
      assertEvent(event, 'invite.submit');
      return { emails: event.emails, fieldError: null };
    }),
    clearFieldError: assign({ fieldError: null }),
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
  context: ({ input }) => ({ ref: input.ref, emails: [], fieldError: null, sentCount: 0 }),
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
        onDone: {
          target: 'idle',
          actions: [
            'countSent',
            'announceSent',
            { type: 'listInvitees', params: ({ event }) => event.output },
            { type: 'openMailDraft', params: ({ context }) => context.emails },
          ],
        },
        onError: [
          { guard: 'isEmailFieldError', target: 'idle', actions: 'rememberFieldError' },
          { target: 'idle', actions: 'escalate' },
        ],
      },
    },
  },
});
