// A Paddle team on a trial. Paddle's trials are its prices' (`trial_period`), which an operator may
// give the catalogue's prices in Paddle's dashboard: here the sandbox's Plus prices get 14
// days through Paddle's API, then Bella buys it in Paddle's overlay and billing shows the trial.
import { expect, type Page, test } from '@playwright/test';
import { cli, E2E_BASE_URL } from './support/cli';
import { checkout, openBakeryOnPaddle, overlay } from './support/paddle';

test.describe.configure({ timeout: 90_000 });

const summary = (page: Page) => page.getByRole('region', { name: 'Plan and subscription' });

/** Paddle's API of this server's sandbox, with the key `cli sandbox keys` prints. */
async function paddleApi(path: string, init: RequestInit = {}) {
  const key = /PADDLE_API_KEY=(\S+)/.exec(await cli('sandbox', 'keys'))?.[1] ?? '';
  const response = await fetch(`${E2E_BASE_URL}/sandbox/paddle/api${path}`, {
    ...init,
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  });
  expect(response.status, path).toBe(200);
  return (await response.json()) as { data: unknown };
}

test('Bella starts a Paddle trial of Plus: billing shows the days left and the first payment after it', async ({
  page,
}) => {
  await openBakeryOnPaddle(page);
  const prices = (await paddleApi('/prices?status=active&per_page=200')).data as {
    id: string;
    custom_data: { planId?: string } | null;
  }[];
  const plus = prices.filter((price) => price.custom_data?.planId?.startsWith('plus_'));
  expect(plus).toHaveLength(2);
  for (const price of plus) {
    await paddleApi(`/prices/${price.id}`, {
      method: 'PATCH',
      body: JSON.stringify({ trial_period: { interval: 'day', frequency: 14 } }),
    });
  }

  await page.getByRole('table', { name: 'Plans' }).getByRole('button', { name: 'Upgrade to Plus' }).click();
  await expect(overlay(page)).toBeVisible({ timeout: 15_000 });
  const frame = checkout(page);
  await expect(frame.getByLabel('Email')).toHaveValue('bella@bakery.test', { timeout: 15_000 });
  await frame.getByLabel('Country').selectOption('DE');
  await frame.getByLabel('Postcode').fill('10115');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await expect(frame.getByText('14-day free trial')).toBeVisible();
  await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
  await frame.getByLabel('Expiration').fill('1234');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('Cardholder name').fill('Bella Baker');
  await frame.getByRole('button', { name: 'Start trial' }).click();

  const thanks = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(thanks.getByText(/^Your team is now on Spark Plus/)).toBeVisible({ timeout: 30_000 });
  await thanks.getByRole('button', { name: 'Ok' }).click();
  // The trial's notice, from subscription.trialing's dates; then the first payment, at its end.
  await page.reload();
  await expect(summary(page).getByText(/^Trial ends in 1[34] days$/)).toBeVisible({ timeout: 15_000 });
  await expect(summary(page).getByText('Plus', { exact: true })).toBeVisible();
  await expect(summary(page).getByText(/^\$[\d.]+ on [A-Z][a-z]{2} \d{1,2}, \d{4}/)).toBeVisible();
  // The overview counts the same days.
  await page.goto(page.url().replace(/\/billing(\?.*)?$/, '/overview'));
  await expect(page.getByText(/^Trial ends in 1[34] days$/)).toBeVisible({ timeout: 15_000 });
});
