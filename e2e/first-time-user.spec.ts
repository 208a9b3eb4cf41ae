// Issue 15: what a first-time user trips over on the team screens, one test per point, through the
// real server. Phone points run at 390 px as a touch screen; sizes are measured from the page.
import { type Browser, type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { loginUrl, seedReset } from './support/cli';
import { watchMailDrafts } from './support/mail-drafts';
import { signInByLink } from './support/sign-in';

test.beforeEach(async () => {
  await seedReset();
});

/** The team-user ref a login link lands on: `{tid}-{uid}`. */
async function refOf(email: string, team: string): Promise<string> {
  const url = new URL(await loginUrl(email, team));
  return `${url.searchParams.get('team_id')}-${url.searchParams.get('user_id')}`;
}

async function signIn(page: Page, email: string, team = 'Acme Inc') {
  await signInByLink(page, email, team);
}

async function openMembers(page: Page, email: string, team = 'Acme Inc') {
  await signIn(page, email, team);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/users$/);
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

async function menuEntries(page: Page, list: Locator, name: string): Promise<string[]> {
  await list.getByRole('button', { name: `Actions for ${name}` }).click();
  const items = page.getByRole('menu').getByRole('menuitem');
  await expect(items.first()).toBeVisible();
  const texts = await items.allTextContents();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);
  return texts;
}

async function phone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  return { context, page: await context.newPage() };
}

async function heightOf(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.height;
}

test("1. a teammate's shared link opens the same page under the user's own id; a non-member is told", async ({
  page,
}) => {
  const oliviaRef = await refOf('olivia@acme.test', 'Acme Inc');
  const miaRef = await refOf('mia@acme.test', 'Acme Inc');
  await signIn(page, 'mia@acme.test');
  const before = await page.evaluate(() => history.length);

  await page.goto(`/teams/${oliviaRef}/users?filter=pending`);
  await expect(page).toHaveURL(`/teams/${miaRef}/users?filter=pending`);
  await expect(page.getByRole('list', { name: 'Members' })).toBeVisible();
  await expect(page.getByText('You are not a member of this team')).toHaveCount(0);
  // Replaced: the teammate's address left no entry of its own.
  expect(await page.evaluate(() => history.length)).toBe(before + 1);
  await page.goBack();
  await expect(page).toHaveURL(`/teams/${miaRef}/overview`);

  // Bella is in no team of Acme's: she is told.
  await signIn(page, 'bella@bakery.test', 'Basic Bakery');
  await page.goto(`/teams/${oliviaRef}/users`);
  await expect(page.getByText('You are not a member of this team')).toBeVisible();
  await expect(page).toHaveURL(`/teams/${oliviaRef}/users`);
});

test('2. only addresses actually invited get the flash and the draft; skipped and bad ones are named', async ({
  page,
}) => {
  await openMembers(page, 'olivia@acme.test');
  const drafts = await watchMailDrafts(page);
  const invite = page.getByRole('textbox', { name: 'Invite people' });

  // Everyone already there: no flash, no draft, the reasons beside the field.
  await invite.fill('mia@acme.test, paula@acme.test');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(
    page.getByText('Not invited: mia@acme.test (already a member), paula@acme.test (already invited)'),
  ).toBeVisible();
  await expect(page.getByText('Invitation was sent')).toHaveCount(0);

  // One new, one member: the flash, and a draft to the new one only.
  await invite.fill('pete@acme.test, mia@acme.test');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Invitation was sent')).toBeVisible();
  const text = await drafts.next();
  expect(text).toContain('mailto:pete@acme.test?');
  expect(text).not.toContain('mia@acme.test');
  expect(drafts.all).toHaveLength(1);
  await expect(page.getByText('Not invited: mia@acme.test (already a member)')).toBeVisible();

  // A bad address in a list is named.
  await invite.fill('quinn@acme.test, not-an-address');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Email is invalid: not-an-address')).toBeVisible();
});

test("3. rename, Team Signup and Admins Can each say 'Saved' where the change was made, to screen readers too", async ({
  page,
}) => {
  await signIn(page, 'olivia@acme.test');
  const details = page.getByRole('region', { name: 'Team details' });
  await details.getByRole('button', { name: 'Edit team name' }).click();
  await details.getByRole('textbox', { name: 'Name' }).fill('Acme Corp');
  await details.getByRole('button', { name: 'Save' }).click();
  await expect(details.getByRole('heading', { name: 'Acme Corp' })).toBeVisible();
  await expect(details.getByRole('status').filter({ hasText: 'Saved' })).toBeVisible();

  const signup = page.getByRole('radiogroup', { name: 'Team Signup' });
  await signup.getByRole('radio', { name: 'Invitation only' }).check();
  await expect(signup.getByRole('status')).toHaveText('Saved');

  const admins = page.getByRole('group', { name: 'Admins Can' });
  await admins.getByRole('switch', { name: 'Delete users' }).check();
  await expect(admins.getByRole('status')).toHaveText('Saved');
  // The Team Signup note has gone quiet: only the last change speaks.
  await expect(signup.getByRole('status')).toHaveText('');
  // A moment later the note goes.
  await expect(admins.getByRole('status')).toHaveText('', { timeout: 6_000 });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Delete users' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Invitation only' })).toBeChecked();
});

