import { expect, type Page, test } from '@playwright/test';
import { authCode, E2E_BASE_URL, loginUrl, seedReset } from './support/cli';
import { signInByLink } from './support/sign-in';

const STORAGE_KEY = 'spark-console:session';

// Other files change the demo teams; these tests read them as seeded.
test.beforeAll(async () => {
  await seedReset();
});

/** Follows a login link until the session is stored and the address is the team's overview. */
async function signInToTeam(page: Page, email: string, team: string) {
  await signInByLink(page, email, team);
}

function teamNav(page: Page) {
  return page.getByRole('navigation', { name: 'Team' });
}

test('a login link for Olivia lands on Acme Inc’s overview', async ({ page }) => {
  await signInToTeam(page, 'olivia@acme.test', 'Acme Inc');
  await expect(page.getByRole('heading', { name: 'Team Preferences' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Acme Inc/ })).toBeVisible();
  await expect(page).toHaveTitle('Overview – Spark Teams Console');
});

test('the team selector lists Olivia’s teams in name order and switches teams', async ({ page }) => {
  await signInToTeam(page, 'olivia@acme.test', 'Acme Inc');
  await page.getByRole('button', { name: /Acme Inc/ }).click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(4);
  const names = await options.evaluateAll((nodes) => nodes.map((node) => node.textContent ?? ''));
  expect(names.map((text) => text.match(/Acme Inc|Basic Bakery|Paddle Press|Trial Tech/)?.[0])).toEqual([
    'Acme Inc',
    'Basic Bakery',
    'Paddle Press',
    'Trial Tech',
  ]);
  await page.getByRole('option', { name: /Basic Bakery/ }).click();
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await expect(page.getByRole('button', { name: /Basic Bakery/ })).toBeVisible();
});

test('the nav differs for an owner on premium and a member', async ({ page }) => {
  await signInToTeam(page, 'olivia@acme.test', 'Acme Inc');
  const ownerNav = teamNav(page);
  await expect(ownerNav.getByRole('link')).toHaveText([
    'Members',
    'Overview',
    'Billing',
    'Talk to Customer Success',
  ]);

  await page.goto(await loginUrl('olivia@acme.test', 'Basic Bakery'));
  await expect(page.getByRole('button', { name: /Basic Bakery/ })).toBeVisible();
  await expect(teamNav(page).getByRole('link')).toHaveText(['Members', 'Overview']);

  await page.goto(await loginUrl('bella@bakery.test', 'Basic Bakery'));
  await expect(teamNav(page).getByRole('link')).toHaveText([
    'Members',
    'Overview',
    'Upgrade',
    'Talk to Sales',
  ]);
});

