// The Paddle flow models (src/machines/models/paddle-flow-models.ts) driving the real console and
// server with the Paddle sandbox and its Paddle.js stand-in: each generated path is one browser test.
// As in billing-model.spec.ts, only user.* and page.* events are played here (server.* failures are
// the Vitest run's), and the coverage figures are printed.
import { expect, type Page, test } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { formatCoverage, transitionCoveringPaths } from '../src/machines/models/model-paths';
import { PADDLE_FLOW_MODELS } from '../src/machines/models/paddle-flow-models';
import { CARDS, cancelThroughSurvey, dialog, statusFlash } from './support/billing';
import {
  checkout,
  openBakeryOnPaddle,
  openPressBilling,
  overlay,
  payInOverlay,
  payWithCard,
} from './support/paddle';

const playable = (type: string) => !type.startsWith('server.');

type Steps = Record<string, (page: Page) => Promise<void>>;

interface BrowserFlow {
  start: (page: Page) => Promise<void>;
  open: (page: Page) => Promise<void>;
  events: Steps;
  states: Steps;
}

const plans = (page: Page) => page.getByRole('table', { name: 'Plans' });
const summary = (page: Page) => page.getByRole('region', { name: 'Plan and subscription' });
const noDialog = async (page: Page) => expect(dialog(page)).toHaveCount(0);

/** The overlay's card step is reached once; later payments only change the card. */
let addressGiven = false;
const pay = (number: string) => async (page: Page) => {
  if (addressGiven) await payWithCard(page, number);
  else await payInOverlay(page, number);
  addressGiven = true;
};
const stillInOverlay = async (page: Page) => {
  await expect(overlay(page)).toBeVisible();
  await expect(summary(page).getByText('Basic', { exact: true })).toBeVisible();
};

const FLOWS: Record<keyof typeof PADDLE_FLOW_MODELS, BrowserFlow> = {
  paddleUpgrade: {
    start: async (page) => {
      addressGiven = false;
      await openBakeryOnPaddle(page);
    },
    open: async (page) => {
      await plans(page).getByRole('button', { name: 'Upgrade to Plus' }).click();
      await expect(overlay(page)).toBeVisible({ timeout: 15_000 });
    },
    events: {
      'user.paysGoodCard': pay('4242 4242 4242 4242'),
      'user.paysDeclinedCard': pay(CARDS.declined),
      'user.paysCardAskingFor3ds': pay(CARDS.threeDSecure),
      'user.approves3ds': async (page) => {
        await checkout(page).getByRole('button', { name: 'Complete authentication' }).click();
      },
      'user.fails3ds': async (page) => {
        await checkout(page).getByRole('button', { name: 'Fail authentication' }).click();
      },
      'user.closesOverlay': async (page) => {
        await checkout(page).getByRole('button', { name: 'Close checkout' }).click();
      },
      'user.oks': async (page) => {
        await dialog(page).getByRole('button', { name: 'Ok', exact: true }).click();
      },
    },
    states: {
      overlay: async (page) => {
        await expect(overlay(page)).toBeVisible();
        await expect(checkout(page).getByLabel('Email')).toHaveValue('bella@bakery.test', {
          timeout: 15_000,
        });
      },
      declined: async (page) => {
        await expect(
          // A declined card, or a failed 3-D Secure step, in the words the payment answered.
          checkout(page)
            .getByRole('alert')
            .filter({ hasText: /Your card was declined\.|unable to authenticate your payment method/ }),
        ).toBeVisible();
        await stillInOverlay(page);
      },
      authenticating: async (page) => {
        await expect(checkout(page).getByRole('button', { name: 'Complete authentication' })).toBeVisible();
        await stillInOverlay(page);
      },
      subscribed: async (page) => {
        const thanks = page.getByRole('dialog', { name: 'Thank you!' });
        await expect(thanks.getByText(/^Your team is now on Spark Plus/)).toBeVisible({ timeout: 30_000 });
        await expect(overlay(page)).toHaveCount(0);
      },
      done: async (page) => {
        await noDialog(page);
        await expect(summary(page).getByText('Plus', { exact: true })).toBeVisible();
      },
      closed: async (page) => {
        await expect(overlay(page)).toHaveCount(0);
        await noDialog(page);
        await expect(summary(page).getByText('Basic', { exact: true })).toBeVisible();
      },
      failed: async () => {},
    },
  },
  paddleCancel: {
    start: openPressBilling,
    open: async (page) => {
      await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    },
    events: {
      'user.goesBack': async (page) => {
        await dialog(page).getByRole('button', { name: 'Back' }).click();
      },
      'user.confirmsCancel': async (page) => {
        await dialog(page).getByRole('button', { name: 'Cancel Subscription', exact: true }).click();
      },
      'user.answersKeep': async (page) => {
        await dialog(page).getByRole('button', { name: 'I changed my mind, keep my subscription' }).click();
      },
      'user.answersReason': async (page) => {
        await dialog(page).getByRole('button', { name: 'Too expensive' }).click();
      },
      'page.surveyTimesOut': async () => {},
    },
    states: {
      confirming: async (page) => {
        await expect(
          dialog(page).getByText(/keeps its premium features until the subscription expires/),
        ).toBeVisible();
      },
      survey: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Why are you cancelling?' })).toBeVisible();
      },
      kept: async (page) => {
        await noDialog(page);
        await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
      },
      cancelled: async (page) => {
        await expect(dialog(page)).toHaveCount(0, { timeout: 8_000 });
        await expect(statusFlash(page, 'Subscription was cancelled')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
      },
      errorFlashed: async () => {},
    },
  },
  paddleRenew: {
    start: async (page) => {
      await openPressBilling(page);
      await cancelThroughSurvey(page);
    },
    open: async (page) => {
      await page.getByRole('button', { name: 'Renew' }).click();
    },
    events: { 'page.renews': async () => {}, 'user.oks': async () => {} },
    states: {
      renewing: async () => {},
      renewed: async (page) => {
        await expect(statusFlash(page, 'Subscription was renewed')).toBeVisible({ timeout: 15_000 });
        await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
      },
      failed: async () => {},
      closed: async () => {},
    },
  },
};

const coverage: string[] = [];
test.afterAll(() => {
  console.log(`Paddle flow models (browser):\n${coverage.join('\n')}`);
});

for (const [name, flow] of Object.entries(FLOWS) as [keyof typeof PADDLE_FLOW_MODELS, BrowserFlow][]) {
  const model = PADDLE_FLOW_MODELS[name] as AnyStateMachine;
  const generated = transitionCoveringPaths(model, playable);
  coverage.push(formatCoverage(name, generated.coverage));

  test.describe(`${name} flow, model-based in the browser`, () => {
    test('the browser paths cover every reachable state and transition', () => {
      expect(generated.coverage.states.covered).toBe(generated.coverage.states.total);
      expect(generated.coverage.transitions.covered).toBe(generated.coverage.transitions.total);
    });

    for (const path of generated.paths) {
      test(path.description, async ({ page }) => {
        test.setTimeout(90_000);
        await flow.start(page);
        await flow.open(page);
        await path.test({
          events: new Proxy(
            {},
            {
              get: (_target, type: string) => async () => {
                if (type === 'xstate.init') return;
                const play = flow.events[type];
                if (!play) throw new Error(`no browser step for ${type}`);
                await play(page);
              },
            },
          ),
          states: Object.fromEntries(
            Object.entries(flow.states).map(([state, check]) => [state, () => check(page)]),
          ),
        });
      });
    }
  });
}
