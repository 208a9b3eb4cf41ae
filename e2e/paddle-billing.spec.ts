// Billing through Paddle, offline: the console, the server, the Paddle sandbox and its Paddle.js
// stand-in (an overlay framing the sandbox's checkout page). Bella switches Basic Bakery to Paddle
// and upgrades in Paddle's overlay; Pat's Paddle Press (Plus monthly on Paddle, seeded) reads its
// subscription and invoices, cancels and renews.
import { expect, type Page, test } from '@playwright/test';
import { CARDS, cancelThroughSurvey, dialog, statusFlash } from './support/billing';
import {
  checkout,
  openBakeryOnPaddle,
  openPressBilling,
  overlay,
  payInOverlay,
  payWithCard,
  providerSwitch,
} from './support/paddle';

test.describe.configure({ timeout: 90_000 });

const summary = (page: Page) => page.getByRole('region', { name: 'Plan and subscription' });
const plans = (page: Page) => page.getByRole('table', { name: 'Plans' });

test('Bella switches Basic Bakery to Paddle, upgrades in its checkout and comes back on the plan with Paddle as its provider', async ({
  page,
}) => {
  await openBakeryOnPaddle(page);
  // A reload keeps the choice.
  await page.reload();
  await expect(providerSwitch(page)).toContainText('Current payment provider: Paddle');

  await plans(page).getByRole('button', { name: 'Upgrade to Plus' }).click();
  await expect(overlay(page)).toBeVisible({ timeout: 15_000 });
  // A declined card stays in the overlay with its message; another card pays.
  await payInOverlay(page, CARDS.declined);
  await expect(
    checkout(page).getByRole('alert').filter({ hasText: 'Your card was declined.' }),
  ).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');

  // The webhook lands; the page shows the plan.
  const thanks = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(thanks.getByText(/^Your team is now on Spark Plus/)).toBeVisible({ timeout: 30_000 });
  await thanks.getByRole('button', { name: 'Ok' }).click();
  await expect(summary(page).getByText('Plus', { exact: true })).toBeVisible();

  // The team's provider is Paddle now: without ?provider the page reads Paddle, and offers no way back.
  const teamBilling = new URL(page.url()).pathname;
  const paddleReads = page.waitForResponse((response) =>
    response.url().includes('/billing-paddle/subscription'),
  );
  await page.goto(teamBilling);
  expect((await paddleReads).status()).toBe(200);
  await expect(summary(page).getByText('Plus', { exact: true })).toBeVisible();
  await expect(providerSwitch(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment details' }).getByText(/•••• 4242/)).toBeVisible();
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('link', { name: 'Download' }).first()).toBeVisible();
});

test("3-D Secure failed then approved in Paddle's overlay; closing it before paying leaves the page as it was", async ({
  page,
}) => {
  await openBakeryOnPaddle(page);
  await plans(page).getByRole('button', { name: 'Upgrade to Plus' }).click();
  await expect(overlay(page)).toBeVisible({ timeout: 15_000 });
  await checkout(page).getByRole('button', { name: 'Close checkout' }).click();
  await expect(overlay(page)).toHaveCount(0);
  await expect(dialog(page)).toHaveCount(0);
  await expect(plans(page).getByRole('columnheader').first()).toContainText('Current plan');

  await plans(page).getByRole('button', { name: 'Upgrade to Plus' }).click();
  await payInOverlay(page, CARDS.threeDSecure);
  await checkout(page).getByRole('button', { name: 'Fail authentication' }).click();
  await expect(checkout(page).getByRole('alert')).toBeVisible();
  await checkout(page).getByRole('button', { name: /^Pay / }).click();
  await checkout(page).getByRole('button', { name: 'Complete authentication' }).click();
  const thanks = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(thanks.getByText(/^Your team is now on Spark Plus/)).toBeVisible({ timeout: 30_000 });
});

test('Pat sees Paddle Press’s Paddle subscription and invoices, cancels and renews', async ({ page }) => {
  await openPressBilling(page);
  await expect(summary(page).getByText('Plus', { exact: true })).toBeVisible();
  await expect(summary(page).getByText('Monthly')).toBeVisible();
  await expect(providerSwitch(page)).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Payment details' }).getByText(/•••• 4242/)).toBeVisible();
  // Paddle keeps the billing details as merchant of record: none to edit here.
  await expect(page.getByRole('region', { name: 'Billing details' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Edit Billing Details' })).toHaveCount(0);
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('link', { name: 'Download' })).toHaveCount(2);
  const href = await invoices.getByRole('link', { name: 'Download' }).first().getAttribute('href');
  expect(href).toMatch(/\/billing-paddle\/payments\/txn_[A-Za-z0-9]+\/invoice$/);

  // Cancel with the survey: Basic at the end of the period.
  const planChanges = page.waitForResponse(
    (response) => response.request().method() === 'PUT' && response.url().endsWith('/billing-paddle/plan'),
  );
  await cancelThroughSurvey(page);
  const cancelled = await planChanges;
  expect(cancelled.status()).toBe(200);
  // Basic at the period's end: the subscription says when it ends.
  expect(
    ((await cancelled.json()) as { subscription: { cancelAt: number | null } }).subscription.cancelAt,
  ).not.toBeNull();

  // Renew: the scheduled cancel removed, the card on file kept.
  await page.getByRole('button', { name: 'Renew' }).click();
  await expect(statusFlash(page, 'Subscription was renewed')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Renew' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Cancel subscription', exact: true })).toBeVisible();
});
