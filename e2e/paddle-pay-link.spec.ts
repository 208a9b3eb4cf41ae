// A Paddle team's renewal declined, then paid through the invoice's Pay link: the link is the
// console's own default payment link page (/paddle-pay?_ptxn=…, which the product sets as the
// sandbox's default payment link, as an operator does in Paddle's dashboard), where Paddle.js opens
// the checkout for that transaction by itself.
import { expect, type Page, test } from '@playwright/test';
import { CARDS } from './support/billing';
import { cli } from './support/cli';
import { checkout, openPressBilling, overlay, payWithCard } from './support/paddle';

test.describe.configure({ timeout: 120_000 });

const invoices = (page: Page) => page.getByRole('table', { name: 'Invoices' });
const paymentDetails = (page: Page) => page.getByRole('region', { name: 'Payment details' });

test('Pat pays Paddle Press’s declined renewal through its Pay link, and billing is back to active', async ({
  page,
  context,
}) => {
  await openPressBilling(page);
  await expect(invoices(page).getByRole('link', { name: 'Download' })).toHaveCount(2);

  // The card goes bad: 4000 0000 0000 0341 is taken, then declines every charge.
  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  await expect(overlay(page)).toBeVisible({ timeout: 15_000 });
  // The card change's transaction is Pat's: the checkout fills in Pat's email and address.
  await expect(checkout(page).getByLabel('Email')).toHaveValue('pat@press.test', { timeout: 15_000 });
  await checkout(page).getByRole('button', { name: 'Continue' }).click();
  await payWithCard(page, '4000 0000 0000 0341');
  await expect(paymentDetails(page).getByText(/•••• 0341/)).toBeVisible({ timeout: 30_000 });

  // A month on, the renewal is declined: its invoice is past due, with a Pay link instead of Download.
  expect(await cli('sandbox', 'advance', '--days', '31')).toMatch(/declined; past due/);
  await page.reload();
  const pastDue = invoices(page).getByRole('row').filter({ hasText: 'Open' });
  await expect(pastDue).toHaveCount(1, { timeout: 15_000 });
  const pay = pastDue.getByRole('link', { name: 'Pay' });
  await expect(pay).toHaveAttribute('href', /^http:\/\/[^/]+\/paddle-pay\?_ptxn=txn_[a-z0-9]{26}$/);

  // The link opens the console's payment page, signed in or not, where the checkout opens for it.
  const [payPage] = await Promise.all([context.waitForEvent('page'), pay.click()]);
  await expect(payPage).toHaveTitle(/^Pay invoice/);
  await expect(overlay(payPage)).toBeVisible({ timeout: 15_000 });
  const frame = checkout(payPage);
  await expect(frame.getByLabel('Email')).toHaveValue('pat@press.test', { timeout: 15_000 });
  // Closed unpaid, the page says nothing was charged and opens it again.
  await frame.getByRole('button', { name: 'Close checkout' }).click();
  await expect(
    payPage.getByText('The checkout was closed before paying. Nothing was charged.'),
  ).toBeVisible();
  await payPage.getByRole('button', { name: 'Pay now' }).click();
  await expect(overlay(payPage)).toBeVisible({ timeout: 15_000 });
  await expect(frame.getByLabel('Email')).toHaveValue('pat@press.test', { timeout: 15_000 });
  await frame.getByRole('button', { name: 'Continue' }).click();
  // A declined card stays in the checkout with its message; 4242 pays.
  await payWithCard(payPage, CARDS.declined);
  await expect(frame.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await payWithCard(payPage, '4242 4242 4242 4242');
  await expect(frame.getByRole('heading', { name: 'Payment successful' })).toBeVisible();
  await frame.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(payPage.getByText('Paid. Thank you: your subscription is up to date.')).toBeVisible();
  await expect(payPage.getByRole('link', { name: 'Back to Spark' })).toHaveAttribute('href', '/');
  await payPage.close();

  // Back on billing: no Pay link, the renewal is paid, and the next payment is a month on.
  await page.reload();
  await expect(invoices(page).getByRole('link', { name: 'Download' })).toHaveCount(3, { timeout: 15_000 });
  await expect(invoices(page).getByRole('link', { name: 'Pay' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Plan and subscription' }).getByText('Next payment'),
  ).toBeVisible();
  await expect(paymentDetails(page).getByText(/•••• 4242/)).toBeVisible();
});
