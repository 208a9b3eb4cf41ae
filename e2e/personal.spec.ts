// Personal plan pages (spec section 2 'Personal pages') against the real server and the built-in
// Stripe sandbox: Sam Solo starts a trial, buys through the hosted checkout, fails one, and goes
// through the Customer Portal and back; the result page's six texts.
import { expect, type Page, test } from '@playwright/test';
import { authCode, seedReset } from './support/cli';

/** Fresh demo data, signed in on /profile: the login token on the profile's own address (decision 025). */
async function openProfile(page: Page, email = 'solo@example.test'): Promise<void> {
  await seedReset();
  await page.goto(`/profile?token=${encodeURIComponent(await authCode(email))}`);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole('heading', { name: 'Profile' })).toBeVisible();
}

const profileRow = (page: Page, label: string) =>
  page.getByRole('table', { name: 'Your profile' }).getByRole('row', { name: label });

async function payOnHostedCheckout(page: Page, card: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Email').fill('solo@example.test');
  await page.getByLabel('Card number').fill(card);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Sam Solo');
  await page.getByRole('button', { name: 'Subscribe' }).click();
}

async function checkoutMonthly(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page).toHaveURL(/\/pb\/products$/);
  await page.getByRole('button', { name: 'Checkout Spark Premium $7.99 per month' }).click();
}