test('4. each row offers what makes sense for its status; a pending invitation is cancelled', async ({
  page,
}) => {
  const list = await openMembers(page, 'olivia@acme.test');
  expect(await menuEntries(page, list, 'paula@acme.test')).toEqual([
    'Resend invitation',
    'Cancel invitation',
    'Make admin',
  ]);
  expect(await menuEntries(page, list, 'Ben Banned')).toEqual(['Activate', 'Delete']);
  expect(await menuEntries(page, list, 'Mia Member')).toEqual(['Make admin', 'Deactivate', 'Delete']);

  await list.getByRole('button', { name: 'Actions for paula@acme.test' }).click();
  await page.getByRole('menuitem', { name: 'Cancel invitation' }).click();
  await expect(list.getByRole('listitem', { name: 'paula@acme.test' })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem').first()).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'paula@acme.test' }),
  ).toHaveCount(0);
});

test('5. the user menu shows who is signed in and logs out, here and in other tabs', async ({ context }) => {
  const page = await context.newPage();
  await signIn(page, 'olivia@acme.test');
  // One address for all of Olivia's teams: the selector does not repeat it.
  await expect(page.getByRole('button', { name: 'Account' })).toContainText('olivia@acme.test');
  await page.getByRole('button', { name: /Acme Inc/ }).click();
  const options = page.getByRole('listbox').getByRole('option');
  // Acme Inc, Basic Bakery, Paddle Press and Trial Tech.
  await expect(options).toHaveCount(4);
  await expect(page.getByRole('listbox')).not.toContainText('olivia@acme.test');
  await page.keyboard.press('Escape');

  const other = await context.newPage();
  await other.goto(page.url());
  await expect(other.getByRole('navigation', { name: 'Team' })).toBeVisible();

  await page.getByRole('button', { name: 'Account' }).click();
  await expect(page.getByRole('menu')).toContainText('olivia@acme.test');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('link', { name: 'Log In with Spark' })).toBeVisible();
  expect(await page.evaluate(() => Object.keys(localStorage).filter((key) => key.includes('spark')))).toEqual(
    [],
  );

  // The other tab follows to sign-in.
  await expect(other).toHaveURL(/\/auth\/session-expired\?goto=/);
  await expect(other.getByRole('navigation', { name: 'Team' })).toHaveCount(0);

  // Home has the menu too.
  await signIn(page, 'olivia@acme.test');
  await page.goto('/?goto=%2F');
  await expect(page.getByRole('button', { name: 'Account' })).toBeVisible();
});

test('6. on a 390 px touch screen: the nav in view, 44 px targets, wrapped invitee addresses, full-width name field', async ({
  browser,
}) => {
  const { context, page } = await phone(browser);
  await signIn(page, 'olivia@acme.test');

  // The nav's entries stand in two columns: every one in view, none scrolled away (issue 21).
  const nav = page.getByRole('navigation', { name: 'Team' });
  await expect(nav.getByRole('link', { name: 'Talk to Customer Success' })).toBeVisible();
  for (const link of await nav.getByRole('link').all()) {
    const box = await link.boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  }
  await expect(page.locator('button[data-side="after"]')).toHaveCount(0);
  for (const link of await nav.getByRole('link').all())
    expect(await heightOf(link)).toBeGreaterThanOrEqual(44);

  // The rename field takes the card's width.
  const details = page.getByRole('region', { name: 'Team details' });
  expect(await heightOf(details.getByRole('button', { name: 'Edit team name' }))).toBeGreaterThanOrEqual(44);
  await details.getByRole('button', { name: 'Edit team name' }).click();
  const field = details.getByRole('textbox', { name: 'Name' });
  const fieldBox = await field.boundingBox();
  const cardBox = await details.boundingBox();
  expect(fieldBox && cardBox && fieldBox.width / cardBox.width).toBeGreaterThan(0.75);
  await page.keyboard.press('Escape');

  // Members: a long invitee address wraps whole; menu and banner buttons take a fingertip.
  await nav.getByRole('link', { name: 'Members' }).click();
  const long = 'alexandra.montgomery@design.acme.test';
  await page.getByRole('textbox', { name: 'Invite people' }).fill(long);
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const list = page.getByRole('list', { name: 'Members' });
  const row = list.getByRole('listitem', { name: long });
  await expect(row).toBeVisible();
  const name = row.getByText(long, { exact: true });
  const clipped = await name.evaluate(
    (element) =>
      element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1,
  );
  expect(clipped).toBe(false);
  expect(await heightOf(name)).toBeGreaterThan(20); // more than one line

  for (const button of await list.getByRole('button', { name: /^Actions for/ }).all()) {
    const box = await button.boundingBox();
    expect(box?.width).toBeGreaterThanOrEqual(44);
    expect(box?.height).toBeGreaterThanOrEqual(44);
  }
  const banner = page.getByRole('region', { name: 'Pending invitations' });
  for (const label of ['Resend all', 'Cancel all']) {
    expect(await heightOf(banner.getByRole('button', { name: label }))).toBeGreaterThanOrEqual(44);
  }
  expect(await heightOf(page.getByRole('button', { name: 'Account' }))).toBeGreaterThanOrEqual(44);
  await context.close();
});

