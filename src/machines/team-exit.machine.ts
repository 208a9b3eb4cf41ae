// Deleting or leaving a team from the Overview (spec sections 2, 5, 6 and 8). The dialog asks for the
// team name typed exactly (the form checks it, so `exit.confirm` carries validated input); the call
// then runs, and on success the user sees the flash, goes home, and the registry forgets the team.
// A validation refusal (say, a premium team the server will not delete) stays in the dialog with its
// message; any other failure goes to the app-wide error handling and the dialog stays open.
//
// API calls, flash, navigation and the registry are injected with `provide`.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { fieldErrorText, validationFieldErrors } from '@/domain/field-errors';
import { errorOf } from './actor-error';

export const TEAM_DELETED_MESSAGE = 'Team was successfully deleted';
export const TEAM_LEFT_MESSAGE = 'You have successfully left the team';

export type TeamExitKind = 'delete' | 'leave';

export interface TeamExitContext {
  kind: TeamExitKind | null;
  /** The server's validation message, shown in the dialog. */
  errorMessage: string | null;
}

export type TeamExitEvent =
  | { type: 'exit.open'; kind: TeamExitKind }
  | { type: 'exit.cancel' }
  | { type: 'exit.confirm' };

/** The first field error of a validation error (code 10) as shown, or null for any other failure. */
function validationMessage(error: unknown): string | null {
  const [first] = validationFieldErrors(error);
  return first ? fieldErrorText(first) : null;
}

/**
 * How deleting or leaving ends: the flash, home, and the registry forgets the team; or back to the
 * dialog, with the server's validation message there or any other failure handed to the app.
 */
function exitSettles(successMessage: typeof TEAM_DELETED_MESSAGE | typeof TEAM_LEFT_MESSAGE) {
  return {
    onDone: {
      target: 'done',
      actions: [{ type: 'showSuccess', params: successMessage }, 'goHome', 'forgetMembership'],
    },
    onError: [
      { guard: 'isValidationError', target: 'confirming', actions: 'showValidationMessage' },
      {
        target: 'confirming',
        actions: { type: 'reportError', params: ({ event }: { event: object }) => errorOf(event) },
      },
    ],
  } as const;
}

export const teamExitMachine = setup({
  types: {
    context: {} as TeamExitContext,
    events: {} as TeamExitEvent,
  },
  actors: {
    deleteTeam: fromPromise<void>(async () => {
      throw new Error('deleteTeam is not provided');
    }),
    leaveTeam: fromPromise<void>(async () => {
      throw new Error('leaveTeam is not provided');
    }),
  },
  actions: {
    rememberKind: assign(({ event }) => {
      assertEvent(event, 'exit.open');
      return { kind: event.kind, errorMessage: null };
    }),
    forgetDialog: assign({ kind: null, errorMessage: null }),
    clearErrorMessage: assign({ errorMessage: null }),
    showValidationMessage: assign(({ event }) => ({ errorMessage: validationMessage(errorOf(event)) })),
    // Injected by the app.
    showSuccess: (_, _message: string) => {},
    goHome: () => {},
    /** The membership is gone: the registry (team selector, home) drops it. */
    forgetMembership: () => {},
    reportError: (_, _error: unknown) => {},
  },
  guards: {
    isDelete: ({ context }) => context.kind === 'delete',
    isValidationError: ({ event }) => validationMessage(errorOf(event)) !== null,
  },
}).createMachine({
  id: 'teamExit',
  context: { kind: null, errorMessage: null },
  initial: 'closed',
  states: {
    closed: {
      on: { 'exit.open': { target: 'confirming', actions: 'rememberKind' } },
    },
    confirming: {
      tags: 'open',
      on: {
        'exit.cancel': { target: 'closed', actions: 'forgetDialog' },
        'exit.confirm': [
          { guard: 'isDelete', target: 'deleting', actions: 'clearErrorMessage' },
          { target: 'leaving', actions: 'clearErrorMessage' },
        ],
      },
    },
    deleting: {
      tags: ['open', 'busy'],
      invoke: { id: 'deleteTeam', src: 'deleteTeam', ...exitSettles(TEAM_DELETED_MESSAGE) },
    },
    leaving: {
      tags: ['open', 'busy'],
      invoke: { id: 'leaveTeam', src: 'leaveTeam', ...exitSettles(TEAM_LEFT_MESSAGE) },
    },
    done: { type: 'final' },
  },
});
