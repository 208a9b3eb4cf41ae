// The personal purchase model (src/machines/models/personal-purchase-model.ts) driving the real
// console and server with the Stripe sandbox's hosted checkout: Sam Solo, free, buys a personal plan.
// Each generated path is one browser test on fresh demo data. Every state checks what the page says
// (the spec's texts) and what the server holds (GET /api/v1/billing/details: premium once paid,
// still free otherwise). The coverage figures are printed.
import { expect, type Page, type Route, test } from '@playwright/test';
import { formatCoverage, transitionCoveringPaths } from '../src/machines/models/model-paths';
import { personalPurchaseModel } from '../src/machines/models/personal-purchase-model';
import { apiAs } from './support/chaos';
import { authCode, seedReset } from './support/cli';

const SAM = 'solo@example.test';
const MONTHLY = {
  button: 'Checkout Spark Premium $7.99 per month',
  item: '1 × Spark Premium (at $7.99 / month)',
  period: 'Monthly',
  interval: 'month',
};
const YEARLY_WELCOME10 = {
  button: 'Checkout Spark Premium $59.99 per year with coupon WELCOME10',
  item: '1 × Spark Premium (at $59.99 / year)',
  period: 'Yearly',
  interval: 'year',
};
/** The personal redirect wait (spec section 9). */
const REDIRECT_WAIT_MS = 30_000;
/** How long before the wait's end the dialog is seen still waiting (checks take time on a busy machine). */
const WAIT_MARGIN_MS = 5_000;
const CHECKOUT_CALL = '**/api/v1/billing/checkout';
const CHECKOUT_PAGE = '**/sandbox/stripe/checkout/*';

interface PersonalBilling {
  plan: string;
  store: string | null;
  periodType: string | null;
  canSubscribe: boolean;
}

/** What one path has done so far, for the checks that depend on it. */
interface Journey {
  page: Page;
  billing: () => Promise<PersonalBilling>;
  price: typeof MONTHLY;
  /** The checkout call, held until the path says whether the browser leaves. */
  held: Route | null;
}

type Steps = Record<string, (journey: Journey) => Promise<void>>;

const checkoutButtons = (page: Page) => page.getByRole('button', { name: /^Checkout/ });
const dialog = (page: Page) => page.getByRole('dialog', { name: 'Checkout' });
const profileRow = (page: Page, label: string) =>
  page.getByRole('table', { name: 'Your profile' }).getByRole('row', { name: label });
/** The dialog's Close button (its corner's close icon has the same name). */
const closeButton = (page: Page) =>
  dialog(page).getByRole('button', { name: 'Close' }).filter({ hasText: 'Close' });
const resultText = (page: Page) => page.getByRole('status');
const pageAlert = (page: Page) => page.getByRole('alert');

async function expectServer(journey: Journey, expected: Partial<PersonalBilling>): Promise<void> {
  await expect.poll(async () => journey.billing(), { timeout: 10_000 }).toMatchObject(expected);
}
const stillFree = (journey: Journey) =>
  expectServer(journey, { plan: 'free', store: null, periodType: null, canSubscribe: true });

/**
 * The next checkout call waits for the path to say how it goes on, so the Checkout dialog can be
 * seen (a navigation held instead would hold every check of the page until it commits).
 */
async function holdCheckoutCall(journey: Journey): Promise<void> {
  journey.held = null;
  await journey.page.route(CHECKOUT_CALL, (route) => {
    journey.held = route;
  });
}
async function releaseCheckoutCall(journey: Journey): Promise<void> {
  await expect.poll(() => journey.held !== null, { message: 'the dialog asks for a checkout' }).toBe(true);
  const route = journey.held as Route;
  journey.held = null;
  await route.continue();
  await journey.page.unroute(CHECKOUT_CALL);
}

async function chooseOnProducts(journey: Journey, price: typeof MONTHLY): Promise<void> {
  journey.price = price;
  await journey.page.getByRole('button', { name: price.button, exact: true }).click();
}

