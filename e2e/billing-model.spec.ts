// The billing flow models (src/machines/models/billing-flow-models.ts) driving the real console and
// server with the Stripe sandbox: each generated path is one browser test. Model events map to clicks
// and typing, model states to what the page shows. Only user.* and page.* events are played here
// (server.* failures are the Vitest run's); the paths still cover every state and transition the
// browser can reach, and the figures are printed.
import { expect, type Page, test } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import { BILLING_FLOW_MODELS } from '../src/machines/models/billing-flow-models';
import { formatCoverage, transitionCoveringPaths } from '../src/machines/models/model-paths';
import {
  CARDS,
  cancelThroughSurvey,
  dialog,
  openAcmeBilling,
  openBilling,
  statusFlash,
  submitCard,
} from './support/billing';

const playable = (type: string) => !type.startsWith('server.');

type Steps = Record<string, (page: Page) => Promise<void>>;

interface BrowserFlow {
  /** Fresh demo data and the billing page (Acme Inc's by default). */
  start?: (page: Page) => Promise<void>;
  /** From the billing page to the flow's first model state. */
  open: (page: Page) => Promise<void>;
  events: Steps;
  states: Steps;
}

const closeDialog = async (page: Page) => {
  const ok = dialog(page).getByRole('button', { name: 'Ok', exact: true });
  if (await ok.isVisible()) await ok.click();
  else await dialog(page).getByRole('button', { name: 'Close', exact: true }).first().click();
};
const noDialog = async (page: Page) => expect(dialog(page)).toHaveCount(0);
const declinedFlash = async (page: Page) => {
  await noDialog(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
};
const paymentDetails = (page: Page) => page.getByRole('region', { name: 'Payment details' });
const billingDetails = (page: Page) => page.getByRole('region', { name: 'Billing details' });
const detailsEvents: Steps = {
  'user.submitsInvalidDetails': async (page) => {
    await dialog(page).getByRole('textbox', { name: 'Name' }).fill('  ');
    await dialog(page)
      .getByRole('button', { name: /^(Next|Update Details|Request Free Upgrade)$/ })
      .click();
  },
  'user.submitsValidDetails': async (page) => {
    await fillValidDetails(page);
    await dialog(page)
      .getByRole('button', { name: /^(Next|Update Details|Request Free Upgrade)$/ })
      .click();
  },
  'user.closes': closeDialog,
  'user.oks': closeDialog,
};
/** A complete German address (a team without details starts from an empty form). */
async function fillValidDetails(page: Page) {
  const form = dialog(page);
  await form.getByRole('textbox', { name: 'Name' }).fill('Acme GmbH');
  await form.getByRole('textbox', { name: 'Address 1' }).fill('Unter den Linden 1');
  await form.getByRole('textbox', { name: 'City' }).fill('Berlin');
  await form.getByRole('textbox', { name: 'ZIP / Postal Code' }).fill('10117');
  const country = form.getByRole('combobox', { name: 'Country' });
  if ((await country.inputValue()) !== 'Germany') {
    await country.click();
    await country.fill('Germany');
    await page.getByRole('option', { name: 'Germany', exact: true }).click();
  }
}
const detailsInvalid = async (page: Page) => {
  await expect(dialog(page).getByText('Name must not be empty')).toBeVisible();
};

const FLOWS: Partial<Record<keyof typeof BILLING_FLOW_MODELS, BrowserFlow>> = {
  subscribe: {
    open: async (page) => {
      await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    },
    events: {
      'user.revealsCode': async (page) =>
        dialog(page).getByRole('button', { name: 'I have a promotion code' }).click(),
      'user.appliesValidCode': async (page) => {
        await dialog(page).getByRole('textbox', { name: 'Promotion code' }).fill('WELCOME10');
        await dialog(page).getByRole('button', { name: 'Apply' }).click();
      },
      'user.appliesUnknownCode': async (page) => {
        await dialog(page).getByRole('textbox', { name: 'Promotion code' }).fill('NOSUCHCODE');
        await dialog(page).getByRole('button', { name: 'Apply' }).click();
      },
      'user.starts': async (page) => dialog(page).getByRole('button', { name: 'Start Pro' }).click(),
      'user.closes': closeDialog,
    },
    states: {
      confirmation: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Confirmation 1 of 1' })).toBeVisible();
        await expect(dialog(page).getByRole('row', { name: /^Total \$/ })).toBeVisible();
        await expect(dialog(page).getByRole('row', { name: /^Tax \(\d+%\)/ })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'I have a promotion code' })).toBeVisible();
      },
      codeField: async (page) => {
        await expect(dialog(page).getByRole('textbox', { name: 'Promotion code' })).toBeVisible();
        await expect(dialog(page).getByRole('row', { name: /^Discount/ })).toHaveCount(0);
      },
      codeRefused: async (page) => {
        await expect(dialog(page).getByText('Promotion code is invalid')).toBeVisible();
      },
      codeApplied: async (page) => {
        await expect(dialog(page).getByRole('row', { name: /^Discount \(WELCOME10\) -\$/ })).toBeVisible();
        await expect(dialog(page).getByText('Promotion code is invalid')).toHaveCount(0);
      },
      subscribed: async (page) => {
        await expect(
          dialog(page).getByText('Your team is now on Spark Pro (annual subscription).'),
        ).toBeVisible();
      },
      closed: async (page) => {
        await noDialog(page);
      },
    },
  },
  editCard: {
    open: async (page) => {
      await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
    },
    events: {
      'user.savesGoodCard': (page) => submitCard(page, CARDS.good),
      'user.savesDeclinedCard': (page) => submitCard(page, CARDS.declined),
      'user.savesIncompleteCard': async (page) => {
        const card = dialog(page).getByRole('group', { name: 'Card details' });
        await card.getByRole('textbox', { name: 'Card number' }).fill('4242 4242');
        await dialog(page).getByRole('button', { name: 'Update Card' }).click();
      },
      'user.closes': closeDialog,
    },
    states: {
      card: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Payment Details 1 of 1' })).toBeVisible();
        await expect(dialog(page).getByRole('textbox', { name: 'Card number' })).toBeVisible();
      },
      cardIncomplete: async (page) => {
        await expect(dialog(page).getByText('Your card number is incomplete.')).toBeVisible();
      },
      saved: async (page) => {
        await noDialog(page);
        await expect(paymentDetails(page).getByText(/•••• 4444/)).toBeVisible();
      },
      cardDeclined: async (page) => {
        await declinedFlash(page);
        await expect(paymentDetails(page).getByText(/•••• 4242/)).toBeVisible();
      },
      closed: async (page) => {
        await noDialog(page);
        await expect(paymentDetails(page).getByText(/•••• 4242/)).toBeVisible();
      },
    },
  },
  renew: {
    open: async (page) => {
      await cancelThroughSurvey(page);
      await page.getByRole('button', { name: 'Renew' }).click();
    },
    events: {
      'user.submitsInvalidDetails': async (page) => {
        await dialog(page).getByRole('textbox', { name: 'Name' }).fill('  ');
        await dialog(page).getByRole('button', { name: 'Next' }).click();
      },
      'user.submitsValidDetails': async (page) => {
        await dialog(page).getByRole('textbox', { name: 'Name' }).fill('Acme Inc');
        await dialog(page).getByRole('button', { name: 'Next' }).click();
      },
      'user.savesGoodCard': (page) => submitCard(page, CARDS.good, 'Update Billing Info'),
      'user.savesDeclinedCard': (page) => submitCard(page, CARDS.declined, 'Update Billing Info'),
      'user.closes': closeDialog,
      'user.oks': closeDialog,
    },
    states: {
      details: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Billing Details 1 of 2' })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'Next' })).toBeVisible();
      },
      detailsInvalid: async (page) => {
        await expect(dialog(page).getByText('Name must not be empty')).toBeVisible();
      },
      card: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Payment Details 2 of 2' })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'Update Billing Info' })).toBeVisible();
      },
      renewed: async (page) => {
        await noDialog(page);
        await expect(statusFlash(page, 'Subscription was renewed')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
        await expect(paymentDetails(page).getByText(/•••• 4444/)).toBeVisible();
      },
      cardDeclined: async (page) => {
        await declinedFlash(page);
        await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
      },
      closed: async (page) => {
        await noDialog(page);
        await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
      },
    },
  },
  editCustomer: {
    open: async (page) => {
      await billingDetails(page).getByRole('button', { name: 'Edit Billing Details' }).click();
    },
    events: detailsEvents,
    states: {
      details: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Billing Details 1 of 1' })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'Update Details' })).toBeVisible();
      },
      detailsInvalid,
      saved: async (page) => {
        await noDialog(page);
        await expect(billingDetails(page)).toContainText('Acme GmbH');
        await expect(billingDetails(page)).toContainText('Unter den Linden 1');
      },
      closed: async (page) => {
        await noDialog(page);
        await expect(billingDetails(page)).toContainText('Friedrichstraße 68');
      },
    },
  },
  freeUpgrade: {
    open: async (page) => {
      await page.getByRole('button', { name: 'Nonprofit or education? Request a free upgrade' }).click();
    },
    events: detailsEvents,
    states: {
      details: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Billing Details 1 of 1' })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'Request Free Upgrade' })).toBeVisible();
      },
      detailsInvalid,
      requested: async (page) => {
        await expect(
          dialog(page).getByText('Your request was sent. We will get back to you by email.'),
        ).toBeVisible();
      },
      closed: noDialog,
    },
  },
  editCustomerAndCard: {
    // Trial Tech trials premium with no billing details and no card: Edit asks for both.
    start: (page) => openBilling(page, 'tara@trial.test', 'Trial Tech'),
    open: async (page) => {
      await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
    },
    events: {
      ...detailsEvents,
      'user.savesGoodCard': (page) => submitCard(page, CARDS.good),
      'user.savesDeclinedCard': (page) => submitCard(page, CARDS.declined),
    },
    states: {
      details: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Billing Details 1 of 2' })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'Next' })).toBeVisible();
      },
      detailsInvalid,
      card: async (page) => {
        await expect(dialog(page).getByRole('heading', { name: 'Payment Details 2 of 2' })).toBeVisible();
        await expect(dialog(page).getByRole('button', { name: 'Update Card' })).toBeVisible();
      },
      saved: async (page) => {
        await noDialog(page);
        await expect(paymentDetails(page).getByText(/•••• 4444/)).toBeVisible();
        await expect(billingDetails(page)).toContainText('Acme GmbH');
      },
      cardDeclined: async (page) => {
        await declinedFlash(page);
        await expect(paymentDetails(page)).toContainText('No payment information');
      },
      closed: noDialog,
    },
  },
  cancel: {
    open: async (page) => {
      await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
    },
    events: {
      'user.goesBack': (page) => dialog(page).getByRole('button', { name: 'Back' }).click(),
      'user.confirmsCancel': (page) =>
        dialog(page).getByRole('button', { name: 'Cancel Subscription', exact: true }).click(),
      'user.answersKeep': (page) =>
        dialog(page).getByRole('button', { name: 'I changed my mind, keep my subscription' }).click(),
      'user.answersReason': (page) => dialog(page).getByRole('button', { name: 'Too expensive' }).click(),
      // The popup closes by itself after 5 s: nothing to do but wait (the state check waits).
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
        await expect(page.getByRole('button', { name: 'Cancel subscription', exact: true })).toBeEnabled();
        await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
      },
      cancelled: async (page) => {
        await expect(dialog(page)).toHaveCount(0, { timeout: 8_000 });
        await expect(statusFlash(page, 'Subscription was cancelled')).toBeVisible();
        await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
      },
    },
  },
};

const coverage: string[] = [];
test.afterAll(() => {
  console.log(`Billing flow models (browser):\n${coverage.join('\n')}`);
});

for (const [name, flow] of Object.entries(FLOWS) as [keyof typeof BILLING_FLOW_MODELS, BrowserFlow][]) {
  const model = BILLING_FLOW_MODELS[name] as AnyStateMachine;
  const generated = transitionCoveringPaths(model, playable);
  coverage.push(formatCoverage(name, generated.coverage));

  test.describe(`${name} flow, model-based in the browser`, () => {
    test('the browser paths cover every reachable state and transition', () => {
      expect(generated.coverage.states.covered).toBe(generated.coverage.states.total);
      expect(generated.coverage.transitions.covered).toBe(generated.coverage.transitions.total);
    });

    for (const path of generated.paths) {
      test(path.description, async ({ page }) => {
        test.setTimeout(60_000);
        await (flow.start ?? openAcmeBilling)(page);
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
