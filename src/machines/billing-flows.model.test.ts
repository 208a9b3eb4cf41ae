// Model-based tests of the billing flows: each model of models/billing-flow-models.ts gives paths
// covering all its states and transitions (models/model-paths.ts); each path is replayed on the real
// machines (parent and step children) with a scripted server, and every model state is checked
// against what the real actor shows. The coverage figures are printed.
import type { AnyStateMachine } from 'xstate';
import { BILLING_UNKNOWN_ERROR_MESSAGE } from '@/domain/billing-errors';
import {
  createCancelHarness,
  createCheckoutHarness,
  createHostedCheckoutHarness,
  DECLINED_MESSAGE,
  declinedCard,
  goodCard,
  INCOMPLETE_MESSAGE,
  incompleteCard,
  invalidCustomer,
  VALID_CODE,
  validCustomer,
} from './billing-flows.test-kit';
import { KEEP_SUBSCRIPTION_ANSWER, SURVEY_AUTO_CLOSE_MS } from './cancel-survey.machine';
import { selectCancelView } from './cancel-survey.selectors';
import { STEP_WAIT_CAP_MS } from './checkout.machine';
import {
  selectCardActor,
  selectCardButton,
  selectCheckoutView,
  selectConfirmationActor,
  selectDetailsButton,
  selectStepLabel,
} from './checkout.selectors';
import { REDIRECT_WAIT_MS } from './hosted-checkout.machine';
import { selectRedirectError } from './hosted-checkout.selectors';
import { BILLING_FLOW_MODELS } from './models/billing-flow-models';
import { formatCoverage, transitionCoveringPaths } from './models/model-paths';

const settle = async () => {
  for (let i = 0; i < 20; i++) await vi.advanceTimersByTimeAsync(0);
};

type Harness = ReturnType<typeof createCheckoutHarness>;
type Plays<H> = Record<string, (h: H) => void | Promise<void>>;
type Checks<H> = Record<string, (h: H) => void>;

const view = (h: Harness) => selectCheckoutView(h.actor.getSnapshot());
const confirmation = (h: Harness) => selectConfirmationActor(h.actor.getSnapshot())?.getSnapshot();
const cardStep = (h: Harness) => selectCardActor(h.actor.getSnapshot())?.getSnapshot();
const dangerFlashes = (h: { flashes: { variant: string; message: string }[] }) =>
  h.flashes.filter((flash) => flash.variant === 'danger').map((flash) => flash.message);

// How each model event is played on the real actor (user events send what the dialog sends; server
// events arm a one-shot failure first).
const detailsPlays: Plays<Harness> = {
  'user.submitsInvalidDetails': (h) => h.actor.send({ type: 'details.submit', customer: invalidCustomer }),
  'user.submitsValidDetails': (h) => h.actor.send({ type: 'details.submit', customer: validCustomer }),
  'user.closes': (h) => h.actor.send({ type: 'checkout.close' }),
  'user.oks': (h) => h.actor.send({ type: 'checkout.close' }),
  'server.refusesVatId': (h) => {
    h.server.refuseVatId = true;
    h.actor.send({ type: 'details.submit', customer: validCustomer });
  },
  'server.failsSave': (h) => {
    h.server.failSave = true;
    h.actor.send({ type: 'details.submit', customer: validCustomer });
  },
  'server.failsRequest': (h) => {
    h.server.failRequest = true;
    h.actor.send({ type: 'details.submit', customer: validCustomer });
  },
  'server.refreshesSlowly': async (h) => {
    h.server.slowRefresh = true;
    h.actor.send({ type: 'details.submit', customer: validCustomer });
    await settle();
    expect(view(h)).toBe('betweenSteps');
    await vi.advanceTimersByTimeAsync(STEP_WAIT_CAP_MS);
  },
};
const cardPlays: Plays<Harness> = {
  'user.savesGoodCard': (h) => h.actor.send({ type: 'card.submit', confirmCardSetup: goodCard }),
  'user.savesDeclinedCard': (h) => h.actor.send({ type: 'card.submit', confirmCardSetup: declinedCard }),
  'user.savesIncompleteCard': (h) => h.actor.send({ type: 'card.submit', confirmCardSetup: incompleteCard }),
  'server.failsSetupIntent': (h) => {
    h.server.failSetupIntent = true;
    h.actor.send({ type: 'card.submit', confirmCardSetup: goodCard });
  },
  'server.failsRenew': (h) => {
    h.server.failRenew = true;
    h.actor.send({ type: 'card.submit', confirmCardSetup: goodCard });
  },
};
const confirmationPlays: Plays<Harness> = {
  'user.revealsCode': (h) => h.actor.send({ type: 'confirmation.revealCoupon' }),
  'user.appliesValidCode': (h) =>
    h.actor.send({ type: 'confirmation.applyCoupon', coupon: ` ${VALID_CODE} ` }),
  'user.appliesUnknownCode': (h) => h.actor.send({ type: 'confirmation.applyCoupon', coupon: 'NOPE' }),
  'user.starts': (h) => h.actor.send({ type: 'confirmation.start' }),
  'user.retries': (h) => h.actor.send({ type: 'confirmation.retry' }),
  'server.failsPreview': (h) => {
    // The preview is the flow's first call: the flow starts over with the failure armed.
    h.server.failPreview = true;
    h.restart();
  },
  'server.asksForAuthentication': (h) => {
    h.server.askAuthentication = true;
    h.actor.send({ type: 'confirmation.start' });
  },
  'server.declinesStart': (h) => {
    h.server.declineStart = true;
    h.actor.send({ type: 'confirmation.start' });
  },
};

