// A members actor whose page loads and row actions the test settles by hand.
import { createActor, fromPromise } from 'xstate';
import type { Paged, TeamUser } from '@/domain/entities';
import { teamUserFixture } from '@/test/entity-fixtures';
import { errorOf } from './actor-error';
import { type LoadPageInput, type MemberActionDone, membersMachine } from './members.machine';
import {
  type MemberActionResult,
  memberActionMachine,
  type RunMemberActionInput,
} from './members-action.machine';
import { type Deferred, deferred } from './session.test-kit';

export const TEAM_REF = { teamId: 1, userId: 10 };

let nextId = 100;

/** A team user with defaults: an active member named after the email. */
export function teamUser(overrides: Partial<TeamUser> & { email?: string } = {}): TeamUser {
  const id = overrides.id ?? nextId++;
  return teamUserFixture({ id, email: `user${id}@acme.test`, fullName: `User ${id}`, ...overrides });
}

export function startMembers(firstPage: Paged<TeamUser> | null = null) {
  const pageCalls: { input: LoadPageInput; reply: Deferred<Paged<TeamUser>> }[] = [];
  const actionCalls: { input: RunMemberActionInput; reply: Deferred<MemberActionResult> }[] = [];
  const escalated: unknown[] = [];
  const done: (MemberActionDone | null)[] = [];
  const gone: number[] = [];
  const machine = membersMachine.provide({
    actors: {
      loadPage: fromPromise(({ input }) => {
        const reply = deferred<Paged<TeamUser>>();
        pageCalls.push({ input, reply });
        return reply.promise;
      }),
      memberAction: memberActionMachine.provide({
        actors: {
          runMemberAction: fromPromise(({ input }) => {
            const reply = deferred<MemberActionResult>();
            actionCalls.push({ input, reply });
            return reply.promise;
          }),
        },
      }),
    },
    actions: {
      escalate: ({ event }) => escalated.push(errorOf(event)),
      notifyActionDone: (_, params) => done.push(params),
      notifyMemberGone: () => gone.push(gone.length + 1),
    },
  });
  const actor = createActor(machine, { input: { ref: TEAM_REF, firstPage } }).start();
  return { actor, pageCalls, actionCalls, escalated, done, gone };
}
