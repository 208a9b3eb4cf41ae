// Paddle's overlay checkout as the Paddle.js stand-in shows it (server/sandbox/paddle/browser): a
// dialog 'Paddle checkout' framing the sandbox's checkout page; and Basic Bakery switched to Paddle.
import { expect, type FrameLocator, type Page } from '@playwright/test';
import { openBilling } from './billing';

export const overlay = (page: Page) => page.getByRole('dialog', { name: 'Paddle checkout' });
export const checkout = (page: Page): FrameLocator => page.frameLocator('iframe[title="Paddle checkout"]');
export const providerSwitch = (page: Page) => page.getByRole('group', { name: 'Payment provider' });

/** The overlay's address step, then the card, then Pay. */
export async function payInOverlay(page: Page, number: string): Promise<void> {
  const frame = checkout(page);
  await expect(frame.getByLabel('Email')).toHaveValue('bella@bakery.test', { timeout: 15_000 });
  await frame.getByLabel('Country').selectOption('DE');
  await frame.getByLabel('Postcode').fill('10115');
  await frame.getByRole('button', { name: 'Continue' }).click();
  await payWithCard(page, number);
}

/** Another card in the overlay's card form, then Pay. */
export async function payWithCard(page: Page, number: string): Promise<void> {
  const frame = checkout(page);
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration').fill('1234');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('Cardholder name').fill('Bella Baker');
  await frame.getByRole('button', { name: /^Pay / }).click();
}

/** Fresh demo data, Bella on Basic Bakery's billing page, 'switch to Paddle' clicked. */
export async function openBakeryOnPaddle(page: Page): Promise<void> {
  await openBilling(page, 'bella@bakery.test', 'Basic Bakery');
  await expect(providerSwitch(page)).toContainText('Current payment provider: Stripe');
  const paddleReads = page.waitForResponse((response) => response.url().includes('/billing-paddle/payments'));
  await providerSwitch(page).getByRole('button', { name: 'switch to Paddle' }).click();
  await paddleReads;
  await expect(page).toHaveURL(/[?&]provider=paddle/);
  await expect(providerSwitch(page)).toContainText('Current payment provider: Paddle');
}

/** Fresh demo data, Pat on Paddle Press's billing page (Plus monthly on Paddle). */
export const openPressBilling = (page: Page) => openBilling(page, 'pat@press.test', 'Paddle Press');
