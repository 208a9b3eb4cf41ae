import { expect, test } from '@playwright/test';

test('an unknown path shows Page not found inside the public layout', async ({ page }) => {
  await page.goto('/no/such/page');

  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
  await expect(page).toHaveTitle('Spark Teams Console');

  const getSpark = page.getByRole('link', { name: 'Get Spark' });
  await expect(getSpark).toBeVisible();
  const getSparkUrl = new URL((await getSpark.getAttribute('href')) ?? '');
  expect(getSparkUrl.searchParams.get('from')).toBe('not-found');

  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Terms of Service' })).toBeVisible();
  await expect(footer.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
  await expect(footer.getByText(`© ${new Date().getFullYear()} Spark`)).toBeVisible();
});

test('the link home leaves the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await page.getByRole('link', { name: 'Go to the home page' }).click();
  await expect(page).not.toHaveURL(/\/no\/such\/page$/);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toHaveCount(0);
});