const closedWithoutFlash = (h: Harness) => {
  expect(view(h)).toBe('closed');
  expect(dangerFlashes(h)).toEqual([]);
};
const declined = (h: Harness) => {
  expect(view(h)).toBe('closed');
  expect(dangerFlashes(h)).toEqual([DECLINED_MESSAGE]);
};
const detailsShown = (label: string, button: string) => (h: Harness) => {
  expect(view(h)).toBe('details');
  expect(h.actor.getSnapshot().hasTag('editable')).toBe(true);
  expect(selectStepLabel(h.actor.getSnapshot())).toBe(label);
  expect(selectDetailsButton(h.actor.getSnapshot())).toBe(button);
};
const detailsInvalid = (h: Harness) => {
  expect(view(h)).toBe('details');
  const fields = h.actor.getSnapshot().context.fieldErrors.map((error) => error.field);
  expect(fields.length).toBeGreaterThan(0);
  expect(fields.every((field) => ['name', 'city', 'vatId'].includes(field))).toBe(true);
};
const cardShown = (label: string, button: string) => (h: Harness) => {
  expect(view(h)).toBe('card');
  expect(cardStep(h)?.value).toBe('editing');
  expect(selectStepLabel(h.actor.getSnapshot())).toBe(label);
  expect(selectCardButton(h.actor.getSnapshot())).toBe(button);
};
const savedCustomerNormalised = (h: Harness) => {
  const saved = h.calls.filter((call) => call.name === 'saveCustomer').at(-1)?.input as {
    vatId: string;
    country: string;
  };
  expect(saved).toMatchObject({ country: 'DE', vatId: 'DE123456789' });
};
const failedUnknown = (h: Harness) => {
  expect(view(h)).toBe('failed');
  expect(h.actor.getSnapshot().context.failure).toBe(BILLING_UNKNOWN_ERROR_MESSAGE);
};

interface FlowSpec<H> {
  create: () => H;
  plays: Plays<H>;
  checks: Checks<H>;
}

const checkoutSpec = (
  flow: Parameters<typeof createCheckoutHarness>[0],
  checks: Checks<Harness>,
): FlowSpec<Harness> => ({
  create: () => createCheckoutHarness(flow),
  plays: { ...detailsPlays, ...cardPlays, ...confirmationPlays },
  checks,
});

type CancelHarness = ReturnType<typeof createCancelHarness>;
type HostedHarness = ReturnType<typeof createHostedCheckoutHarness>;

