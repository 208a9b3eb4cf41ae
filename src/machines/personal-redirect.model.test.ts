// Model-based test of the act-on-load personal pages: the model's paths (covering every state and
// transition, models/model-paths.ts) replayed on the real machine with a scripted server.
import { ErrorCode } from '@/domain/error-codes';
import { formatCoverage, transitionCoveringPaths } from './models/model-paths';
import { personalRedirectModel } from './models/personal-redirect-model';
import { PERSONAL_REDIRECT_FAILED_MESSAGE, PERSONAL_REDIRECT_WAIT_MS } from './personal-redirect.machine';
import { selectRedirectError } from './personal-redirect.selectors';
import { apiError, createPersonalRedirectHarness, TARGET_URL } from './personal-redirect.test-kit';

type Harness = ReturnType<typeof createPersonalRedirectHarness>;

const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

const plays: Record<string, (h: Harness) => void | Promise<void>> = {
  'browser.leaves': () => {},
  'page.redirectTimesOut': async () => {
    await vi.advanceTimersByTimeAsync(PERSONAL_REDIRECT_WAIT_MS);
  },
  'server.fails': (h) => {
    h.server.fail = apiError(503, ErrorCode.paymentProviderUnavailable, 'Payment provider unavailable');
    h.restart();
  },
  'server.rejectsLogin': (h) => {
    h.server.fail = apiError(401, ErrorCode.tokenInvalid, 'Token is invalid');
    h.restart();
  },
  'user.retries': (h) => h.actor.send({ type: 'redirect.retry' }),
};

const checks: Record<string, (h: Harness) => void> = {
  redirecting: (h) => {
    expect(h.actor.getSnapshot().value).toBe('redirecting');
    expect(h.redirects.at(-1)).toBe(TARGET_URL);
  },
  left: (h) => expect(h.actor.getSnapshot().value).toBe('redirecting'),
  failed: (h) => expect(selectRedirectError(h.actor.getSnapshot())).toBe('Payment provider unavailable'),
  timedOut: (h) => expect(selectRedirectError(h.actor.getSnapshot())).toBe(PERSONAL_REDIRECT_FAILED_MESSAGE),
  escalated: (h) => {
    expect(h.actor.getSnapshot().value).toBe('escalated');
    expect(h.escalated).toHaveLength(1);
  },
};

const { paths, coverage } = transitionCoveringPaths(personalRedirectModel);

afterAll(() => {
  console.log(`Personal redirect model (Vitest): ${formatCoverage('personalRedirect', coverage)}`);
});

describe('personal redirect, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the model, each state with a check', () => {
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    expect(Object.keys(checks).sort()).toEqual(Object.keys(personalRedirectModel.root.states).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = createPersonalRedirectHarness();
      await settle();
      await path.test({
        events: new Proxy(
          {},
          {
            get: (_target, type: string) => async () => {
              if (type === 'xstate.init') return;
              const play = plays[type];
              if (!play) throw new Error(`the test does not know how to play ${type}`);
              await play(harness);
              await settle();
            },
          },
        ),
        states: Object.fromEntries(
          Object.entries(checks).map(([state, check]) => [state, () => check(harness)]),
        ),
      });
    });
  }
});
