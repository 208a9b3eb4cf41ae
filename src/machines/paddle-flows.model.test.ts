// Model-based tests of the billing flows on Paddle: each model of models/paddle-flow-models.ts gives
// paths covering its states and transitions, replayed on the real machines with Paddle's effects
// against a scripted billing-paddle API and a stand-in for Paddle's overlay (paddle-flows.test-kit.ts).
import type { AnyStateMachine } from 'xstate';
import { BILLING_UNKNOWN_ERROR_MESSAGE } from '@/domain/billing-errors';
import { KEEP_SUBSCRIPTION_ANSWER, SURVEY_AUTO_CLOSE_MS } from './cancel-survey.machine';
import { selectCancelView } from './cancel-survey.selectors';
import { selectCheckoutView } from './checkout.selectors';
import { formatCoverage, transitionCoveringPaths } from './models/model-paths';
import { PADDLE_FLOW_MODELS } from './models/paddle-flow-models';
import { PLAN_WAIT_CAP_MS } from './paddle-checkout.machine';
import { PLAN_POLL_MS } from './paddle-checkout.provide';
import { selectPaddleCheckoutError, selectPaddleCheckoutView } from './paddle-checkout.selectors';
import {
  CHECKOUT_ORDER,
  createPaddleCancelHarness,
  createPaddleCheckoutHarness,
  createPaddleRenewHarness,
} from './paddle-flows.test-kit';

const settle = async () => {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
};

const PADDLE = '/api/v1/collab/5-11/billing-paddle';

type Upgrade = ReturnType<typeof createPaddleCheckoutHarness>;
type Renew = ReturnType<typeof createPaddleRenewHarness>;
type Cancel = ReturnType<typeof createPaddleCancelHarness>;
interface FlowSpec<H> {
  create: () => H;
  plays: Record<string, (h: H) => void | Promise<void>>;
  checks: Record<string, (h: H) => void>;
}

const upgradeView = (h: Upgrade) => selectPaddleCheckoutView(h.actor.getSnapshot());
const subscriptionReads = (h: Upgrade) =>
  h.sent().filter(({ call }) => call === `GET ${PADDLE}/subscription`);

/** The overlay took the payment; the webhook lands after two reads of the subscription. */
const paysGoodCard = async (h: Upgrade) => {
  h.server.landing = { planId: 'plus_30', afterReads: 1 };
  h.overlay.finish('completed');
  await settle();
  await vi.advanceTimersByTimeAsync(PLAN_POLL_MS);
  await settle();
};
// What the overlay handles by itself (a declined card, the 3-D Secure page) reaches no flow.
const inOverlay = () => {};
const stillInOverlay = (h: Upgrade) => {
  expect(upgradeView(h)).toBe('open');
  expect(h.overlay.open).toBe(true);
  expect(subscriptionReads(h)).toEqual([]);
};

const upgrade: FlowSpec<Upgrade> = {
  create: () => createPaddleCheckoutHarness('plus_30'),
  plays: {
    'user.paysGoodCard': paysGoodCard,
    'user.approves3ds': paysGoodCard,
    'user.paysDeclinedCard': inOverlay,
    'user.paysCardAskingFor3ds': inOverlay,
    'user.fails3ds': inOverlay,
    'user.closesOverlay': (h) => h.overlay.finish('closed'),
    'server.failsCheckout': (h) => {
      // The checkout call is the flow's first call: the flow starts over with the failure armed.
      h.server.failCheckout = true;
      h.restart();
    },
    'server.neverLandsWebhook': async (h) => {
      h.overlay.finish('completed');
      await settle();
      await vi.advanceTimersByTimeAsync(PLAN_WAIT_CAP_MS);
    },
    'user.retries': (h) => h.actor.send({ type: 'checkout.retry' }),
    'user.closes': (h) => h.actor.send({ type: 'checkout.close' }),
    'user.oks': (h) => h.actor.send({ type: 'checkout.close' }),
  },
  checks: {
    overlay: (h) => {
      expect(upgradeView(h)).toBe('open');
      expect(h.overlay.open).toBe(true);
      expect(h.overlay.opened.at(-1)).toEqual(CHECKOUT_ORDER);
      expect(h.sent()).toContainEqual({ call: `POST ${PADDLE}/checkout`, body: { planId: 'plus_30' } });
    },
    declined: stillInOverlay,
    authenticating: stillInOverlay,
    failed: (h) => {
      expect(upgradeView(h)).toBe('failed');
      expect(selectPaddleCheckoutError(h.actor.getSnapshot())).toBeTruthy();
      expect(h.overlay.open).toBe(false);
    },
    subscribed: (h) => {
      expect(upgradeView(h)).toBe('subscribed');
      expect(h.server.planId).toBe('plus_30');
      expect(subscriptionReads(h).length).toBeGreaterThanOrEqual(2);
      expect(h.refreshes).toHaveLength(1);
      expect(h.overlay.open).toBe(false);
    },
    done: (h) => expect(h.actor.getSnapshot().value).toBe('done'),
    closed: (h) => {
      expect(h.actor.getSnapshot().value).toBe('closed');
      expect(h.overlay.open).toBe(false);
      expect(h.refreshes).toEqual([]);
    },
  },
};

