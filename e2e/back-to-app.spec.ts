import { expect, test } from '@playwright/test';
import { redirectLink } from './support/cli';

// /back-to-app?key=: a one-time key made with `cli redirect-key` (as the app-started checkout makes
// them) sends the browser where the server says, once; a bad or used key says so.

test('a good key leads to its console path, once', async ({ page }) => {
  const link = await redirectLink('/login');
  expect(link).toMatch(/\/back-to-app\?key=[\w-]{43}$/);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Session expired')).toBeVisible();

  await page.goto(link);
  await expect(page.getByText('Redirect key is invalid.')).toBeVisible();
});

test('a key to the app says it is redirecting back to Spark', async ({ page }) => {
  // Nothing in this browser handles the app's scheme, so the page stays and keeps saying so.
  await page.goto(await redirectLink('readdle-spark://checkout?result=success&mode=checkout'));
  await expect(page.getByText('Redirecting back to Spark...')).toBeVisible();
});

test('a bad key: Redirect key is invalid.', async ({ page }) => {
  await page.goto('/back-to-app?key=nonsense');
  await expect(page.getByText('Redirect key is invalid.')).toBeVisible();
  await page.goto(`/back-to-app?key=${'C'.repeat(43)}`);
  await expect(page.getByText('Redirect key is invalid.')).toBeVisible();
});

test('an answer leading elsewhere is not followed: Unknown error.', async ({ page }) => {
  await page.route('**/api/v1/redirects/**', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ url: 'https://evil.test/' }) }),
  );
  await page.goto(`/back-to-app?key=${'D'.repeat(43)}`);
  await expect(page.getByText('Unknown error.')).toBeVisible();
  expect(page.url()).toContain('/back-to-app');
});
