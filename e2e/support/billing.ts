// The billing page as an owner sees it, for the billing browser tests: sign in, open the page, type a
// card into the sandbox's Stripe.js card field, read flashes.
import { expect, type Page } from '@playwright/test';
import { loginUrl, seedReset } from './cli';

export const CARDS = {
  good: '5555555555554444',
  declined: '4000000000000002',
  insufficientFunds: '4000000000009995',
  threeDSecure: '4000002500003155',
} as const;

/** Fresh demo data, Olivia signed in, on Acme Inc's billing page. */
export const openAcmeBilling = (page: Page) => openBilling(page, 'olivia@acme.test', 'Acme Inc');

/**
 * Fresh demo data, a team's owner signed in, on the team's billing page. The link's token goes on the
 * billing address itself, as a link from the app carries it (auth, then back to the page): one
 * console start instead of two (the overview's, then the billing page's).
 */
export async function openBilling(page: Page, email: string, team: string): Promise<void> {
  await seedReset();
  const link = new URL(await loginUrl(email, team));
  const ref = `${link.searchParams.get('team_id')}-${link.searchParams.get('user_id')}`;
  const token = encodeURIComponent(link.searchParams.get('token') ?? '');
  await page.goto(`/teams/${ref}/billing?token=${token}`);
  await expect(page).toHaveURL(new RegExp(`/teams/${ref}/billing$`));
  await expect(page.getByRole('region', { name: 'Plan and subscription' })).toBeVisible();
}

export const dialog = (page: Page) => page.getByRole('dialog');

/** Types a card into the card field (number, expiry, CVC) and presses the step's button. */
export async function submitCard(page: Page, number: string, button = 'Update Card'): Promise<void> {
  const card = dialog(page).getByRole('group', { name: 'Card details' });
  await card.getByRole('textbox', { name: 'Card number' }).fill(number);
  await card.getByRole('textbox', { name: 'Expiration' }).fill('12 / 34');
  await card.getByRole('textbox', { name: 'CVC' }).fill('123');
  await dialog(page).getByRole('button', { name: button }).click();
}

export const dangerFlash = (page: Page) => page.getByRole('alert').filter({ hasNotText: /^$/ });
export const statusFlash = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

/** Cancels Acme's subscription through the Cancel dialog and the survey. */
export async function cancelThroughSurvey(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Cancel subscription', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Cancel Subscription', exact: true }).click();
  await dialog(page).getByRole('button', { name: 'Too expensive' }).click();
  await expect(statusFlash(page, 'Subscription was cancelled')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Renew' })).toBeVisible();
}
