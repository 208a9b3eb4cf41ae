// Model-based test of the console's part of the personal purchase path: the Checkout dialog of
// /pb/products (hosted-checkout.machine.ts as personal-checkout.provide.ts configures it), replayed
// along the model's paths (models/model-paths.ts) with a scripted server. What happens on the
// provider's hosted pages is e2e/personal-model.spec.ts's; here those states check that the dialog's
// flow sent the browser there once, for the chosen price, and is gone with the page it left.
import { type Actor, createActor } from 'xstate';
import { REDIRECT_FAILED_MESSAGE } from './hosted-checkout.machine';
import {
  selectHostedCheckoutOpen,
  selectRedirectError,
  selectRedirecting,
} from './hosted-checkout.selectors';
import { formatCoverage, transitionCoveringPaths } from './models/model-paths';
import { personalPurchaseModel } from './models/personal-purchase-model';
import { providePersonalCheckout } from './personal-checkout.provide';
import { PERSONAL_REDIRECT_WAIT_MS } from './personal-redirect.machine';

const MONTHLY = 'personal_premium_30';
const YEARLY_WELCOME10 = 'personal_premium_365--WELCOME10';
const hostedPage = (priceId: string) => `https://checkout.test/${priceId}`;

type Flow = Actor<ReturnType<typeof providePersonalCheckout>>;

/** The products page's dialog flow (null while no dialog is open) and what it asked of the world. */
function createPurchaseHarness() {
  const asked: string[] = [];
  const redirects: string[] = [];
  const logic = providePersonalCheckout({
    createCheckout: async (priceId) => {
      asked.push(priceId);
      return { url: hostedPage(priceId) };
    },
    redirect: (url) => redirects.push(url),
  });
  const harness = {
    asked,
    redirects,
    flow: null as Flow | null,
    price: MONTHLY,
    /** A Checkout button: the dialog opens with its price. */
    choose(priceId: string) {
      harness.price = priceId;
      harness.flow = createActor(logic, { input: { planId: priceId } }).start();
    },
    /** The browser left for the hosted page: the console and its flows are gone. */
    leave() {
      harness.flow?.stop();
      harness.flow = null;
    },
  };
  return harness;
}
type Harness = ReturnType<typeof createPurchaseHarness>;

const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};
const flowOf = (h: Harness): Flow => {
  if (!h.flow) throw new Error('no Checkout dialog is open');
  return h.flow;
};
const snapshot = (h: Harness) => flowOf(h).getSnapshot();

/** Events the person plays on the provider's pages or on other console pages: no dialog flow there. */
const elsewhere = async () => {};
const plays: Record<string, (h: Harness) => void | Promise<void>> = {
  'user.choosesPrice': (h) => h.choose(MONTHLY),
  'user.choosesCouponPrice': async (h) => {
    h.choose(YEARLY_WELCOME10);
    await settle();
    expect(selectRedirecting(snapshot(h))).toBe(true);
    h.leave();
  },
  'browser.leaves': (h) => h.leave(),
  'page.redirectTimesOut': async (h) => {
    await vi.advanceTimersByTimeAsync(PERSONAL_REDIRECT_WAIT_MS - 1);
    expect(snapshot(h).value).toBe('redirecting');
    await vi.advanceTimersByTimeAsync(1);
  },
  'user.retries': (h) => flowOf(h).send({ type: 'checkout.retry' }),
  'user.closes': (h) => {
    flowOf(h).send({ type: 'checkout.close' });
    // The products page drops the dialog once its flow is done.
    expect(selectHostedCheckoutOpen(snapshot(h))).toBe(false);
    h.flow = null;
  },
  'user.paysGoodCard': elsewhere,
  'user.paysDeclinedCard': elsewhere,
  'user.paysCardAskingFor3ds': elsewhere,
  'user.approves3ds': elsewhere,
  'user.fails3ds': elsewhere,
  'user.goesBack': elsewhere,
  'user.backToProfile': elsewhere,
  'user.opensProducts': elsewhere,
};

/** Sent to the hosted page of the chosen price, once per checkout asked for, and gone. */
const left = (h: Harness) => {
  expect(h.flow).toBeNull();
  expect(h.redirects.at(-1)).toBe(hostedPage(h.price));
  expect(h.redirects).toEqual(h.asked.map(hostedPage));
};
const checks: Record<string, (h: Harness) => void> = {
  products: (h) => {
    expect(h.flow).toBeNull();
    expect(h.redirects).toEqual(h.asked.map(hostedPage));
  },
  redirecting: (h) => {
    expect(snapshot(h).value).toBe('redirecting');
    expect(selectRedirecting(snapshot(h))).toBe(true);
    expect(selectRedirectError(snapshot(h))).toBeNull();
    expect(h.redirects.at(-1)).toBe(hostedPage(MONTHLY));
    expect(h.redirects).toEqual(h.asked.map(hostedPage));
  },
  failed: (h) => {
    expect(selectRedirectError(snapshot(h))).toBe(REDIRECT_FAILED_MESSAGE);
    expect(selectRedirecting(snapshot(h))).toBe(false);
    expect(selectHostedCheckoutOpen(snapshot(h))).toBe(true);
  },
  checkout: (h) => {
    left(h);
    expect(h.price).toBe(MONTHLY);
  },
  couponCheckout: (h) => {
    left(h);
    expect(h.price).toBe(YEARLY_WELCOME10);
  },
  declined: left,
  authenticating: left,
  authenticationFailed: left,
  paid: left,
  cancelled: left,
  premiumProfile: left,
  premiumProducts: left,
  freeProfile: left,
};

const { paths, coverage } = transitionCoveringPaths(personalPurchaseModel);

afterAll(() => {
  console.log(`Personal purchase model (Vitest): ${formatCoverage('personalPurchase', coverage)}`);
});

describe('personal purchase, model-based', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('covers every state and transition of the model, each state with a check and each event played', () => {
    expect(coverage.states.covered).toBe(coverage.states.total);
    expect(coverage.transitions.covered).toBe(coverage.transitions.total);
    expect(Object.keys(checks).sort()).toEqual(Object.keys(personalPurchaseModel.root.states).sort());
    const events = new Set(paths.flatMap((path) => path.steps.slice(1).map((step) => step.event.type)));
    expect([...events].sort()).toEqual(Object.keys(plays).sort());
  });

  for (const path of paths) {
    it(path.description, async () => {
      const harness = createPurchaseHarness();
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
