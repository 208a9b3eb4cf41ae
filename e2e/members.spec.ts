import { expect, type Page, test } from '@playwright/test';
import { cli, loginUrl, seedReset } from './support/cli';
import { watchMailDrafts } from './support/mail-drafts';

// Every test here may change the team: each starts from freshly seeded demo data.
test.beforeEach(async () => {
  await seedReset();
});

async function openMembers(page: Page, email: string, team = 'Acme Inc') {
  await page.goto(await loginUrl(email, team));
  await expect(page).toHaveURL(/\/overview$/);
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/users$/);
  const list = page.getByRole('list', { name: 'Members' });
  await expect(list.getByRole('listitem').first()).toBeVisible();
  return list;
}

test('Ben is listed as Inactive, and Pending only shows Paula', async ({ page }) => {
  const list = await openMembers(page, 'olivia@acme.test');
  await expect(list.getByRole('listitem', { name: 'Ben Banned' }).getByText('Inactive')).toBeVisible();
  // Not banned first: Ben comes last.
  await expect(list.getByRole('listitem').last()).toHaveAccessibleName('Ben Banned');

  await page.getByText('Pending only', { exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem', { name: 'paula@acme.test' })).toBeVisible();

  await page.getByText('Admins only', { exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('listitem', { name: 'Olivia Owens' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'Adam Admin' })).toBeVisible();
});

test('Adam, an admin, makes Mia an admin', async ({ page }) => {
  const list = await openMembers(page, 'adam@acme.test');
  await expect(list.getByRole('button', { name: 'Actions for Olivia Owens' })).toHaveCount(0);
  // Nothing to do on his own row: an admin leaves instead (docs/decisions/007).
  await expect(list.getByRole('listitem', { name: 'Adam Admin' })).toBeVisible();
  await expect(list.getByRole('button', { name: 'Actions for Adam Admin' })).toHaveCount(0);
  await list.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await page.getByRole('menuitem', { name: 'Make admin' }).click();
  const mia = list.getByRole('listitem', { name: 'Mia Member' });
  await expect(mia.getByText('Admin', { exact: true })).toBeVisible();

  await page.reload();
  await expect(
    page
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem', { name: 'Mia Member' })
      .getByText('Admin', { exact: true }),
  ).toBeVisible();
});

test('Mia, a member, sees no actions and no invite form', async ({ page }) => {
  const list = await openMembers(page, 'mia@acme.test');
  await expect(list.getByRole('listitem', { name: 'Adam Admin' })).toBeVisible();
  await expect(list.getByRole('button', { name: /^Actions for/ })).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Invite people' })).toHaveCount(0);
});

test('Olivia invites two people; a bad address is refused with is invalid', async ({ page }) => {
  const list = await openMembers(page, 'olivia@acme.test');
  const invite = page.getByRole('textbox', { name: 'Invite people' });

  await invite.fill('pete@acme.test, not-an-address');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('is invalid')).toBeVisible();

  const mailDrafts = await watchMailDrafts(page);
  await invite.fill('pete@acme.test, quinn@acme.test');
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  await expect(page.getByText('Invitation was sent')).toBeVisible();
  const draft = await mailDrafts.next();
  expect(draft).toContain('pete@acme.test,quinn@acme.test');
  expect(draft).toContain('subject=Join our team on Spark');

  await page.getByText('Pending only', { exact: true }).click();
  await expect(list.getByRole('listitem', { name: 'pete@acme.test' })).toBeVisible();
  await expect(list.getByRole('listitem', { name: 'quinn@acme.test' })).toBeVisible();

  // Each invitee got a mail with an acceptance link, in the local outbox.
  const outbox = await cli('outbox');
  expect(outbox).toContain('pete@acme.test');
  expect(outbox).toContain('quinn@acme.test');
  expect(outbox).toMatch(/\/accept-invitation\?key=[\w-]{20,}/);
});

test('Olivia deactivates and deletes a member after confirming', async ({ page }) => {
  const list = await openMembers(page, 'olivia@acme.test');
  await list.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await page.getByRole('menuitem', { name: 'Deactivate' }).click();
  await expect(list.getByRole('listitem', { name: 'Mia Member' }).getByText('Inactive')).toBeVisible();

  await list.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete user' });
  await expect(dialog.getByText('You are going to remove Mia Member from Acme Inc.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem', { name: 'Mia Member' })).toHaveCount(0);
  await page.reload();
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Adam Admin' }),
  ).toBeVisible();
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Mia Member' }),
  ).toHaveCount(0);
});

