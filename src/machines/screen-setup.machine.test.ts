import { assign, createActor, fromPromise } from 'xstate';
import { ErrorCode } from '@/domain/error-codes';
import { errorOf } from './actor-error';
import { screenSetupMachine } from './screen-setup.machine';
import { deferred, flush } from './session.test-kit';

function startScreen() {
  const replies: ReturnType<typeof deferred<unknown>>[] = [];
  const inputs: unknown[] = [];
  const escalated: unknown[] = [];
  const actor = createActor(
    screenSetupMachine.provide({
      actors: {
        load: fromPromise(({ input }) => {
          inputs.push(input);
          const reply = deferred<unknown>();
          replies.push(reply);
          return reply.promise;
        }),
      },
      actions: { escalate: ({ event }) => escalated.push(errorOf(event)) },
    }),
    { input: { teamId: 1, userId: 10 } },
  ).start();
  return { actor, replies, inputs, escalated };
}

describe('screen setup', () => {
  it('loads with its input and becomes ready with the data', async () => {
    const { actor, replies, inputs } = startScreen();
    expect(actor.getSnapshot().hasTag('loading')).toBe(true);
    expect(inputs).toEqual([{ teamId: 1, userId: 10 }]);
    replies[0]?.resolve({ name: 'Acme Inc' });
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual({ name: 'Acme Inc' });
  });

  it('starts ready with data its screen has already, without loading; a reload loads', async () => {
    const loads: unknown[] = [];
    const actor = createActor(
      screenSetupMachine.provide({
        guards: { isAnswered: () => true },
        actions: { storeAnswer: assign({ data: () => ({ name: 'Acme Inc' }) }) },
        actors: {
          load: fromPromise(async ({ input }) => {
            loads.push(input);
            return { name: 'Acme Inc, reloaded' };
          }),
        },
      }),
      { input: { teamId: 1, userId: 10 } },
    ).start();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual({ name: 'Acme Inc' });
    expect(loads).toEqual([]);
    actor.send({ type: 'setup.reload' });
    await flush();
    expect(loads).toEqual([{ teamId: 1, userId: 10 }]);
    expect(actor.getSnapshot().context.data).toEqual({ name: 'Acme Inc, reloaded' });
  });

  it('shows the message of a failed load and loads again on Retry', async () => {
    const { actor, replies } = startScreen();
    replies[0]?.reject({ status: 400, code: ErrorCode.itemNotFound, message: 'Item not found', data: null });
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBe('Item not found');
    actor.send({ type: 'setup.retry' });
    replies[1]?.resolve('ok');
    await flush();
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it("shows 'Unknown error' for a failure that is not an API error", async () => {
    const { actor, replies } = startScreen();
    replies[0]?.reject(new TypeError('x is undefined'));
    await flush();
    expect(actor.getSnapshot().context.errorMessage).toBe('Unknown error');
  });

  it.each([
    [
      'not a team member',
      { status: 403, code: ErrorCode.notTeamMember, message: 'm', data: { teamId: 1, userId: 10 } },
    ],
    ['a 401', { status: 401, code: ErrorCode.tokenInvalid, message: 'Token is invalid', data: null }],
  ])('passes %s up to the app instead of showing it', async (_label, error) => {
    const { actor, replies, escalated } = startScreen();
    replies[0]?.reject(error);
    await flush();
    expect(actor.getSnapshot().matches('escalated')).toBe(true);
    expect(actor.getSnapshot().context.errorMessage).toBeNull();
    expect(escalated).toEqual([error]);
  });
});
