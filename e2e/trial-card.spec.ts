import { expect, type Page, test } from '@playwright/test';
import { cli, loginUrl, seedReset } from './support/cli';

// Issue 21: Trial Tech trials Premium with no card. Billing asks for one instead of promising a
// payment, and leads to the edit-card flow; three days before the end the owner gets a mail, and
// when the trial ends the team drops to Basic with another, and billing says which trial ended.
test.beforeEach(async () => {
  await seedReset();
});

const summary = (page: Page) => page.getByRole('region', { name: 'Plan and subscription' });

async function openTaraBilling(page: Page): Promise<void> {
  await page.goto(await loginUrl('tara@trial.test', 'Trial Tech'));
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await page.goto(page.url().replace(/\/overview$/, '/billing'));
}

test('a trial without a card: billing asks for a card, not a payment, and Add a card opens the card flow', async ({
  page,
}) => {
  await openTaraBilling(page);
  await expect(
    summary(page).getByText(/^Add a card to keep Premium after [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
  ).toBeVisible({ timeout: 60_000 });
  await expect(summary(page).getByText('Next payment')).toHaveCount(0);
  await expect(summary(page)).not.toContainText(/null|undefined|NaN/);
  await summary(page).getByRole('button', { name: 'Add a card' }).click();
  // No billing details yet either: the edit-customer-and-card flow, card as its second step.
  await expect(
    page.getByRole('dialog').getByRole('heading', { name: 'Billing Details 1 of 2' }),
  ).toBeVisible();
});

test('three days before the trial ends the owner is mailed once; at its end, Basic and another mail', async ({
  page,
}) => {
  await cli('sandbox', 'advance', '--days', '7');
  await expect
    .poll(() => cli('outbox', '--limit', '20'), { timeout: 20_000 })
    .toMatch(/tara@trial\.test.*The Premium trial of Trial Tech ends on/);
  await cli('sandbox', 'advance', '--days', '1');
  await cli('sandbox', 'advance', '--days', '3');
  await expect
    .poll(() => cli('outbox', '--limit', '20'), { timeout: 20_000 })
    .toMatch(/tara@trial\.test.*Trial Tech is now on Basic/);
  const outbox = await cli('outbox', '--limit', '20');
  expect(outbox.split('The Premium trial of Trial Tech ends on').length - 1).toBe(1);

  // Billing says which trial ended and when; Premium is no longer sold, so the table offers an upgrade.
  await openTaraBilling(page);
  await expect(
    summary(page).getByText(
      /^The Premium trial ended on [A-Z][a-z]{2} \d{1,2}, \d{4}\. Choose a plan below to upgrade again\.$/,
    ),
  ).toBeVisible({ timeout: 60_000 });
  await expect(summary(page).getByText('Basic', { exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Plans' })
      .getByRole('button', { name: /^Upgrade to / })
      .first(),
  ).toBeVisible();
});