const SPECS: Record<keyof typeof BILLING_FLOW_MODELS, FlowSpec<never>> = {
  subscribe: checkoutSpec('subscribe', {
    confirmation: (h) => {
      expect(view(h)).toBe('confirmation');
      expect(selectStepLabel(h.actor.getSnapshot())).toBe('1 of 1');
      expect(confirmation(h)?.value).toBe('ready');
      expect(confirmation(h)?.context.preview?.amountDue).toBe(34_500);
      expect(confirmation(h)?.context.couponOpen).toBe(false);
    },
    previewFailed: (h) => {
      expect(confirmation(h)?.value).toBe('previewFailed');
      expect(confirmation(h)?.context.previewError).toBe(BILLING_UNKNOWN_ERROR_MESSAGE);
    },
    codeField: (h) => {
      expect(confirmation(h)?.value).toBe('ready');
      expect(confirmation(h)?.context).toMatchObject({ couponOpen: true, coupon: null, couponError: null });
    },
    codeRefused: (h) => {
      expect(confirmation(h)?.context.couponError).toBe('Promotion code is invalid');
    },
    codeApplied: (h) => {
      expect(confirmation(h)?.context).toMatchObject({ coupon: VALID_CODE, couponError: null });
      expect(confirmation(h)?.context.preview?.discount).toBe(3_450);
    },
    subscribed: (h) => {
      expect(view(h)).toBe('subscribed');
      const start = h.calls.filter((call) => call.name === 'changePlan').at(-1);
      const previews = h.calls.filter((call) => call.name === 'previewPlan');
      const applied = previews.some(
        (call) => (call.input as { coupon: string | null }).coupon === VALID_CODE,
      );
      expect(start?.input).toEqual({ planId: 'pro_365', coupon: applied ? VALID_CODE : null });
    },
    cardDeclined: declined,
    paymentPending: (h) => {
      closedWithoutFlash(h);
      expect(h.calls.at(-1)).toEqual({ name: 'changePlan', input: { planId: 'pro_365', coupon: null } });
    },
    closed: closedWithoutFlash,
  }) as never,
  freeUpgrade: checkoutSpec('freeUpgrade', {
    details: detailsShown('1 of 1', 'Request Free Upgrade'),
    detailsInvalid,
    requested: (h) => {
      expect(view(h)).toBe('requested');
      savedCustomerNormalised(h);
      expect(h.calls.at(-1)).toEqual({ name: 'requestFreeUpgrade', input: 'pro_365' });
    },
    failed: failedUnknown,
    closed: closedWithoutFlash,
  }) as never,
  editCustomer: checkoutSpec('editCustomer', {
    details: detailsShown('1 of 1', 'Update Details'),
    detailsInvalid,
    errorFlashed: (h) => {
      expect(view(h)).toBe('details');
      expect(h.reported).toHaveLength(1);
    },
    saved: (h) => {
      expect(view(h)).toBe('closed');
      expect(h.actor.getSnapshot().value).toBe('done');
      savedCustomerNormalised(h);
    },
    closed: closedWithoutFlash,
  }) as never,
  editCard: checkoutSpec('editCard', {
    card: cardShown('1 of 1', 'Update Card'),
    cardIncomplete: (h) => {
      expect(cardStep(h)?.value).toBe('editing');
      expect(cardStep(h)?.context.cardError).toBe(INCOMPLETE_MESSAGE);
    },
    saved: (h) => {
      expect(h.actor.getSnapshot().value).toBe('done');
      expect(h.calls.slice(-2).map((call) => call.name)).toEqual(['createSetupIntent', 'saveCard']);
      expect(h.calls.at(-1)?.input).toBe('pm_card_visa');
    },
    cardDeclined: declined,
    errorFlashed: (h) => {
      expect(view(h)).toBe('closed');
      expect(h.reported).toHaveLength(1);
    },
    closed: closedWithoutFlash,
  }) as never,
  editCustomerAndCard: checkoutSpec('editCustomerAndCard', {
    details: detailsShown('1 of 2', 'Next'),
    detailsInvalid,
    card: (h) => {
      cardShown('2 of 2', 'Update Card')(h);
      savedCustomerNormalised(h);
    },
    saved: (h) => expect(h.actor.getSnapshot().value).toBe('done'),
    cardDeclined: declined,
    closed: closedWithoutFlash,
  }) as never,
  renew: checkoutSpec('renew', {
    details: detailsShown('1 of 2', 'Next'),
    detailsInvalid,
    card: cardShown('2 of 2', 'Update Billing Info'),
    failed: failedUnknown,
    renewed: (h) => {
      expect(h.actor.getSnapshot().value).toBe('done');
      expect(h.calls.at(-1)).toEqual({ name: 'renewPlan', input: 'pro_365' });
      expect(h.flashes).toEqual([{ variant: 'success', message: 'Subscription was renewed' }]);
    },
    cardDeclined: declined,
    closed: closedWithoutFlash,
  }) as never,
  cancel: {
    create: () => createCancelHarness('premium_365'),
    plays: {
      'user.goesBack': (h: CancelHarness) => h.actor.send({ type: 'cancel.back' }),
      'user.confirmsCancel': (h: CancelHarness) => h.actor.send({ type: 'cancel.confirm' }),
      'user.answersKeep': (h: CancelHarness) =>
        h.actor.send({ type: 'survey.answer', answer: KEEP_SUBSCRIPTION_ANSWER }),
      'user.answersReason': (h: CancelHarness) =>
        h.actor.send({ type: 'survey.answer', answer: 'Too expensive' }),
      'page.surveyTimesOut': async () => {
        await vi.advanceTimersByTimeAsync(SURVEY_AUTO_CLOSE_MS - 1);
        await vi.advanceTimersByTimeAsync(1);
      },
      'server.failsCancel': (h: CancelHarness) => {
        h.server.failPlanChange = true;
        h.actor.send({ type: 'survey.answer', answer: 'Too expensive' });
      },
    },
    checks: {
      confirming: (h: CancelHarness) => expect(selectCancelView(h.actor.getSnapshot())).toBe('confirming'),
      survey: (h: CancelHarness) => expect(selectCancelView(h.actor.getSnapshot())).toBe('survey'),
      kept: (h: CancelHarness) => {
        expect(selectCancelView(h.actor.getSnapshot())).toBe('closed');
        expect(h.calls).toEqual([]);
      },
      cancelled: (h: CancelHarness) => {
        expect(h.actor.getSnapshot().value).toBe('cancelled');
        expect(h.calls).toEqual([{ name: 'changePlan', input: { planId: 'basic_365' } }]);
        expect(h.flashes).toEqual([{ variant: 'success', message: 'Subscription was cancelled' }]);
      },
      errorFlashed: (h: CancelHarness) => {
        expect(h.actor.getSnapshot().value).toBe('failed');
        expect(h.reported).toHaveLength(1);
        expect(h.flashes).toEqual([]);
      },
    },
  } as never,
  hostedCheckout: {
    create: () => createHostedCheckoutHarness('pro_30'),
    plays: {
      'browser.leaves': () => {},
      'page.redirectTimesOut': async () => {
        await vi.advanceTimersByTimeAsync(REDIRECT_WAIT_MS);
      },
      'server.failsCheckout': (h: HostedHarness) => {
        // The checkout call is the flow's first call: the flow starts over with the failure armed.
        h.server.failCheckout = true;
        h.restart();
      },
      'user.retries': (h: HostedHarness) => h.actor.send({ type: 'checkout.retry' }),
      'user.closes': (h: HostedHarness) => h.actor.send({ type: 'checkout.close' }),
    },
    checks: {
      redirecting: (h: HostedHarness) => {
        expect(h.actor.getSnapshot().value).toBe('redirecting');
        expect(h.redirects.at(-1)).toBe('https://checkout.test/pro_30');
      },
      left: (h: HostedHarness) => expect(h.actor.getSnapshot().value).toBe('redirecting'),
      failed: (h: HostedHarness) => expect(selectRedirectError(h.actor.getSnapshot())).not.toBeNull(),
      closed: (h: HostedHarness) => expect(h.actor.getSnapshot().status).toBe('done'),
    },
  } as never,
};

const coverageLines: string[] = [];

afterAll(() => {
  console.log(`Billing flow models (Vitest):\n${coverageLines.join('\n')}`);
});

describe.each(Object.entries(BILLING_FLOW_MODELS))('%s flow, model-based', (name, model) => {
  const spec = SPECS[name as keyof typeof SPECS] as unknown as FlowSpec<Record<string, unknown>>;
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
