import { expect, type Page, type Response, test } from '@playwright/test';
import { E2E_BASE_URL, loginUrl, seedReset } from './support/cli';
import { signInAt } from './support/screens';
import { signInByLink } from './support/sign-in';

// The billing page through the real server and its Stripe sandbox. Each test starts from freshly
// seeded demo data (Acme on annual premium, Basic Bakery with nothing).
test.beforeEach(async () => {
  await seedReset();
});

/** Signs in by a login link; answers the team area's prefix once the session is stored. */
function logIn(page: Page, email: string, team: string): Promise<string> {
  return signInByLink(page, email, team);
}

const teamNav = (page: Page) => page.getByRole('navigation', { name: 'Team' });
const summary = (page: Page) => page.getByRole('region', { name: 'Plan and subscription' });
const plans = (page: Page) => page.getByRole('table', { name: 'Plans' });

test("Olivia sees Acme's legacy premium plan, annual, 3 seats, her Visa and the three invoices", async ({
  page,
}) => {
  const billingCalls: string[] = [];
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
    const { pathname } = new URL(request.url());
    if (request.resourceType() !== 'document' && /\/billing(-paddle)?(\/|$)/.test(pathname))
      billingCalls.push(pathname);
  });
  await logIn(page, 'olivia@acme.test', 'Acme Inc');
  await teamNav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(page).toHaveURL(/\/billing$/);

  await expect(summary(page).getByText('Premium', { exact: true })).toBeVisible();
  await expect(summary(page).getByText('Annual', { exact: true })).toBeVisible();
  await expect(summary(page).locator('dd').filter({ hasText: /^3$/ })).toBeVisible();
  await expect(summary(page).getByRole('button', { name: 'Cancel subscription' })).toBeVisible();

  // The legacy premium column, current, between basic and pro.
  await expect(plans(page).getByRole('columnheader')).toHaveText(['Basic', 'PremiumCurrent plan', 'Pro']);
  await expect(plans(page).getByRole('button', { name: 'Upgrade to Pro' })).toBeVisible();

  const payment = page.getByRole('region', { name: 'Payment details' });
  await expect(payment.getByText('Visa •••• 4242')).toBeVisible();
  await expect(payment.getByText('12 / 30')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Billing details' }).getByText('Germany')).toBeVisible();

  const invoices = page.getByRole('table', { name: 'Invoices' });
  const rows = invoices.locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const open = rows.filter({ hasText: 'Open' });
  await expect(open).toHaveCount(1);
  await expect(open.getByRole('link', { name: 'Pay' })).toHaveAttribute('href', /^http/);
  await expect(open.getByRole('link', { name: 'Download' })).toHaveCount(0);
  const paid = rows.filter({ hasText: 'Paid' });
  await expect(paid).toHaveCount(2);
  await expect(paid.getByRole('link', { name: 'Download' })).toHaveCount(2);
  await expect(paid.getByRole('link', { name: 'Pay' })).toHaveCount(0);

  // Each call once: billing, plans, invoices and the provider settings, nothing twice.
  expect(billingCalls.map((path) => path.replace(/^.*\/collab\/\d+-\d+/, '')).sort()).toEqual([
    '/billing',
    '/billing-paddle/settings',
    '/billing/invoices',
    '/billing/plans',
  ]);
  // Stripe.js (or the sandbox's stand-in) loads only when a card form opens, never on the page itself.
  expect(scripts.filter((url) => /stripe/i.test(url))).toEqual([]);
});

