import { expect, type Page, test } from '@playwright/test';
import { loginUrl, seedReset } from './support/cli';

// Every test here changes teams: each starts from freshly seeded demo data.
test.beforeEach(async () => {
  await seedReset();
});

async function openOverview(page: Page, email: string, team: string) {
  await page.goto(await loginUrl(email, team));
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  return page.getByRole('region', { name: 'Team details' });
}

test('Olivia renames Acme Inc and sees the new name in the team selector', async ({ page }) => {
  const details = await openOverview(page, 'olivia@acme.test', 'Acme Inc');
  await details.getByRole('button', { name: 'Edit team name' }).click();
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Acme Worldwide');
  await details.getByRole('button', { name: 'Save' }).click();

  await expect(details.getByRole('heading', { name: 'Acme Worldwide' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Acme Worldwide/ })).toBeVisible();
  // The server kept it: a reload shows it too.
  await page.reload();
  await expect(
    page.getByRole('region', { name: 'Team details' }).getByRole('heading', { name: 'Acme Worldwide' }),
  ).toBeVisible();
});

test('an empty team name is refused under the field', async ({ page }) => {
  const details = await openOverview(page, 'olivia@acme.test', 'Acme Inc');
  await details.getByRole('button', { name: 'Edit team name' }).click();
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('   ');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByText('must not be empty')).toBeVisible();
});

test('a rename the server refuses rolls back and says why', async ({ page }) => {
  const details = await openOverview(page, 'olivia@acme.test', 'Acme Inc');
  await page.route('**/api/v1/collab/teams/*', async (route) => {
    if (route.request().method() !== 'PUT') return route.fallback();
    await route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({
        errorCode: 1700,
        errorMessage: 'You are not allowed to do this',
        errorData: null,
      }),
    });
  });
  await details.getByRole('button', { name: 'Edit team name' }).click();
  await details.getByRole('textbox', { name: 'Name', exact: true }).fill('Never Saved');
  await details.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'You are not allowed to do this' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Acme Inc' })).toBeVisible();
  await expect(details.getByRole('heading', { name: 'Never Saved' })).toHaveCount(0);
});

test('deleting Basic Bakery as Bella needs the exact team name', async ({ page }) => {
  await openOverview(page, 'bella@bakery.test', 'Basic Bakery');
  await page.getByRole('button', { name: 'Delete team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete team' });
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('basic bakery');
  await dialog.getByRole('button', { name: 'Delete team' }).click();
  await expect(dialog.getByText('is incorrect')).toBeVisible();

  await dialog.getByRole('textbox', { name: 'Team name' }).fill('Basic Bakery');
  await dialog.getByRole('button', { name: 'Delete team' }).click();
  await expect(page.getByText('Team was successfully deleted')).toBeVisible();
  await expect(page).not.toHaveURL(/\/teams\//);
});

test('a premium team cannot be deleted and the owner cannot leave', async ({ page }) => {
  await openOverview(page, 'olivia@acme.test', 'Acme Inc');
  await expect(page.getByRole('button', { name: 'Delete team' })).toBeDisabled();
  await expect(
    page.getByText('To delete your Premium Team, please cancel your subscription first'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Leave team' })).toHaveCount(0);
});

test('a member sees the trial countdown, no owner controls, and can leave', async ({ page }) => {
  const details = await openOverview(page, 'olivia@acme.test', 'Trial Tech');
  await expect(details.getByText(/^Trial ends in \d+ days$/)).toBeVisible();
  await expect(details.getByRole('button', { name: 'Edit team name' })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Admins Can' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Leave team' }).click();
  const dialog = page.getByRole('dialog', { name: 'Leave team' });
  await dialog.getByRole('textbox', { name: 'Team name' }).fill('Trial Tech');
  await dialog.getByRole('button', { name: 'Leave team' }).click();
  await expect(page.getByText('You have successfully left the team')).toBeVisible();
});