test('Sam Solo is free and starts the 14-day trial once', async ({ page }) => {
  await openProfile(page);
  await expect(profileRow(page, 'Email')).toContainText('solo@example.test');
  await expect(profileRow(page, 'Name')).toContainText('Sam Solo');
  await expect(profileRow(page, 'Plan')).toContainText('Free');
  await expect(profileRow(page, 'Store')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change card' })).toHaveCount(0);

  await page.getByRole('link', { name: 'Start trial' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profileRow(page, 'Plan')).toContainText('Premium');
  await expect(profileRow(page, 'Store')).toContainText('Web');
  await expect(profileRow(page, 'Period type')).toContainText('Trial');
  await expect(page.getByRole('link', { name: 'Start trial' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Change card' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Billing portal' })).toBeVisible();

  // The trial page opened again: the server's clear error, with Retry.
  await page.goto('/pb/trial');
  await expect(page.getByRole('alert')).toContainText('Trial is not available on a premium plan');
  await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();
});

test('Olivia, premium through the app store, sees store and period type', async ({ page }) => {
  await openProfile(page, 'olivia@acme.test');
  await expect(profileRow(page, 'Plan')).toContainText('Premium');
  await expect(profileRow(page, 'Store')).toContainText('App Store');
  await expect(profileRow(page, 'Period type')).toContainText('Yearly');
  await expect(page.getByRole('link', { name: 'Start trial' })).toHaveCount(0);
});

test('products list each price with its coupon; Sam buys monthly premium and lands on the result', async ({
  page,
}) => {
  await openProfile(page);
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByText('$7.99 per month')).toBeVisible();
  await expect(page.getByText('$59.99 per year')).toHaveCount(2);
  await expect(page.getByText('WELCOME10', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Checkout' })).toHaveCount(3);

  await page.getByRole('button', { name: 'Checkout Spark Premium $7.99 per month' }).click();
  await payOnHostedCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/pb\/result\?result=success&mode=checkout$/, { timeout: 15_000 });
  await expect(page.getByText('Checkout completed successfully. Thanks for your purchase.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profileRow(page, 'Plan')).toContainText('Premium');
  await expect(profileRow(page, 'Period type')).toContainText('Monthly');
});

test('a declined card, then Back: the failure text, and Sam stays free', async ({ page }) => {
  await openProfile(page);
  await checkoutMonthly(page);
  await payOnHostedCheckout(page, '4000 0000 0000 0002');
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await page.getByRole('link', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/pb\/result\?result=failure&mode=checkout$/);
  await expect(page.getByText('Failed to complete the checkout.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(profileRow(page, 'Plan')).toContainText('Free');
});

test('change card through the setup checkout, then the portal round trip', async ({ page }) => {
  await openProfile(page);
  await page.getByRole('link', { name: 'Start trial' }).click();
  await expect(profileRow(page, 'Period type')).toContainText('Trial');

  await page.getByRole('link', { name: 'Change card' }).click();
  await expect(page.getByRole('button', { name: 'Save card' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Sam Solo');
  await page.getByRole('button', { name: 'Save card' }).click();
  await expect(page).toHaveURL(/\/pb\/result\?result=success&mode=setup$/, { timeout: 15_000 });
  await expect(page.getByText('Billing details updated successfully.')).toBeVisible();
  await page.getByRole('link', { name: 'Back to profile' }).click();

  await page.getByRole('link', { name: 'Billing portal' }).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/portal\/bps_/, { timeout: 15_000 });
  await expect(page.getByText('Visa ending in 4242, expires 12 / 34')).toBeVisible();
  await expect(page.getByText(/Trial ends on/)).toBeVisible();

  // As Stripe's portal: a declined card is refused, one asking for 3-D Secure is challenged first.
  const fillCard = async (number: string) => {
    await page.getByLabel('Card number').fill(number);
    await page.getByLabel('Expiration').fill('11 / 33');
    await page.getByLabel('CVC').fill('123');
    await page.getByLabel('Cardholder name').fill('Sam Solo');
    await page.getByRole('button', { name: 'Save card' }).click();
  };
  await page.getByRole('button', { name: 'Update payment method' }).click();
  // One primary action at a time: the form's Save card replaces the button that opened it.
  await expect(page.getByRole('button', { name: 'Update payment method' })).toBeHidden();
  await fillCard('4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
  await expect(page.getByText('Visa ending in 4242, expires 12 / 34')).toBeVisible();
  await fillCard('4000 0025 0000 3155');
  await page.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/portal\/bps_\w+$/, { timeout: 15_000 });
  await expect(page.getByText('Visa ending in 3155, expires 11 / 33')).toBeVisible();
  await page.getByRole('button', { name: 'Update payment method' }).click();
  await fillCard('5555 5555 5555 4444');
  await expect(page.getByText('Mastercard ending in 4444, expires 11 / 33')).toBeVisible();

  // Cancel takes a confirmation, and a cancelled plan can be renewed.
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await expect(page.getByText(/^Your plan will be cancelled at the end of the period/)).toBeVisible();
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page.getByText(/Trial ends on/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText(/Cancels on/)).toBeVisible();
  await page.getByRole('button', { name: 'Renew plan' }).click();
  await expect(page.getByText(/Trial ends on/)).toBeVisible();
  await page.getByRole('button', { name: 'Cancel plan' }).click();
  await page.getByRole('button', { name: 'Confirm cancellation' }).click();
  await expect(page.getByText(/Cancels on/)).toBeVisible();

  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(profileRow(page, 'Plan')).toContainText('Premium');
});

const RESULTS: [string, string][] = [
  ['result=success&mode=checkout', 'Checkout completed successfully. Thanks for your purchase.'],
  ['result=success&mode=setup', 'Billing details updated successfully.'],
  ['result=failure&mode=checkout', 'Failed to complete the checkout.'],
  ['result=failure&mode=setup', 'Failed to update billing details.'],
  ['result=success&mode=upgrade', 'Invalid mode value.'],
  ['result=maybe&mode=checkout', 'Invalid result value.'],
];

test('the result page says each of the six texts for its query', async ({ page }) => {
  await openProfile(page);
  for (const [query, text] of RESULTS) {
    await page.goto(`/pb/result?${query}`);
    await expect(page.getByRole('status').filter({ hasText: text })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to profile' })).toBeVisible();
  }
});

test('an act-on-load page whose call fails shows the error with Retry, and Retry goes on', async ({
  page,
}) => {
  await openProfile(page);
  await page.route('**/api/v1/billing/portal', (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      body: JSON.stringify({ errorCode: 10, errorMessage: 'Validation error', errorData: [] }),
    }),
  );
  await page.goto('/pb/portal');
  await expect(page.getByRole('alert')).toContainText('Validation error');
  await page.unroute('**/api/v1/billing/portal');
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page).toHaveURL(/\/sandbox\/stripe\/portal\/bps_/, { timeout: 15_000 });
  await expect(page.getByText('No active subscription.')).toBeVisible();
  await page.getByRole('link', { name: 'Return' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

/** What no screen may show (issue 21): a value the page failed to fill in. */
async function expectNoEmptyValues(page: Page): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(null|undefined|NaN)\b/);
}

test('products: each price titled with its interval, saving and coupon, 10% off on WELCOME10, padded cards and a way back', async ({
  page,
}) => {
  await openProfile(page);
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('heading', { name: 'Spark Premium Monthly' })).toBeVisible();
  // The same yearly price with and without a coupon: the titles tell them apart.
  await expect(
    page.getByRole('heading', { name: 'Spark Premium Yearly, save 38%', exact: true }),
  ).toHaveCount(1);
  await expect(
    page.getByRole('heading', { name: 'Spark Premium Yearly, save 38%, with WELCOME10' }),
  ).toBeVisible();
  const welcome = page.getByTestId('price-personal_premium_365--WELCOME10');
  await expect(welcome.getByText('10% off')).toBeVisible();
  await expect(page.getByTestId('price-personal_premium_30').getByText('10% off')).toHaveCount(0);
  // The title sits inside the card, not on its border.
  const card = await page.getByTestId('price-personal_premium_30').boundingBox();
  const title = await page.getByRole('heading', { name: 'Spark Premium Monthly' }).boundingBox();
  expect(title && card && title.x - card.x).toBeGreaterThanOrEqual(16);
  expect(title && card && title.y - card.y).toBeGreaterThanOrEqual(16);
  await expectNoEmptyValues(page);
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
});

test('on the trial, the products page says until when, and Sam buys the WELCOME10 year: the trial ends', async ({
  page,
}) => {
  await openProfile(page);
  await page.getByRole('link', { name: 'Start trial' }).click();
  await expect(profileRow(page, 'Period type')).toContainText('Trial');
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByText(/^Premium trial until [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  await expect(page.getByText(/Buying a plan now ends the trial/)).toBeVisible();

  await page
    .getByRole('button', { name: 'Checkout Spark Premium $59.99 per year with coupon WELCOME10' })
    .click();
  // The hosted page: no 'nullnull' where a trial would be named; the 10% shows as the discount.
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#summary-details')).toContainText('Discount');
  await expectNoEmptyValues(page);
  await payOnHostedCheckout(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/pb\/result\?result=success&mode=checkout$/, { timeout: 15_000 });
  await page.getByRole('link', { name: 'Back to profile' }).click();
  await expect(profileRow(page, 'Period type')).toContainText('Yearly');
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByText('You have Premium (Yearly, Web)')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Checkout/ })).toHaveCount(0);
});

test("the monthly hosted checkout shows no 'null' where the team checkout names its trial", async ({
  page,
}) => {
  await openProfile(page);
  await checkoutMonthly(page);
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 15_000 });
  await expect(page.locator('#summary-details')).toContainText('Total');
  await expectNoEmptyValues(page);
});

test("a Checkout the server refuses says the server's reason, not a bare 'Validation error'", async ({
  page,
  context,
}) => {
  await openProfile(page);
  await page.getByRole('link', { name: 'Products' }).click();
  await expect(page.getByRole('button', { name: /^Checkout/ })).toHaveCount(3);
  // Meanwhile, in a second tab, Sam buys the monthly plan.
  const other = await context.newPage();
  await other.goto('/pb/products');
  await other.getByRole('button', { name: 'Checkout Spark Premium $7.99 per month' }).click();
  await payOnHostedCheckout(other, '4242 4242 4242 4242');
  await expect(other).toHaveURL(/\/pb\/result\?result=success/, { timeout: 15_000 });
  await other.close();

  await page.getByRole('button', { name: 'Checkout Spark Premium $59.99 per year', exact: true }).click();
  const alert = page.getByRole('dialog').getByRole('alert');
  await expect(alert).toContainText('You already have a premium plan');
  await expect(alert).not.toContainText('Validation error');
});
