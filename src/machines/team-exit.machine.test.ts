import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/api-error';
import { type Deferred, deferred, flush } from './session.test-kit';
import { TEAM_DELETED_MESSAGE, TEAM_LEFT_MESSAGE, teamExitMachine } from './team-exit.machine';
import { selectExitBusy, selectExitError, selectOpenDialog } from './team-exit.selectors';

function startExit() {
  const log: string[] = [];
  const calls: { kind: 'delete' | 'leave'; reply: Deferred<void> }[] = [];
  const reported: unknown[] = [];
  const call = (kind: 'delete' | 'leave') =>
    fromPromise<void>(() => {
      const reply = deferred<void>();
      calls.push({ kind, reply });
      return reply.promise;
    });
  const actor = createActor(
    teamExitMachine.provide({
      actors: { deleteTeam: call('delete'), leaveTeam: call('leave') },
      actions: {
        showSuccess: (_, message) => log.push(`flash: ${message}`),
        goHome: () => log.push('home'),
        forgetMembership: () => log.push('forget'),
        reportError: (_, error) => reported.push(error),
      },
    }),
  ).start();
  return { actor, log, calls, reported };
}

describe('team exit', () => {
  it('deletes the team after confirmation: flash, home, registry', async () => {
    const { actor, log, calls } = startExit();
    expect(selectOpenDialog(actor.getSnapshot())).toBeNull();
    actor.send({ type: 'exit.open', kind: 'delete' });
    expect(selectOpenDialog(actor.getSnapshot())).toBe('delete');
    actor.send({ type: 'exit.confirm' });
    expect(selectExitBusy(actor.getSnapshot())).toBe(true);
    expect(calls.map(({ kind }) => kind)).toEqual(['delete']);
    calls[0]?.reply.resolve();
    await flush();
    expect(log).toEqual([`flash: ${TEAM_DELETED_MESSAGE}`, 'home', 'forget']);
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('leaves the team after confirmation', async () => {
    const { actor, log, calls } = startExit();
    actor.send({ type: 'exit.open', kind: 'leave' });
    actor.send({ type: 'exit.confirm' });
    calls[0]?.reply.resolve();
    await flush();
    expect(calls.map(({ kind }) => kind)).toEqual(['leave']);
    expect(log).toEqual(['flash: You have successfully left the team', 'home', 'forget']);
    expect(TEAM_LEFT_MESSAGE).toBe('You have successfully left the team');
  });

  it("keeps the dialog open with the server's validation message", async () => {
    const { actor, calls, log, reported } = startExit();
    actor.send({ type: 'exit.open', kind: 'delete' });
    actor.send({ type: 'exit.confirm' });
    const message = 'To delete your Premium Team, please cancel your subscription first';
    calls[0]?.reply.reject(
      new ApiError({
        status: 400,
        code: 10,
        message: 'Validation error',
        data: [{ field: 'plan', message }],
      }),
    );
    await flush();
    expect(selectOpenDialog(actor.getSnapshot())).toBe('delete');
    expect(selectExitError(actor.getSnapshot())).toBe(message);
    expect(reported).toEqual([]);
    expect(log).toEqual([]);
  });

  it('hands other failures to the app and lets the user try again', async () => {
    const { actor, calls, reported } = startExit();
    actor.send({ type: 'exit.open', kind: 'leave' });
    actor.send({ type: 'exit.confirm' });
    const error = new ApiError({ status: 403, code: 1700, message: 'You are not allowed to do this' });
    calls[0]?.reply.reject(error);
    await flush();
    expect(reported).toEqual([error]);
    expect(selectOpenDialog(actor.getSnapshot())).toBe('leave');
    expect(selectExitBusy(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'exit.confirm' });
    expect(calls).toHaveLength(2);
  });

  it('closes on cancel without a call', () => {
    const { actor, calls } = startExit();
    actor.send({ type: 'exit.open', kind: 'delete' });
    actor.send({ type: 'exit.cancel' });
    expect(selectOpenDialog(actor.getSnapshot())).toBeNull();
    expect(calls).toEqual([]);
  });
});
