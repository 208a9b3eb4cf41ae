// Model-based test of the session. xstate/graph's test models may not invoke actors, so the model
// is an independent, invoke-free statechart of what spec section 4 promises; the system under test
// is the real session actor, whose API calls the test settles. createTestModel yields the shortest
// path to every model state; each is replayed on the real actor and checked at every step.
import { createMachine } from 'xstate';
import { createTestModel, getStateNodes } from 'xstate/graph';
import { fakeAccessToken, fakeAuthCode } from '@/test/fake-jwt';
import { getFreshAccessToken, NO_REFRESH_TOKEN } from './session.client';
import { type StoredSession, sessionMachine, TOKEN_INVALID_MESSAGE } from './session.machine';
import { createSessionHarness, flush, HttpStatusError, type SessionHarness } from './session.test-kit';

const FAR_FUTURE_S = 4_102_444_800; // 2100-01-01: fresh for the whole run
const issued = {
  refreshToken: 'rt_issued',
  accessToken: fakeAccessToken(7, 'issued'),
  expiresAt: FAR_FUTURE_S,
};
const staleStored: StoredSession = {
  refreshToken: 'rt_stale',
  accessToken: fakeAccessToken(7, 'stale'),
  expiresAt: 0,
  uid: 7,
};

/** What a user of the session sees, as states; events are what the outside world does. */
const sessionModel = createMachine({
  id: 'sessionModel',
  initial: 'restoring',
  states: {
    restoring: { on: { 'storage.foundSession': 'loggedIn', 'storage.empty': 'loggedOut' } },
    loggedOut: {
      on: {
        'user.opensAuthCodeLink': 'exchangingCode',
        'user.entersRefreshToken': 'loggingInWithRefreshToken',
        'user.entersBlankToken': 'loggedOut',
        'otherTab.logsIn': 'loggedIn',
      },
    },
    exchangingCode: { on: { 'server.acceptsCode': 'loggedIn', 'server.refusesCode': 'loggedOut' } },
    loggingInWithRefreshToken: {
      on: { 'server.acceptsRefreshToken': 'loggedIn', 'server.refusesRefreshToken': 'loggedOut' },
    },
    loggedIn: {
      initial: 'ready',
      on: {
        'user.logsOut': 'loggedOut',
        'user.entersBlankToken': 'loggedOut',
        'otherTab.logsOut': 'loggedOut',
      },
      states: {
        ready: { on: { 'call.needsFreshToken': 'refreshing', 'call.gets401': 'refreshing' } },
        refreshing: {
          on: {
            'server.refreshes': 'ready',
            'server.refusesRefresh': '#sessionModel.loggedOut',
            'network.fails': 'ready',
          },
        },
      },
    },
  },
});

/** How each model event is played on the real session actor. */
function playEvent(harness: SessionHarness, type: string): void {
  const lastRefresh = () => harness.refreshCalls.at(-1)?.reply;
  const lastExchange = () => harness.exchangeCalls.at(-1)?.reply;
  const plays: Record<string, () => void> = {
    'xstate.init': () => {},
    'storage.foundSession': () => harness.restoreReply.resolve(staleStored),
    'storage.empty': () => harness.restoreReply.resolve(null),
    'user.opensAuthCodeLink': () => harness.actor.send({ type: 'session.login', token: fakeAuthCode(7) }),
    'user.entersRefreshToken': () => harness.actor.send({ type: 'session.login', token: 'rt_given' }),
    'user.entersBlankToken': () => harness.actor.send({ type: 'session.login', token: '' }),
    'user.logsOut': () => harness.actor.send({ type: 'session.logout' }),
    'otherTab.logsIn': () => harness.actor.send({ type: 'session.storageChanged', stored: staleStored }),
    'otherTab.logsOut': () => harness.actor.send({ type: 'session.storageChanged', stored: null }),
    'server.acceptsCode': () => lastExchange()?.resolve(issued),
    'server.refusesCode': () => lastExchange()?.reject(new HttpStatusError(401)),
    'server.acceptsRefreshToken': () => lastRefresh()?.resolve(issued),
    'server.refusesRefreshToken': () => lastRefresh()?.reject(new HttpStatusError(401)),
    // A stale token: the first caller that needs one starts a refresh.
    'call.needsFreshToken': () => {
      harness.actor.send({ type: 'session.storageChanged', stored: staleStored });
      harness.actor.send({ type: 'session.refresh' });
    },
    'call.gets401': () =>
      harness.actor.send({
        type: 'session.tokenRejected',
        accessToken: harness.actor.getSnapshot().context.accessToken,
      }),
    'server.refreshes': () => lastRefresh()?.resolve(issued),
    'server.refusesRefresh': () => lastRefresh()?.reject(new HttpStatusError(401)),
    'network.fails': () => lastRefresh()?.reject(new TypeError('Failed to fetch')),
  };
  const play = plays[type];
  if (!play) throw new Error(`the test does not know how to play ${type}`);
  play();
}