test('7. the filter and the search live in the address: reload, back and shared links keep them', async ({
  page,
}) => {
  const list = await openMembers(page, 'olivia@acme.test');
  await page.getByText('Pending only', { exact: true }).click();
  await expect(page).toHaveURL(/\/users\?filter=pending$/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('radio', { name: 'Pending only' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(1);

  await page.getByText('Everyone', { exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search members' }).fill('ADAM');
  await expect(page).toHaveURL(/\/users\?search=ADAM$/);
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem', { name: 'Adam Admin' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search members' }).fill('acme.test');
  await page.getByText('Admins only', { exact: true }).click();
  await expect(page).toHaveURL(/\/users\?search=acme.test&filter=admins$/);
  await expect(list.getByRole('listitem')).toHaveCount(2);

  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Overview' }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await page.goBack();
  await expect(page.getByRole('searchbox', { name: 'Search members' })).toHaveValue('acme.test');
  await expect(page.getByRole('radio', { name: 'Admins only' })).toBeChecked();
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);

  // A shared link, opened by a teammate.
  const shared = page.url();
  await signIn(page, 'adam@acme.test');
  await page.goto(shared);
  await expect(page.getByRole('searchbox', { name: 'Search members' })).toHaveValue('acme.test');
  await expect(page.getByRole('list', { name: 'Members' }).getByRole('listitem')).toHaveCount(2);
});

test('8. the pending-invitations banner is for those who can resend or cancel', async ({ page }) => {
  await openMembers(page, 'mia@acme.test');
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'paula@acme.test' }),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toHaveCount(0);
  await expect(page.getByText('1 invitation is pending')).toHaveCount(0);

  await openMembers(page, 'adam@acme.test');
  await expect(page.getByRole('region', { name: 'Pending invitations' })).toContainText(
    '1 invitation is pending',
  );
});

test('9. a basic-plan owner reads that Team Signup and Admins Can come with a paid plan, with Upgrade', async ({
  page,
}) => {
  await signIn(page, 'bella@bakery.test', 'Basic Bakery');
  const line = page.getByText('Team Signup and Admins Can come with a paid plan.');
  await expect(line).toBeVisible();
  await expect(page.getByRole('group', { name: 'Admins Can' })).toHaveCount(0);
  await line.getByRole('link', { name: 'Upgrade' }).click();
  await expect(page).toHaveURL(/\/billing$/);

  // A member of the same team sees no such line: it is not theirs to change.
  await signIn(page, 'olivia@acme.test', 'Basic Bakery');
  await expect(page.getByText(/come with a paid plan/)).toHaveCount(0);
});

test('10. a person with no team is offered a new team and their profile', async ({ page }) => {
  await page.goto(await loginUrl('solo@example.test'));
  await expect(page.getByText('No teams available')).toBeVisible();
  const create = page.getByRole('link', { name: 'Create a team' });
  await expect(page.getByRole('link', { name: 'Your profile and plan' })).toHaveAttribute('href', '/profile');
  await expect(page.getByRole('button', { name: 'Account' })).toContainText('solo@example.test');
  await create.click();
  await expect(page).toHaveURL(/\/web-login$/);
  // The web sign-up.
  await expect(page.getByRole('heading', { name: 'Welcome to Spark for Teams' })).toBeVisible();
});

test('11. Overview counts active members, the Members page everyone listed, each labelled', async ({
  page,
}) => {
  await signIn(page, 'olivia@acme.test');
  const facts = page.getByRole('region', { name: 'Team details' });
  await expect(facts.getByText('Active members')).toBeVisible();
  await expect(facts.getByText('Active members').locator('xpath=following-sibling::dd')).toHaveText('3');
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(page.getByText('5 people')).toBeVisible();
});