test('in a stale tab, an action on a member deleted elsewhere says so and reloads the list', async ({
  page,
  browser,
}) => {
  const stale = await openMembers(page, 'olivia@acme.test');
  const other = await (await browser.newContext()).newPage();
  const list = await openMembers(other, 'olivia@acme.test');
  await list.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await other.getByRole('menuitem', { name: 'Delete' }).click();
  await other.getByRole('dialog', { name: 'Delete user' }).getByRole('button', { name: 'Delete' }).click();
  await expect(list.getByRole('listitem', { name: 'Mia Member' })).toHaveCount(0);

  // The first tab still lists Mia; making her an admin finds her gone.
  await stale.getByRole('button', { name: 'Actions for Mia Member' }).click();
  await page.getByRole('menuitem', { name: 'Make admin' }).click();
  await expect(
    page.getByText('This member is no longer in the team. The list has been reloaded.'),
  ).toBeVisible();
  await expect(page.getByText('Item not found')).toHaveCount(0);
  await expect(stale.getByRole('listitem', { name: 'Mia Member' })).toHaveCount(0);
  await expect(stale.getByRole('listitem', { name: 'Adam Admin' })).toBeVisible();
});

test('the own profile block shows name, role and email, and refuses an empty name', async ({ page }) => {
  await openMembers(page, 'adam@acme.test');
  await expect(page.getByRole('textbox', { name: 'Company Role' })).toHaveValue(/admin/i);
  await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('adam@acme.test');
  const name = page.getByRole('textbox', { name: 'Your Full Name' });
  await expect(name).toHaveValue('Adam Admin');
  await name.fill('  ');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('must not be empty')).toBeVisible();
});

test('a team of 300 scrolls by a window of rows: those in view are there, the rest are not', async ({
  page,
}) => {
  // The demo team has five people: the list's answer gets 300 more, copies of Mia under other names.
  await page.route(/\/api\/v1\/collab\/[\d-]+\/users(\?|$)/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { items: { email: string }[] };
    const mia = body.items.find((user) => user.email === 'mia@acme.test');
    const more = Array.from({ length: 300 }, (_, index) => ({
      ...mia,
      id: 10_000 + index,
      fullName: `Zed ${String(index + 1).padStart(3, '0')}`,
      email: `zed${index + 1}@acme.test`,
    }));
    await route.fulfill({ response, json: { ...body, items: [...body.items, ...more] } });
  });
  const list = await openMembers(page, 'olivia@acme.test');
  const box = page.locator('[tabindex="0"]', { has: list });
  const rowsInDom = () => list.getByRole('listitem').count();
  // A 600 px box of 60 px rows: ten in view, eight more on each side at most.
  expect(await rowsInDom()).toBeLessThanOrEqual(10 + 8);
  await expect(list.getByRole('listitem').first()).toHaveAttribute('aria-setsize', '305');

  // Scrolled by the wheel to the end: the last row (Ben, inactive, comes last) is in view, the first gone.
  await box.hover();
  for (let i = 0; i < 10 && !(await list.getByRole('listitem', { name: 'Ben Banned' }).isVisible()); i++) {
    await page.mouse.wheel(0, 5_000);
  }
  await expect(list.getByRole('listitem', { name: 'Ben Banned' })).toBeInViewport();
  await expect(list.getByRole('listitem', { name: 'Olivia Owens' })).toHaveCount(0);
  expect(await rowsInDom()).toBeLessThanOrEqual(10 + 8 + 1);

  // Halfway: the rows there are laid out where the box shows them.
  await box.evaluate((element) => {
    element.scrollTop = 150 * 60;
  });
  const middle = list.getByRole('listitem').filter({ has: page.getByText('zed150@acme.test') });
  await expect(middle).toBeInViewport();
});

test('a first load of the members page asks for its list beside the memberships, not after them', async ({
  page,
}) => {
  await openMembers(page, 'olivia@acme.test');
  const membersPage = page.url();
  // The memberships are held back a while: the list's request must not wait for them.
  let membershipsAnsweredAt = 0;
  await page.route(/\/api\/v1\/collab\/teams$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    membershipsAnsweredAt = Date.now();
    await route.continue();
  });
  const listAsked: number[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/collab\/[\d-]+\/users$/.test(request.url())) listAsked.push(Date.now());
  });
  await page.goto('about:blank');
  await page.goto(membersPage);
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Mia Member' }),
  ).toBeVisible();
  expect(listAsked).toHaveLength(1);
  expect(listAsked[0]).toBeLessThan(membershipsAnsweredAt);
});

test('a navigation to the members page asks for its list as it begins, beside the page’s code', async ({
  page,
}) => {
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  // The members page's code is held back a while: its list must not wait for it.
  let codeAnsweredAt = 0;
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    codeAnsweredAt = Date.now();
    await route.continue();
  });
  const listAsked: number[] = [];
  page.on('request', (request) => {
    if (/\/api\/v1\/collab\/[\d-]+\/users$/.test(request.url())) listAsked.push(Date.now());
  });
  await page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Members' }).click();
  await expect(
    page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Mia Member' }),
  ).toBeVisible();
  expect(codeAnsweredAt).toBeGreaterThan(0);
  expect(listAsked).toHaveLength(1);
  expect(listAsked[0]).toBeLessThan(codeAnsweredAt);
});