const model = createTestModel(sessionModel);
const paths = model.getShortestPaths();

function leafIds(machine: { root: Parameters<typeof getStateNodes>[0] }): string[] {
  return getStateNodes(machine.root)
    .filter((node) => node.type === 'atomic')
    .map((node) => node.path.join('.'))
    .sort();
}

type StateCheck = (modelState: { value: unknown }) => void | Promise<void>;

/** Every state check first asserts that the real actor is where the model is. */
function withSameStateCheck(harness: SessionHarness, checks: Record<string, StateCheck>) {
  return Object.fromEntries(
    Object.entries(checks).map(([key, check]) => [
      key,
      async (modelState: { value: unknown }) => {
        expect(harness.actor.getSnapshot().value).toEqual(modelState.value);
        await check(modelState);
      },
    ]),
  );
}

describe('session statechart, model-based', () => {
  it('models every state of the real machine, and the paths reach all of them', () => {
    expect(leafIds(sessionModel)).toEqual(leafIds(sessionMachine));
    const reached = new Set(
      paths
        .flatMap((path) => [path.state, ...path.steps.map((step) => step.state)])
        .map((state) => JSON.stringify(state.value)),
    );
    expect(reached.size).toBe(leafIds(sessionMachine).length);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = createSessionHarness();
      const events = Object.fromEntries(
        Object.keys(sessionModel.events ?? {}).map((type) => [type, async () => {}]),
      );
      await path.test({
        events: new Proxy(events, {
          get: (_target, type: string) => async () => {
            playEvent(harness, type);
            await flush();
          },
        }),
        states: withSameStateCheck(harness, {
          restoring: () => {
            expect(harness.actor.getSnapshot().hasTag('restoring')).toBe(true);
          },
          loggedOut: async () => {
            expect(harness.stored.value).toBeNull();
            await expect(getFreshAccessToken(harness.actor)).rejects.toThrow(NO_REFRESH_TOKEN);
          },
          exchangingCode: () => {
            expect(harness.exchangeCalls.at(-1)?.code).toBe(fakeAuthCode(7));
          },
          loggingInWithRefreshToken: () => {
            expect(harness.refreshCalls.at(-1)?.refreshToken).toBe('rt_given');
          },
          'loggedIn.ready': () => {
            expect(harness.actor.getSnapshot().context.refreshToken).not.toBeNull();
          },
          'loggedIn.refreshing': () => {
            expect(harness.actor.getSnapshot().hasTag('refreshing')).toBe(true);
          },
        }),
      });
      // A refused token leaves the spec's message for the login page.
      const last = path.steps.at(-1)?.event.type;
      if (last === 'server.refusesCode' || last === 'server.refusesRefreshToken') {
        expect(harness.actor.getSnapshot().context.loginError).toBe(TOKEN_INVALID_MESSAGE);
      }
    });
  }
});
