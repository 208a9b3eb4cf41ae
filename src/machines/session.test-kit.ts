// A session actor whose API calls and storage the test controls: each call waits on a deferred the
// test settles, so concurrency and ordering are explicit.
import { createActor, fromPromise } from 'xstate';
import type { Tokens } from '@/domain/entities';
import { type StoredSession, sessionMachine } from './session.machine';

export interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface SessionHarness {
  actor: ReturnType<typeof createActor<typeof sessionMachine>>;
  /** `loggedOut`: the last clear told other tabs it was a deliberate logout. */
  stored: { value: StoredSession | null; loggedOut?: boolean };
  /** The refresh tokens POST /api/v2/auth/logout was asked to revoke. */
  revokeCalls: (string | null)[];
  refreshCalls: { refreshToken: string; reply: Deferred<Tokens> }[];
  exchangeCalls: { code: string; reply: Deferred<Tokens> }[];
  restoreReply: Deferred<StoredSession | null>;
}

export function createSessionHarness(): SessionHarness {
  const stored: SessionHarness['stored'] = { value: null };
  const refreshCalls: SessionHarness['refreshCalls'] = [];
  const exchangeCalls: SessionHarness['exchangeCalls'] = [];
  const revokeCalls: SessionHarness['revokeCalls'] = [];
  const restoreReply = deferred<StoredSession | null>();
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fromPromise(() => restoreReply.promise),
      refreshTokens: fromPromise(({ input }) => {
        const reply = deferred<Tokens>();
        refreshCalls.push({ refreshToken: input.refreshToken, reply });
        return reply.promise;
      }),
      exchangeAuthCode: fromPromise(({ input }) => {
        const reply = deferred<Tokens>();
        exchangeCalls.push({ code: input.code, reply });
        return reply.promise;
      }),
      revokeSession: fromPromise(async ({ input }) => {
        revokeCalls.push(input.refreshToken);
      }),
    },
    actions: {
      persistSession: (_, session) => {
        stored.value = session;
      },
      clearStoredSession: () => {
        stored.value = null;
      },
      storeLogout: () => {
        stored.value = null;
        stored.loggedOut = true;
      },
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, stored, refreshCalls, exchangeCalls, revokeCalls, restoreReply };
}

/** Lets settled promises run their continuations (and XState deliver the done events). */
export async function flush(): Promise<void> {
  for (let i = 0; i < 5; i++) await Promise.resolve();
}

export class HttpStatusError extends Error {
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}
