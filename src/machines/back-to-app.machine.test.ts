import { createActor, fromPromise } from 'xstate';
import { ErrorCode } from '@/domain/error-codes';
import { backToAppMachine } from './back-to-app.machine';

const notFound = Object.assign(new Error('Item not found'), { status: 404, code: ErrorCode.itemNotFound });

async function run(key: string, answer: () => Promise<{ url: string }>) {
  const followRedirect = vi.fn();
  const calls: string[] = [];
  const actor = createActor(
    backToAppMachine.provide({
      actors: {
        getRedirect: fromPromise(async ({ input }) => {
          calls.push(input.key);
          return answer();
        }),
      },
      actions: { followRedirect: (_, url) => followRedirect(url) },
    }),
    { input: { key } },
  ).start();
  const loading = actor.getSnapshot().hasTag('loading');
  await new Promise((resolve) => setTimeout(resolve, 0));
  return { state: actor.getSnapshot().value, followRedirect, calls, loading };
}

describe('back to app', () => {
  it.each(['readdle-spark://checkout?result=success', '/teams/1-2/billing'])('follows %s', async (url) => {
    const { state, followRedirect, calls, loading } = await run('good', async () => ({ url }));
    expect(loading).toBe(true);
    expect(calls).toEqual(['good']);
    expect(state).toBe('redirecting');
    expect(followRedirect).toHaveBeenCalledWith(url);
  });

  it.each(['https://evil.test/', '//evil.test/x', 'javascript:alert(1)'])(
    'never follows %s (failed instead)',
    async (url) => {
      const { state, followRedirect } = await run('k', async () => ({ url }));
      expect(state).toBe('failed');
      expect(followRedirect).not.toHaveBeenCalled();
    },
  );

  it('a refused key is invalid; another failure is failed', async () => {
    expect((await run('k', () => Promise.reject(notFound))).state).toBe('invalid');
    expect((await run('k', () => Promise.reject(new Error('network')))).state).toBe('failed');
  });

  it('no key: invalid without a call', async () => {
    const { state, calls } = await run('', async () => ({ url: '/' }));
    expect(state).toBe('invalid');
    expect(calls).toEqual([]);
  });
});
