// Model-based test of /web-login's flow. The model is an invoke-free statechart of what the page
// promises (spec section 2); the system under test is the real machine, whose calls the test settles
// one by one. createTestModel yields the shortest path to every model state, and each path is
// replayed on the real actor, its state checked at every step.
import { createActor, createMachine, fromCallback, fromPromise } from 'xstate';
import { createTestModel } from 'xstate/graph';
import { REDIRECT_WAIT_MS, type SignInProvider, webLoginMachine } from './web-login.machine';

const webLoginModel = createMachine({
  id: 'webLoginModel',
  initial: 'editing',
  states: {
    editing: { on: { 'user.submitsEmail': 'checkingProvider', 'user.picksProvider': 'startingOAuth' } },
    checkingProvider: {
      on: {
        'server.findsProvider': 'startingOAuth',
        'server.findsNone': 'sending',
        'server.lookupFails': 'sending',
      },
    },
    sending: { on: { 'server.mails': 'sent', 'server.refuses': 'editing' } },
    sent: { on: { 'user.sendsAgain': 'resending' } },
    resending: { on: { 'server.mails': 'resent', 'server.refuses': 'sent' } },
    resent: { on: { 'user.sendsAgain': 'resending' } },
    startingOAuth: { on: { 'server.givesUrl': 'leaving', 'server.refuses': 'editing' } },
    leaving: { on: { 'time.passes': 'editing' } },
  },
});

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** The real machine, with every call left open until the test settles it. */
function createHarness() {
  let pending: Deferred | null = null;
  const open = () =>
    new Promise((resolve, reject) => {
      pending = { resolve, reject };
    });
  const actor = createActor(
    webLoginMachine.provide({
      actors: {
        lookupProvider: fromPromise(() => open() as Promise<SignInProvider | null>),
        sendLink: fromPromise(() => open() as Promise<void>),
        startOAuth: fromPromise(() => open() as Promise<{ url: string }>),
        redirect: fromCallback(() => {}),
      },
    }),
    { input: { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: '0' } },
  );
  actor.start();
  const settle = async (outcome: 'resolve' | 'reject', value: unknown) => {
    const call = pending;
    pending = null;
    if (!call) throw new Error('no call is open');
    call[outcome](value);
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };
  return { actor, settle };
}

type Harness = ReturnType<typeof createHarness>;
const refusal = { status: 429, code: 1800, message: 'Too many attempts. Please try again later', data: null };

const realState: Record<string, (h: Harness) => boolean> = {
  editing: (h) => h.actor.getSnapshot().matches('editing'),
  checkingProvider: (h) => h.actor.getSnapshot().matches('checkingProvider'),
  sending: (h) => h.actor.getSnapshot().matches('sending'),
  sent: (h) => h.actor.getSnapshot().matches('sent'),
  resending: (h) => h.actor.getSnapshot().matches('resending'),
  resent: (h) => h.actor.getSnapshot().matches('resent'),
  startingOAuth: (h) => h.actor.getSnapshot().matches({ redirecting: 'starting' }),
  leaving: (h) => h.actor.getSnapshot().matches({ redirecting: 'leaving' }),
};

const events: Record<string, (h: Harness) => Promise<void> | void> = {
  'user.submitsEmail': (h) => h.actor.send({ type: 'login.email', email: 'nora@newco.test' }),
  'user.picksProvider': (h) => h.actor.send({ type: 'login.provider', provider: 'google' }),
  'user.sendsAgain': (h) => h.actor.send({ type: 'login.resend' }),
  'server.findsProvider': (h) => h.settle('resolve', 'google'),
  'server.findsNone': (h) => h.settle('resolve', null),
  'server.lookupFails': (h) => h.settle('reject', new TypeError('Failed to fetch')),
  'server.mails': (h) => h.settle('resolve', undefined),
  'server.givesUrl': (h) => h.settle('resolve', { url: 'https://idp.test/authorize' }),
  'server.refuses': (h) => h.settle('reject', refusal),
  'time.passes': () => {
    vi.advanceTimersByTime(REDIRECT_WAIT_MS);
  },
};

describe('web login, model-based', () => {
  const model = createTestModel(webLoginModel);
  const paths = model.getShortestPaths();

  it('reaches every state of the model', () => {
    const reached = new Set(
      paths.flatMap((path) => [...path.steps.map((step) => step.state.value), path.state.value] as string[]),
    );
    expect(reached).toEqual(new Set(Object.keys(realState)));
  });

  for (const path of paths) {
    it(path.description, async () => {
      vi.useFakeTimers();
      try {
        const harness = createHarness();
        await path.test({
          states: Object.fromEntries(
            Object.entries(realState).map(([name, check]) => [
              name,
              () => {
                expect(check(harness)).toBe(true);
              },
            ]),
          ),
          events: Object.fromEntries(
            Object.entries(events).map(([type, run]) => [type, async () => run(harness)]),
          ),
        });
      } finally {
        vi.useRealTimers();
      }
    });
  }
});
