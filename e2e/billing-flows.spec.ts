// The billing flows' failures and details the models do not spell out, through the real console and
// server with the Stripe sandbox: a declined card, 3-D Secure completed and failed, a promotion code
// that lowers the invoice, VAT number normalisation in the billing details form.
import { expect, type Page, test } from '@playwright/test';
import { CARDS, dialog, openAcmeBilling, submitCard } from './support/billing';

test.describe.configure({ timeout: 60_000 });

const paymentDetails = (page: Page) => page.getByRole('region', { name: 'Payment details' });
const billingDetails = (page: Page) => page.getByRole('region', { name: 'Billing details' });

test.beforeEach(async ({ page }) => {
  await openAcmeBilling(page);
});

test('a declined card closes the dialog with a danger flash of the provider’s message', async ({ page }) => {
  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  await submitCard(page, CARDS.declined);
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(paymentDetails(page).getByText(/•••• 4242/)).toBeVisible();
});

test('3-D Secure completed: the card is saved after the challenge', async ({ page }) => {
  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  await submitCard(page, CARDS.threeDSecure);
  const challenge = page.frameLocator('iframe').first();
  await challenge.getByRole('button', { name: 'Complete authentication' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(paymentDetails(page).getByText(/•••• 3155/)).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('3-D Secure failed: the dialog closes with the provider’s message and the old card stays', async ({
  page,
}) => {
  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  await submitCard(page, CARDS.threeDSecure);
  const challenge = page.frameLocator('iframe').first();
  await challenge.getByRole('button', { name: 'Fail authentication' }).click();
  await expect(page.getByRole('alert').filter({ hasText: /authenticate/i })).toBeVisible();
  await expect(dialog(page)).toHaveCount(0);
  await expect(paymentDetails(page).getByText(/•••• 4242/)).toBeVisible();
});

test('the promotion code WELCOME10 takes 10% off the charge for the new plan, never off the credit for the old', async ({
  page,
}) => {
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  const confirmation = dialog(page);
  /** A preview row's amount in cents ('$1,234.56' -> 123456). */
  const cents = async (row: RegExp) => {
    const text = await confirmation.getByRole('row', { name: row }).getByRole('cell').nth(1).innerText();
    return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  };
  const subtotal = await cents(/^Subtotal/);
  const charge = await cents(/^Remaining time on/);
  await confirmation.getByRole('button', { name: 'I have a promotion code' }).click();
  await confirmation.getByRole('textbox', { name: 'Promotion code' }).fill('WELCOME10');
  await confirmation.getByRole('button', { name: 'Apply' }).click();
  const dollars = (amount: number) => (amount / 100).toFixed(2);
  const discount = Math.round(charge / 10);
  await expect(
    confirmation.getByRole('row', { name: `Discount (WELCOME10) -$${dollars(discount)}` }),
  ).toBeVisible();
  await expect(
    confirmation.getByRole('row', { name: `Total $${dollars(subtotal - discount)}` }),
  ).toBeVisible();

  await confirmation.getByRole('button', { name: 'Start Pro' }).click();
  await expect(dialog(page).getByText('Your team is now on Spark Pro (annual subscription).')).toBeVisible();
  await dialog(page).getByRole('button', { name: 'Ok' }).click();
  // The invoice of the change is the newest, for the discounted amount.
  const invoices = page.getByRole('table', { name: 'Invoices' });
  await expect(invoices.getByRole('row').nth(1)).toContainText(`$${dollars(subtotal - discount)}`);
});

test('a VAT number typed without its prefix is saved normalised for the country (GR as EL)', async ({
  page,
}) => {
  await billingDetails(page).getByRole('button', { name: 'Edit Billing Details' }).click();
  const form = dialog(page);
  await expect(form.getByRole('heading', { name: 'Billing Details 1 of 1' })).toBeVisible();
  await form.getByRole('combobox', { name: 'Country' }).click();
  await form.getByRole('combobox', { name: 'Country' }).fill('Greece');
  await page.getByRole('option', { name: 'Greece' }).click();
  await form.getByRole('textbox', { name: 'City' }).fill('Athens');
  await form.getByRole('textbox', { name: 'ZIP / Postal Code' }).fill('105 57');
  await form.getByRole('textbox', { name: 'VAT Number' }).fill(' 094 259 216 ');
  await form.getByRole('button', { name: 'Update Details' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(billingDetails(page)).toContainText('VAT Number: EL094259216');
  await expect(billingDetails(page)).toContainText('Greece');
});

test('the VAT number is asked only in EU countries, and a US address needs a state from the list', async ({
  page,
}) => {
  await billingDetails(page).getByRole('button', { name: 'Edit Billing Details' }).click();
  const form = dialog(page);
  await expect(form.getByRole('textbox', { name: 'VAT Number' })).toBeVisible();
  await form.getByRole('combobox', { name: 'Country' }).click();
  await form.getByRole('combobox', { name: 'Country' }).fill('United States');
  await page.getByRole('option', { name: 'United States of America', exact: true }).click();
  await expect(form.getByRole('textbox', { name: 'VAT Number' })).toHaveCount(0);
  await form.getByRole('button', { name: 'Update Details' }).click();
  await expect(form.getByText('State must not be empty')).toBeVisible();

  await form.getByRole('combobox', { name: 'State' }).click();
  await form.getByRole('combobox', { name: 'State' }).fill('New York');
  await page.getByRole('option', { name: 'New York', exact: true }).click();
  await form.getByRole('textbox', { name: 'City' }).fill('New York');
  await form.getByRole('button', { name: 'Update Details' }).click();
  await expect(dialog(page)).toHaveCount(0);
  await expect(billingDetails(page)).toContainText('New York');
  await expect(billingDetails(page)).not.toContainText('VAT Number');
});

test('on a narrow screen the card field takes the focus by itself; on a wide one it does not', async ({
  page,
}) => {
  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  const cardNumber = dialog(page).getByRole('textbox', { name: 'Card number' });
  await expect(cardNumber).toBeVisible();
  await expect(cardNumber).not.toBeFocused();
  await dialog(page).getByRole('button', { name: 'Close' }).click();

  await page.setViewportSize({ width: 375, height: 740 });
  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Card number' })).toBeFocused();
});

test('Stripe.js is fetched only when a card form opens, never with the billing page', async ({ page }) => {
  const stripeRequests: string[] = [];
  page.on('request', (request) => {
    const url = request.url();
    if (/stripe\.com|\/sandbox\/stripe\/js\/|card-step|stripe-[\w-]+\.js/.test(url)) stripeRequests.push(url);
  });
  await page.reload();
  await expect(page.getByRole('region', { name: 'Payment details' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Back' }).click();
  expect(stripeRequests).toEqual([]);

  await paymentDetails(page).getByRole('button', { name: 'Edit' }).click();
  await expect(dialog(page).getByRole('textbox', { name: 'Card number' })).toBeVisible();
  expect(stripeRequests.some((url) => url.includes('/sandbox/stripe/js/v3.js'))).toBe(true);
  expect(stripeRequests.some((url) => url.includes('js.stripe.com'))).toBe(false);
});