test('a login-required page without a session asks to sign in, then returns to it', async ({ page }) => {
  await signInToTeam(page, 'olivia@acme.test', 'Acme Inc');
  const usersPath = new URL(page.url()).pathname.replace(/overview$/, 'users');
  await page.evaluate(() => localStorage.clear());

  await page.goto(usersPath);
  await expect(page.getByRole('heading', { name: 'Session expired' })).toBeVisible();
  await expect(page.getByText('You were logged out due to inactivity')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log In with Spark' })).toBeVisible();
  expect(new URL(page.url()).searchParams.get('goto')).toBe(usersPath);

  await page.getByRole('button', { name: 'Enter token manually' }).click();
  await expect(page.getByText('You are logged out')).toBeVisible();
  await page.getByRole('textbox', { name: 'Token' }).fill(await authCode('olivia@acme.test'));
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(usersPath);
  await expect(page.getByRole('heading', { name: 'Members' })).toBeVisible();
});

test('a garbage token shows Token is invalid', async ({ page }) => {
  await page.goto('/auth?token=not-a-real-token&goto=/');
  await expect(page.getByText('Token is invalid')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in with Spark' })).toBeVisible();
});

test('a used login link shows Token is invalid', async ({ page }) => {
  const code = await authCode('mia@acme.test');
  await page.goto(`/auth?token=${encodeURIComponent(code)}`);
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`/auth?token=${encodeURIComponent(code)}`);
  await expect(page.getByText('Token is invalid')).toBeVisible();
});

test('goto never leads off the console', async ({ page }) => {
  await page.goto(`/auth?token=${encodeURIComponent(await authCode('olivia@acme.test'))}&goto=//evil.test/x`);
  await expect(page).toHaveURL((url) => url.origin === E2E_BASE_URL);
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
});

test('an expired access token is refreshed without the user noticing', async ({ page }) => {
  await signInToTeam(page, 'olivia@acme.test', 'Acme Inc');
  const overview = page.url();

  // Expired: refreshed before the first call.
  await page.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...session, expiresAt: Math.floor(Date.now() / 1000) - 60 }));
  }, STORAGE_KEY);
  const refreshed = page.waitForResponse((response) => response.url().endsWith('/api/v1/auth/refresh'));
  await page.goto(overview);
  expect((await refreshed).status()).toBe(200);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByText('Session expired')).toHaveCount(0);

  // Rejected (401) although not yet expired: one refresh, each refused call retried once, nothing
  // shown. The calls the page starts side by side (the memberships, the profile) each meet the 401.
  await page.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...session, accessToken: `${session.accessToken}x` }));
  }, STORAGE_KEY);
  const answers: { path: string; status: number }[] = [];
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.startsWith('/api/')) answers.push({ path: pathname, status: response.status() });
  });
  await page.goto(overview);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Team' })).toBeVisible();
  // The heading and the nav are the team frame, in the HTML before any call: the memberships' answer
  // (refused, then retried) is what says the page has loaded.
  await expect
    .poll(() => answers.filter(({ path }) => path === '/api/v1/collab/teams').map(({ status }) => status))
    .toEqual([401, 200]);
  const refused = answers.filter(({ status }) => status === 401).map(({ path }) => path);
  expect(refused).toContain('/api/v1/collab/teams');
  // A retried side call (the profile's) may still be on its way when the page shows.
  for (const path of refused) {
    await expect
      .poll(() => answers.filter((answer) => answer.path === path).map(({ status }) => status))
      .toEqual([401, 200]);
  }
  expect(answers.filter(({ path }) => path === '/api/v1/auth/refresh')).toHaveLength(1);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('two tabs refreshing at the same moment both stay signed in', async ({ context }) => {
  const first = await context.newPage();
  await signInToTeam(first, 'olivia@acme.test', 'Acme Inc');
  const overview = first.url();
  const second = await context.newPage();
  await second.goto(overview);
  await expect(second.getByRole('heading', { name: 'Overview' })).toBeVisible();

  // Both tabs hold the same stale session; they reload at once and each refreshes.
  await first.evaluate((key) => {
    const session = JSON.parse(localStorage.getItem(key) ?? '{}');
    localStorage.setItem(key, JSON.stringify({ ...session, expiresAt: 0 }));
  }, STORAGE_KEY);
  await Promise.all([first.goto(overview), second.goto(overview)]);

  for (const page of [first, second]) {
    await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Team' })).toBeVisible();
  }
  // And a later reload in either tab still works with whatever token storage now holds.
  await first.reload();
  await expect(first.getByRole('navigation', { name: 'Team' })).toBeVisible();
  await expect(first.getByText('Session expired')).toHaveCount(0);
});

test('Log out revokes the session on the server; another tab follows without blaming inactivity', async ({
  context,
}) => {
  const first = await context.newPage();
  await signInToTeam(first, 'olivia@acme.test', 'Acme Inc');
  const second = await context.newPage();
  await second.goto(first.url());
  await expect(second.getByRole('navigation', { name: 'Team' })).toBeVisible();
  const copied = await first.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? '{}').refreshToken as string,
    STORAGE_KEY,
  );

  const revoked = first.waitForResponse((response) => response.url().endsWith('/api/v2/auth/logout'));
  await first.getByRole('button', { name: 'Account' }).click();
  await first.getByRole('menuitem', { name: 'Log out' }).click();
  expect((await revoked).status()).toBe(204);
  await expect(first).toHaveURL(/\/login$/);
  await expect(first.getByRole('heading', { name: 'Logged out' })).toBeVisible();

  // The other tab follows to sign-in, saying it was a logout.
  await expect(second).toHaveURL(/\/auth\/session-expired\?goto=/);
  await expect(second.getByRole('heading', { name: 'Logged out' })).toBeVisible();
  await expect(second.getByText('You have logged out.')).toBeVisible();
  for (const page of [first, second]) {
    await expect(page.getByText('You were logged out due to inactivity')).toHaveCount(0);
  }

  // A refresh token copied before the logout no longer refreshes.
  const refreshed = await first.request.post('/api/v1/auth/refresh', { form: { refreshToken: copied } });
  expect(refreshed.status()).toBe(401);
});
