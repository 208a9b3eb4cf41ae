import { expect, type Page, test } from '@playwright/test';
import { loginUrl, seedReset } from './support/cli';
import { signInAt } from './support/screens';

// The event stream viewer: staff watch the global stream live; a rename made by an owner in another
// browser shows up as a row; anyone else gets a clear message and no data.

test.beforeEach(async () => {
  await seedReset();
});

async function signIn(page: Page, email: string, team?: string) {
  await page.goto(await loginUrl(email, team));
  await expect(page).not.toHaveURL(/\/login\?/);
}

test('staff see a rename made in another browser appear in the global stream', async ({ page, browser }) => {
  await signInAt(page, { email: 'staff@spark.test' }, '/debug-es');
  await expect(page.getByRole('heading', { name: 'Event stream' })).toBeVisible();
  await expect(page.getByLabel('Stream')).toHaveValue('global');
  await page.getByLabel('Lookbehind (minutes)').selectOption('1');
  const table = page.getByRole('table', { name: 'Events' });
  await expect(table).toBeVisible();

  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'olivia@acme.test', 'Acme Inc');
  const details = owner.getByRole('region', { name: 'Team details' });
  await details.getByRole('button', { name: 'Edit team name' }).click();
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Streamed');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByRole('heading', { name: 'Acme Streamed' })).toBeVisible();

  const row = table.getByRole('row').filter({ hasText: 'team.renamed' }).filter({ hasText: 'Acme Streamed' });
  await expect(row).toBeVisible();
  // The data expands to the whole event.
  await row.getByText(/"to":"Acme Streamed"/).click();
  await expect(row.getByText(/"from": "Acme Inc"/)).toBeVisible();
});

test('someone who is not staff sees a clear message and no events', async ({ page }) => {
  await signInAt(page, { email: 'olivia@acme.test', team: 'Acme Inc' }, '/debug-es');
  await expect(page.getByText('This page is only for Spark staff.')).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('staff find both internal pages from home, which has no team for them', async ({ page }) => {
  await page.goto(await loginUrl('staff@spark.test'));
  await expect(page.getByText('Pick a team to start')).toBeVisible();
  const staffPages = page.getByRole('navigation', { name: 'Staff pages' });
  await staffPages.getByRole('link', { name: 'Event stream' }).click();
  await expect(page).toHaveURL(/\/debug-es$/);
  await expect(page.getByRole('heading', { name: 'Event stream' })).toBeVisible();
  await page.goBack();
  await staffPages.getByRole('link', { name: 'Upload a public file' }).click();
  await expect(page).toHaveURL(/\/public-files\/upload$/);
});

test('home offers no staff pages to an account that is not staff', async ({ page }) => {
  // Sam Solo has no team either, so he stays on home as staff do.
  await page.goto(await loginUrl('solo@example.test'));
  await expect(page.getByText('Pick a team to start')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create a team' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Staff pages' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Event stream' })).toHaveCount(0);
});

test('on a 390 px phone the event table scrolls in its own box and the page keeps the screen width', async ({
  page,
  browser,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAt(page, { email: 'staff@spark.test' }, '/debug-es');
  await page.getByLabel('Lookbehind (minutes)').selectOption('1');
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, 'olivia@acme.test', 'Acme Inc');
  const details = owner.getByRole('region', { name: 'Team details' });
  await details.getByRole('button', { name: 'Edit team name' }).click();
  await details
    .getByRole('textbox', { name: 'Name', exact: true })
    .fill('Acme With A Rather Long Name For Phones');
  await details.getByRole('button', { name: 'Save' }).click();

  const table = page.getByRole('table', { name: 'Events' });
  await expect(table.getByRole('row').filter({ hasText: 'team.renamed' })).toBeVisible();
  const widths = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  // The rows are wider than the phone: they scroll inside the box rather than widening the page.
  const region = page.getByRole('region', { name: 'Events table' });
  expect(await region.evaluate((box) => box.scrollWidth > box.clientWidth)).toBe(true);
  const box = await region.boundingBox();
  expect(box && box.x + box.width).toBeLessThanOrEqual(390);
});