test('Bella subscribes Basic Bakery to Pro through the hosted checkout and comes back to it everywhere', async ({
  page,
}) => {
  const teamPath = await logIn(page, 'bella@bakery.test', 'Basic Bakery');
  await expect(teamNav(page).getByRole('link', { name: 'Upgrade' })).toBeVisible();
  await teamNav(page).getByRole('link', { name: 'Upgrade' }).click();
  await expect(plans(page).getByRole('columnheader')).toHaveText(['BasicCurrent plan', 'Plus', 'Pro']);
  await expect(page.getByRole('region', { name: 'Payment details' })).toHaveCount(0);

  // Every document load notes where it landed and how long the history was then.
  await page.addInitScript(() => {
    Object.assign(window, { landing: { search: location.search, length: history.length } });
  });
  await plans(page).getByRole('button', { name: 'Upgrade to Pro' }).click();
  // The sandbox's hosted checkout page.
  await expect(page.getByRole('button', { name: 'Subscribe' })).toBeVisible({ timeout: 15_000 });
  await page.getByLabel('Email').fill('bella@bakery.test');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Bella Baker');
  await page.getByRole('button', { name: 'Subscribe' }).click();

  // Back on billing: the result dialog, and the query gone without a new history entry.
  const dialog = page.getByRole('dialog', { name: 'Thank you!' });
  await expect(dialog.getByText('Your team is now on Spark Pro (annual subscription).')).toBeVisible({
    timeout: 15_000,
  });
  await expect(dialog.getByText('Every Pro feature is on for everyone in your team.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${teamPath}/billing$`));
  const landing = await page.evaluate(
    () => (window as unknown as { landing: { search: string; length: number } }).landing,
  );
  expect(landing.search).toContain('result=success');
  expect(landing.search).toContain('mode=checkout');
  expect(await page.evaluate(() => history.length)).toBe(landing.length);
  await dialog.getByRole('button', { name: 'Ok' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(summary(page).getByText('Pro', { exact: true })).toBeVisible();
  await expect(teamNav(page).getByRole('link', { name: 'Billing' })).toBeVisible();

  // A fresh load agrees: summary, table, nav and the overview all say Pro.
  await page.goto(`${teamPath}/billing`);
  await expect(summary(page).getByText('Pro', { exact: true })).toBeVisible();
  await expect(summary(page).getByText(/^Trial ends in \d+ days$/)).toBeVisible();
  await expect(plans(page).getByRole('columnheader')).toHaveText(['Basic', 'Plus', 'ProCurrent plan']);
  await expect(teamNav(page).getByRole('link', { name: 'Billing' })).toBeVisible();
  await expect(teamNav(page).getByRole('link', { name: 'Upgrade' })).toHaveCount(0);
  await teamNav(page).getByRole('link', { name: 'Overview' }).click();
  await expect(
    page.getByRole('region', { name: 'Team details' }).getByText('Pro', { exact: true }),
  ).toBeVisible();
});

for (const way of ['a first load of billing', 'a login link to billing']) {
  test(`${way} asks for the owner's billing once the memberships are in, not after the page's code`, async ({
    page,
  }) => {
    let address: string;
    if (way === 'a login link to billing') {
      address = `${await loginUrl('olivia@acme.test', 'Acme Inc')}&redirectTo=billing`;
    } else {
      address = `${await logIn(page, 'olivia@acme.test', 'Acme Inc')}/billing`;
      await page.goto('about:blank');
    }
    // The billing page's own code is held back until its four calls have been made, or for 10 s: a
    // console that waited for the code would make them only after. (A fixed hold of 1 s raced a
    // busy CI machine's start-up.)
    const billingAsked: { path: string; at: number }[] = [];
    let allAsked = () => {};
    const asked = new Promise<void>((resolve) => {
      allAsked = resolve;
    });
    let pageCodeAnsweredAt = 0;
    await page.route(/\/assets\/team-billing\.group-[\w-]+\.js$/, async (route) => {
      await Promise.race([asked, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      pageCodeAnsweredAt = Date.now();
      await route.continue();
    });
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (
        request.resourceType() !== 'document' &&
        /\/collab\/[\d-]+\/billing(-paddle)?(\/|$)/.test(pathname)
      ) {
        billingAsked.push({ path: pathname.replace(/^.*\/collab\/\d+-\d+/, ''), at: Date.now() });
        if (billingAsked.length === 4) allAsked();
      }
    });
    await page.goto(address);
    await expect(page).toHaveURL(/\/teams\/\d+-\d+\/billing$/);
    await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(3);
    expect(billingAsked.map(({ path }) => path).sort()).toEqual([
      '/billing',
      '/billing-paddle/settings',
      '/billing/invoices',
      '/billing/plans',
    ]);
    expect(pageCodeAnsweredAt).toBeGreaterThan(0);
    for (const { at } of billingAsked) expect(at).toBeLessThanOrEqual(pageCodeAnsweredAt);
  });
}

for (const { who, email } of [
  { who: 'a member (Mia)', email: 'mia@acme.test' },
  { who: 'an admin (Adam)', email: 'adam@acme.test' },
]) {
  test(`${who} who opens the Acme billing URL gets no billing data`, async ({ page }) => {
    const billingAnswers: Response[] = [];
    page.on('response', (response) => {
      if (/\/billing(-paddle)?(\/|$)/.test(new URL(response.url()).pathname)) billingAnswers.push(response);
    });
    const teamPath = await logIn(page, email, 'Acme Inc');
    await expect(teamNav(page).getByRole('link', { name: 'Billing' })).toHaveCount(0);
    await page.goto(`${teamPath}/billing`);
    await expect(page.getByText('Only the team owner can see billing.')).toBeVisible();
    await expect(page.getByText(/4242/)).toHaveCount(0);
    await expect(page.getByRole('table')).toHaveCount(0);
    // None answered with data (the page makes none: API answers only for document loads).
    const withData = billingAnswers.filter(
      (response) => response.request().resourceType() !== 'document' && response.ok(),
    );
    expect(withData.map((response) => response.url())).toEqual([]);
  });
}

test('contact us embeds the scheduling widget prefilled with the name and email', async ({ page }) => {
  // The scheduling service is outside; the test answers for it.
  await page.route('https://calendly.com/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: '<!doctype html><title>Scheduling</title><p>Pick a time</p>',
    }),
  );
  const foreignScripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script' && !request.url().startsWith(E2E_BASE_URL)) {
      foreignScripts.push(request.url());
    }
  });
  await logIn(page, 'olivia@acme.test', 'Acme Inc');
  await teamNav(page).getByRole('link', { name: 'Talk to Customer Success' }).click();
  const frame = page.getByTitle('Talk to Customer Success: schedule a call');
  await expect(frame).toBeVisible();
  const src = new URL((await frame.getAttribute('src')) ?? '');
  expect(src.searchParams.get('email')).toBe('olivia@acme.test');
  expect(src.searchParams.get('name')).toBeTruthy();
  await expect(page.frameLocator('iframe').getByText('Pick a time')).toBeVisible();
  // The widget is a frame: no third-party script runs in the console's page.
  expect(foreignScripts).toEqual([]);

  await logIn(page, 'bella@bakery.test', 'Basic Bakery');
  await teamNav(page).getByRole('link', { name: 'Talk to Sales' }).click();
  const salesFrame = page.getByTitle('Talk to Sales: schedule a call');
  const salesSrc = new URL((await salesFrame.getAttribute('src')) ?? '');
  expect(salesSrc.searchParams.get('email')).toBe('bella@bakery.test');
  expect(salesSrc.pathname).not.toBe(src.pathname);
});

