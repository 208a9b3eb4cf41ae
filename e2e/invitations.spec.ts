import { type Browser, expect, type Page, test } from '@playwright/test';
import { cli, loginUrl, seedReset } from './support/cli';

// An owner invites someone in the console; the invited person opens the link from the mail (read
// from the local outbox), the console accepts it, then opens the app and, for a new account, the
// download page; the owner then sees them as a member.

test.beforeEach(async () => {
  await seedReset();
});

/** The acceptance link of the newest mail to this address, from `cli outbox`. */
async function invitationLink(email: string): Promise<string> {
  const lines = (await cli('outbox')).split('\n');
  const at = lines.findIndex((line) => line.includes(email));
  const link = lines[at + 1]?.trim() ?? '';
  expect(link).toMatch(/\/accept-invitation\?key=[\w-]{43}$/);
  return link;
}

async function inviteFromConsole(page: Page, email: string) {
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await page.getByRole('textbox', { name: 'Invite people' }).fill(email);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Invitation was sent')).toBeVisible();
}

/** A browser of someone who was never signed in; the download site is answered locally. */
async function visitorPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.route('https://sparkmailapp.com/**', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Get Spark</h1>' }),
  );
  return page;
}

test('an invited person with no account accepts; the app, then the download page; then a member', async ({
  page,
  browser,
}) => {
  const email = 'newbie@example.test';
  await inviteFromConsole(page, email);
  const link = await invitationLink(email);

  const visitor = await visitorPage(browser);
  await visitor.goto(link);
  await expect(visitor.getByText('Invitation accepted. Welcome to the "Acme Inc" team.')).toBeVisible();
  // After the spec's 5 s the app's URL scheme is tried (nothing here handles it), then the download page.
  await expect(visitor).toHaveURL(/^https:\/\/sparkmailapp\.com\/teams\?from=accept-invitation$/, {
    timeout: 15_000,
  });

  // The owner sees the new member, no longer pending.
  await page.reload();
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem', { name: email })).toBeVisible();
  await page.getByText('Pending only', { exact: true }).click();
  await expect(list.getByRole('listitem', { name: email })).toHaveCount(0);

  // The link works once.
  const again = await visitorPage(browser);
  await again.goto(link);
  await expect(again.getByText('Invitation link is expired or invalid.')).toBeVisible();
});

test('a malformed, unknown or cancelled key says the link is expired or invalid', async ({
  page,
  browser,
}) => {
  const visitor = await visitorPage(browser);
  await visitor.goto('/accept-invitation?key=not-a-key');
  await expect(visitor.getByText('Invitation link is expired or invalid.')).toBeVisible();
  await visitor.goto(`/accept-invitation?key=${'A'.repeat(43)}`);
  await expect(visitor.getByText('Invitation link is expired or invalid.')).toBeVisible();

  // An invitation the owner cancelled before it was opened.
  const email = 'cancelled@example.test';
  await inviteFromConsole(page, email);
  const link = await invitationLink(email);
  const list = page.getByRole('list', { name: 'Members' });
  await list.getByRole('button', { name: `Actions for ${email}` }).click();
  await page.getByRole('menuitem', { name: 'Cancel invitation' }).click();
  await expect(list.getByRole('listitem', { name: email })).toHaveCount(0);
  await visitor.goto(link);
  await expect(visitor.getByText('Invitation link is expired or invalid.')).toBeVisible();
});

test('any other failure: Unknown error, and how to go on', async ({ browser }) => {
  const visitor = await visitorPage(browser);
  await visitor.route('**/api/v1/teams/join/**', (route) =>
    route.fulfill({
      status: 403,
      contentType: 'application/json',
      body: JSON.stringify({ errorCode: 1700, errorMessage: 'Permission denied', errorData: null }),
    }),
  );
  await visitor.goto(`/accept-invitation?key=${'B'.repeat(43)}`);
  await expect(visitor.getByText('Unknown error.')).toBeVisible();
  await expect(visitor.getByText('Please return to Spark manually.')).toBeVisible();
});