const renew: FlowSpec<Renew> = {
  create: () => createPaddleRenewHarness('plus_30'),
  plays: {
    'page.renews': () => {},
    'server.failsRenew': (h) => {
      h.server.failPlanChange = true;
      h.restart();
    },
    'user.oks': (h) => h.actor.send({ type: 'checkout.close' }),
  },
  checks: {
    renewing: (h) =>
      expect(h.sent()).toContainEqual({ call: `PUT ${PADDLE}/plan`, body: { planId: 'plus_30' } }),
    renewed: (h) => {
      expect(h.actor.getSnapshot().value).toBe('done');
      expect(h.flashes).toEqual(['Subscription was renewed']);
    },
    failed: (h) => {
      expect(selectCheckoutView(h.actor.getSnapshot())).toBe('failed');
      expect(h.actor.getSnapshot().context.failure).toBe(BILLING_UNKNOWN_ERROR_MESSAGE);
    },
    closed: (h) => {
      expect(h.actor.getSnapshot().value).toBe('closed');
      expect(h.flashes).toEqual([]);
    },
  },
};

const cancel: FlowSpec<Cancel> = {
  create: () => createPaddleCancelHarness('plus_30'),
  plays: {
    'user.goesBack': (h) => h.actor.send({ type: 'cancel.back' }),
    'user.confirmsCancel': (h) => h.actor.send({ type: 'cancel.confirm' }),
    'user.answersKeep': (h) => h.actor.send({ type: 'survey.answer', answer: KEEP_SUBSCRIPTION_ANSWER }),
    'user.answersReason': (h) => h.actor.send({ type: 'survey.answer', answer: 'Too expensive' }),
    'page.surveyTimesOut': async () => {
      await vi.advanceTimersByTimeAsync(SURVEY_AUTO_CLOSE_MS);
    },
    'server.failsCancel': (h) => {
      h.server.failPlanChange = true;
      h.actor.send({ type: 'survey.answer', answer: 'Too expensive' });
    },
  },
  checks: {
    confirming: (h) => expect(selectCancelView(h.actor.getSnapshot())).toBe('confirming'),
    survey: (h) => expect(selectCancelView(h.actor.getSnapshot())).toBe('survey'),
    kept: (h) => {
      expect(selectCancelView(h.actor.getSnapshot())).toBe('closed');
      expect(h.sent()).toEqual([]);
    },
    cancelled: (h) => {
      expect(h.actor.getSnapshot().value).toBe('cancelled');
      // Paddle's Basic is one plan: the subscription ends at the next billing period.
      expect(h.sent()).toEqual([{ call: `PUT ${PADDLE}/plan`, body: { planId: 'basic' } }]);
      expect(h.flashes).toEqual(['Subscription was cancelled']);
    },
    errorFlashed: (h) => {
      expect(h.actor.getSnapshot().value).toBe('failed');
      expect(h.reported).toHaveLength(1);
      expect(h.flashes).toEqual([]);
    },
  },
};

const SPECS = { paddleUpgrade: upgrade, paddleCancel: cancel, paddleRenew: renew } as const;

const coverageLines: string[] = [];
afterAll(() => console.log(`Paddle billing flow models (Vitest):\n${coverageLines.join('\n')}`));

describe.each(Object.entries(PADDLE_FLOW_MODELS))('%s flow, model-based', (name, model) => {
  const spec = SPECS[name as keyof typeof SPECS] as unknown as FlowSpec<unknown>;
  const { paths, coverage } = transitionCoveringPaths(model as AnyStateMachine);
  coverageLines.push(formatCoverage(name, coverage));

  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the model, each state with a check', () => {
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    const stateNames = Object.keys((model as AnyStateMachine).root.states).sort();
    expect(Object.keys(spec.checks).sort()).toEqual(stateNames);
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = spec.create();
      await settle();
      await path.test({
        events: new Proxy(
          {},
          {
            get: (_target, type: string) => async () => {
              if (type === 'xstate.init') return;
              const play = spec.plays[type];
              if (!play) throw new Error(`the test does not know how to play ${type}`);
              await play(harness);
              await settle();
            },
          },
        ),
        states: Object.fromEntries(
          Object.entries(spec.checks).map(([state, check]) => [state, () => check(harness)]),
        ),
      });
    });
  }
});
