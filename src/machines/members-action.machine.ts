// One action on one row of the member list (spec sections 4 and 6), spawned by the members machine
// after it has shown the change: Deactivate waits 300 ms before its call (spec section 9), every
// other action calls at once. The outcome goes back to the parent, which keeps or rolls back the row.
import { fromPromise, sendParent, setup } from 'xstate';
import type { TeamUser } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { errorOf } from './actor-error';

/** Spec section 9: Deactivate waits this long before the call. */
export const DEACTIVATE_WAIT_MS = 300;

export type MemberActionRequest =
  | { kind: 'changeRole'; role: 'admin' | 'member' }
  | { kind: 'deactivate' }
  | { kind: 'activate' }
  | { kind: 'delete' }
  | { kind: 'resendInvitation' }
  | { kind: 'cancelInvitation' };

export type MemberActionKind = MemberActionRequest['kind'];

/** What the server answered: the changed user, a removal, or the addresses mailed again. */
export type MemberActionResult = { updated: TeamUser } | { removed: true } | { resent: string[] };

export interface MemberActionInput {
  actionId: string;
  ref: TeamUserRef;
  /** The row as it was before the change was shown. */
  user: TeamUser;
  request: MemberActionRequest;
}

export interface RunMemberActionInput {
  ref: TeamUserRef;
  user: TeamUser;
  request: MemberActionRequest;
}

/** Sent to the parent (the members machine). */
export type MemberActionReport =
  | { type: 'action.succeeded'; actionId: string; result: MemberActionResult }
  | { type: 'action.failed'; actionId: string; error: unknown };

export const memberActionMachine = setup({
  types: {
    context: {} as MemberActionInput,
    input: {} as MemberActionInput,
  },
  actors: {
    runMemberAction: fromPromise<MemberActionResult, RunMemberActionInput>(async () => {
      throw new Error('runMemberAction is not provided');
    }),
  },
  delays: {
    deactivateWait: DEACTIVATE_WAIT_MS,
  },
  guards: {
    isDeactivate: ({ context }) => context.request.kind === 'deactivate',
  },
  actions: {
    reportSuccess: sendParent(
      ({ context, event }): MemberActionReport => ({
        type: 'action.succeeded',
        actionId: context.actionId,
        result: (event as unknown as { output: MemberActionResult }).output,
      }),
    ),
    reportFailure: sendParent(
      ({ context, event }): MemberActionReport => ({
        type: 'action.failed',
        actionId: context.actionId,
        error: errorOf(event),
      }),
    ),
  },
}).createMachine({
  id: 'memberAction',
  context: ({ input }) => input,
  initial: 'starting',
  states: {
    starting: {
      always: [{ guard: 'isDeactivate', target: 'waiting' }, { target: 'calling' }],
    },
    waiting: {
      after: { deactivateWait: 'calling' },
    },
    calling: {
      invoke: {
        id: 'runMemberAction',
        src: 'runMemberAction',
        input: ({ context }) => ({ ref: context.ref, user: context.user, request: context.request }),
        onDone: { target: 'succeeded', actions: 'reportSuccess' },
        onError: { target: 'failed', actions: 'reportFailure' },
      },
    },
    succeeded: { type: 'final' },
    failed: { type: 'final' },
  },
});