test('contact us: when the scheduling page cannot load in its frame, a link opens it in a new tab', async ({
  page,
}) => {
  // Blocked or offline: the scheduling service never answers.
  await page.route('https://calendly.com/**', (route) => route.abort('blockedbyclient'));
  await logIn(page, 'olivia@acme.test', 'Acme Inc');
  await teamNav(page).getByRole('link', { name: 'Talk to Customer Success' }).click();
  const frame = page.getByTitle('Talk to Customer Success: schedule a call');
  const fallback = page.getByRole('link', { name: 'Open the scheduling page in a new tab' });
  await expect(fallback).toBeVisible();
  expect(await fallback.getAttribute('href')).toBe(await frame.getAttribute('src'));
  expect(await fallback.getAttribute('target')).toBe('_blank');
  expect(await fallback.getAttribute('rel')).toContain('noopener');
});

test("a seat added mid-period: Acme's next payment says what its proration is for", async ({ page }) => {
  // Two billing loads, a member action and the sandbox's invoice previews: slow on a busy machine.
  test.setTimeout(150_000);
  await signInAt(page, { email: 'olivia@acme.test', team: 'Acme Inc' }, '{team}/billing');
  await expect(summary(page).getByText('Next payment')).toBeVisible({ timeout: 30_000 });
  await expect(summary(page).getByText(/^Includes /)).toHaveCount(0);

  // Ben is let back in: a fourth seat, charged for the rest of the year on the next invoice.
  await teamNav(page).getByRole('link', { name: 'Members' }).click();
  const list = page.getByRole('list', { name: 'Members' });
  await list.getByRole('button', { name: 'Actions for Ben Banned' }).click();
  await page.getByRole('menuitem', { name: 'Activate' }).click();
  await expect(list.getByRole('listitem', { name: 'Ben Banned' }).getByText('Inactive')).toHaveCount(0);

  await teamNav(page).getByRole('link', { name: 'Billing' }).click();
  await expect(summary(page).locator('dd').filter({ hasText: /^4$/ })).toBeVisible({ timeout: 30_000 });
  await expect(
    summary(page).getByText(/^Includes \$\d+\.\d{2} for 1 seat added on [A-Z][a-z]{2} \d{1,2}, \d{4}$/),
  ).toBeVisible();
  await expect(summary(page)).not.toContainText(/null|undefined|NaN/);
});