async function payOnHostedCheckout(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled({ timeout: 15_000 });
  await page.getByLabel('Email').fill(SAM);
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Sam Solo');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

const EVENTS: Steps = {
  'user.choosesPrice': async (journey) => {
    await holdCheckoutCall(journey);
    await chooseOnProducts(journey, MONTHLY);
  },
  'user.choosesCouponPrice': (journey) => chooseOnProducts(journey, YEARLY_WELCOME10),
  'browser.leaves': releaseCheckoutCall,
  // The browser stays: the hosted page answers 'no content' (a navigation that goes nowhere). The
  // wait began as the browser asked for it, and the page's clock has run since: the clock moves on to
  // a few seconds before the end (the dialog still waits), then past it.
  'page.redirectTimesOut': async (journey) => {
    const { page } = journey;
    let askedAt = 0;
    await page.route(CHECKOUT_PAGE, (route) => {
      askedAt = Date.now();
      return route.fulfill({ status: 204 });
    });
    await releaseCheckoutCall(journey);
    await expect.poll(() => askedAt, { message: 'the browser asks for the hosted page' }).toBeGreaterThan(0);
    await page.unroute(CHECKOUT_PAGE);
    await page.clock.fastForward(Math.max(0, REDIRECT_WAIT_MS - WAIT_MARGIN_MS - (Date.now() - askedAt)));
    await expect(dialog(page).getByRole('status')).toHaveText('Redirecting to checkout...');
    await page.clock.fastForward(WAIT_MARGIN_MS);
  },
  'user.retries': async (journey) => {
    await holdCheckoutCall(journey);
    await dialog(journey.page).getByRole('button', { name: 'Retry' }).click();
  },
  'user.closes': (journey) => closeButton(journey.page).click(),
  'user.paysGoodCard': ({ page }) => payOnHostedCheckout(page, '4242 4242 4242 4242'),
  'user.paysDeclinedCard': ({ page }) => payOnHostedCheckout(page, '4000 0000 0000 0002'),
  'user.paysCardAskingFor3ds': ({ page }) => payOnHostedCheckout(page, '4000 0025 0000 3155'),
  'user.approves3ds': ({ page }) => page.getByRole('button', { name: 'Complete authentication' }).click(),
  'user.fails3ds': ({ page }) => page.getByRole('button', { name: 'Fail authentication' }).click(),
  'user.goesBack': ({ page }) => page.getByRole('link', { name: 'Back' }).click(),
  'user.backToProfile': ({ page }) => page.getByRole('link', { name: 'Back to profile' }).click(),
  'user.opensProducts': ({ page }) => page.getByRole('link', { name: 'Products' }).click(),
};

/** The hosted checkout's form, with its summary for the chosen price. */
async function onHostedCheckout(journey: Journey, alert: string | null): Promise<void> {
  const { page } = journey;
  await expect(page).toHaveURL(/\/sandbox\/stripe\/checkout\/cs_\w+(\?|$)/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Subscribe', exact: true })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Items' })).toContainText(journey.price.item);
  await expect(page.getByLabel('Email')).toHaveValue(SAM);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeEnabled();
  await expect(page.getByRole('link', { name: 'Back' })).toBeVisible();
  if (alert) await expect(pageAlert(page)).toHaveText(alert);
  else await expect(pageAlert(page).filter({ hasText: /\S/ })).toHaveCount(0);
  await stillFree(journey);
}

