import { createActor, fromCallback, fromPromise } from 'xstate';
import { errorOf } from './actor-error';
import { personalRedirectMachine } from './personal-redirect.machine';

export const TARGET_URL = 'https://portal.test/bps_1';

/** An error shaped as the API client's ApiError. */
export const apiError = (status: number, code: number | null, message: string) =>
  Object.assign(new Error(message), { status, code, message, data: null });

/**
 * The act-on-load flow with a scripted server: `server.fail` is the next request's failure (used
 * once); every request and redirect is recorded, escalated errors too.
 */
export function createPersonalRedirectHarness() {
  const server: { fail: unknown } = { fail: null };
  const requests: number[] = [];
  const redirects: string[] = [];
  const escalated: unknown[] = [];
  const logic = personalRedirectMachine.provide({
    actors: {
      request: fromPromise(async () => {
        requests.push(requests.length + 1);
        const failure = server.fail;
        server.fail = null;
        if (failure) throw failure;
        return { url: TARGET_URL };
      }),
      redirect: fromCallback<{ type: 'redirect.retry' }, { url: string }>(({ input }) => {
        redirects.push(input.url);
      }),
    },
    actions: { escalate: ({ event }) => escalated.push(errorOf(event)) },
  });
  const harness = {
    server,
    requests,
    redirects,
    escalated,
    actor: createActor(logic).start(),
    /** The page opened again (a failure armed for its first call). */
    restart() {
      harness.actor.stop();
      harness.actor = createActor(logic).start();
    },
  };
  return harness;
}