const STATES: Steps = {
  products: async (journey) => {
    const { page } = journey;
    await expect(page).toHaveURL(/\/pb\/products$/);
    await expect(page.getByRole('heading', { name: 'Products' })).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(checkoutButtons(page)).toHaveCount(3);
    for (const button of await checkoutButtons(page).all()) await expect(button).toBeEnabled();
    await stillFree(journey);
  },
  redirecting: async (journey) => {
    await expect(dialog(journey.page).getByRole('status')).toHaveText('Redirecting to checkout...');
    await expect.poll(() => journey.held !== null).toBe(true);
    await stillFree(journey);
  },
  failed: async (journey) => {
    const box = dialog(journey.page);
    await expect(box.getByRole('alert')).toHaveText('The checkout page did not open. Please try again.');
    await expect(box.getByRole('button', { name: 'Retry' })).toBeVisible();
    await expect(closeButton(journey.page)).toBeVisible();
    await stillFree(journey);
  },
  checkout: async (journey) => {
    await onHostedCheckout(journey, null);
    const summary = journey.page.locator('#summary-details');
    await expect(summary).toContainText('$7.99');
    await expect(summary).not.toContainText('Discount');
  },
  couponCheckout: async (journey) => {
    await onHostedCheckout(journey, null);
    const summary = journey.page.locator('#summary-details');
    // WELCOME10: 10% of $59.99 off.
    await expect(summary).toContainText('Discount−$6.00');
    await expect(summary).toContainText('Total$53.99');
  },
  declined: (journey) => onHostedCheckout(journey, 'Your card was declined.'),
  authenticating: async (journey) => {
    const { page } = journey;
    await expect(page).toHaveURL(/\/sandbox\/stripe\/3ds\/\w+\?client_secret=/, { timeout: 15_000 });
    await expect(page.getByRole('button', { name: 'Complete authentication' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Fail authentication' })).toBeVisible();
    await stillFree(journey);
  },
  authenticationFailed: (journey) =>
    onHostedCheckout(
      journey,
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    ),
  paid: async (journey) => {
    const { page } = journey;
    await expect(page).toHaveURL(/\/pb\/result\?result=success&mode=checkout$/, { timeout: 15_000 });
    await expect(resultText(page)).toHaveText('Checkout completed successfully. Thanks for your purchase.');
    await expectServer(journey, {
      plan: 'premium',
      store: 'stripe',
      periodType: journey.price.interval,
      canSubscribe: false,
    });
  },
  cancelled: async (journey) => {
    const { page } = journey;
    await expect(page).toHaveURL(/\/pb\/result\?result=failure&mode=checkout$/, { timeout: 15_000 });
    await expect(resultText(page)).toHaveText('Failed to complete the checkout.');
    await stillFree(journey);
  },
  premiumProfile: async ({ page, price }) => {
    await expect(page).toHaveURL(/\/profile$/);
    await expect(profileRow(page, 'Plan')).toContainText('Premium');
    await expect(profileRow(page, 'Store')).toContainText('Web');
    await expect(profileRow(page, 'Period type')).toContainText(price.period);
    await expect(page.getByRole('link', { name: 'Start trial' })).toHaveCount(0);
  },
  premiumProducts: async ({ page, price }) => {
    await expect(page).toHaveURL(/\/pb\/products$/);
    await expect(page.getByText(`You have Premium (${price.period}, Web)`)).toBeVisible();
    await expect(page.getByText('Your plan is already premium: manage it from your profile.')).toBeVisible();
    await expect(checkoutButtons(page)).toHaveCount(0);
  },
  freeProfile: async (journey) => {
    const { page } = journey;
    await expect(page).toHaveURL(/\/profile$/);
    await expect(profileRow(page, 'Plan')).toContainText('Free');
    await expect(profileRow(page, 'Store')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Start trial' })).toBeVisible();
    await stillFree(journey);
  },
};

/** Fresh demo data, Sam signed in on /pb/products (the login token on the page itself). */
async function openProducts(page: Page): Promise<void> {
  await seedReset();
  await page.goto(`/pb/products?token=${encodeURIComponent(await authCode(SAM))}`);
  await expect(page).toHaveURL(/\/pb\/products$/);
}

const generated = transitionCoveringPaths(personalPurchaseModel);

test.afterAll(() => {
  console.log(`Personal purchase model (browser): ${formatCoverage('personalPurchase', generated.coverage)}`);
});

test.describe('personal purchase, model-based in the browser', () => {
  test('the browser paths cover every reachable state and transition, each state with a check', () => {
    expect(generated.coverage.states.covered).toBe(generated.coverage.states.total);
    expect(generated.coverage.transitions.covered).toBe(generated.coverage.transitions.total);
    expect(Object.keys(STATES).sort()).toEqual(Object.keys(personalPurchaseModel.root.states).sort());
    const modelEvents = new Set(
      generated.paths.flatMap((path) => path.steps.slice(1).map((s) => s.event.type)),
    );
    expect([...modelEvents].sort()).toEqual(Object.keys(EVENTS).sort());
  });

  for (const path of generated.paths) {
    test(path.description, async ({ page }) => {
      test.setTimeout(90_000);
      // The redirect wait runs on the page's clock, moved on by the path that waits it out.
      if (path.steps.some((step) => step.event.type === 'page.redirectTimesOut')) await page.clock.install();
      await openProducts(page);
      const api = await apiAs(page.request, SAM);
      const journey: Journey = {
        page,
        billing: () => api<PersonalBilling>('/api/v1/billing/details'),
        price: MONTHLY,
        held: null,
      };
      await path.test({
        events: new Proxy(
          {},
          {
            get: (_target, type: string) => async () => {
              if (type === 'xstate.init') return;
              const play = EVENTS[type];
              if (!play) throw new Error(`no browser step for ${type}`);
              await play(journey);
            },
          },
        ),
        states: Object.fromEntries(
          Object.entries(STATES).map(([state, check]) => [state, () => check(journey)]),
        ),
      });
    });
  }
});
