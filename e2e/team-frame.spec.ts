// The team pages paint their frame from HTML (src/prerender/, routes/team/team-frame.tsx): the
// server's answer to a team page, and to a login link, carries the header, the selector's place, the
// nav's entries everyone has and the page's heading, with no inline script; nothing in it acts
// before it works; a login link's code is exchanged by the page's start script before the console's
// code has loaded, once, and the console takes that exchange over; the address stays the link's
// until the session is stored, so a reload meanwhile still signs in, and Back after arrival does not
// return to the spent link; a refused link says so. The console takes the frame over in place (the
// elements the HTML painted stay), and on a phone nothing under the nav moves when an owner's page does.
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { loginUrl, seedReset } from './support/cli';
import { holdConsoleCode, watchErrors } from './support/held-code';

test.beforeAll(async () => {
  await seedReset();
});

/** A login link's code exchanged outside the page, as the console's client sends it. */
function exchangeElsewhere(request: APIRequestContext, link: string) {
  const code = new URL(link).searchParams.get('token') ?? '';
  return request.post('/api/v2/auth/code', {
    data: {
      code,
      app: 'console',
      platform: 'web',
      version: 'e2e',
      osVersion: 'x',
      device: 'x',
      locale: 'en',
    },
  });
}

/** The code exchanges the page asks for, as they are sent. */
function watchExchanges(page: Page): Request[] {
  const exchanges: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/v2/auth/code') {
      exchanges.push(request);
    }
  });
  return exchanges;
}

/** The stored session, or null (the console's storage key, with the default prefix). */
function storedSession(page: Page): Promise<string | null> {
  return page.evaluate(() => localStorage.getItem('spark-console:session'));
}

/**
 * Holds the page's first code exchange until `release()` (later ones go through), before it
 * reaches the server, or with `spent` after the server answered it (the answer held back).
 */
async function holdFirstExchange(page: Page, { spent = false } = {}) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let calls = 0;
  let held = false;
  await page.route('**/api/v2/auth/code', async (route) => {
    if (++calls > 1) return route.continue();
    const answer = spent ? await route.fetch() : null;
    held = true;
    await released;
    // The held call's page has gone by now: nothing takes its answer.
    await (answer ? route.fulfill({ response: answer }) : route.continue()).catch(() => {});
  });
  return { release, held: () => held };
}

function expectNoInlineScript(html: string, address: string) {
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length, address).toBeGreaterThan(0);
  for (const script of scripts) expect(script, address).toMatch(/\ssrc="\/assets\//);
  expect(html, address).not.toMatch(/<script\b[^>]*>[^<]/);
}

test('a team page and a login link arrive with the team frame in the HTML, and the link unspent', async ({
  request,
}) => {
  const link = await loginUrl('olivia@acme.test', 'Acme Inc');
  const billingLink = `${link}&redirectTo=billing`;
  const pages = [
    { address: '/teams/1-1/overview', heading: 'Overview' },
    { address: '/teams/1-1/billing', heading: 'Billing' },
    { address: link, heading: 'Overview' },
    { address: billingLink, heading: 'Billing' },
  ];
  for (const { address, heading } of pages) {
    const response = await request.get(address, { headers: { accept: 'text/html' } });
    const html = await response.text();
    expect(response.headers()['content-security-policy'], address).toContain("script-src 'self'");
    expect(html, address).toContain('>Team Preferences</h1>');
    expect(html, address).toContain(`>${heading}</h2>`);
    expect(html, address).toContain('Back to Spark');
    // The nav's entries everyone has, in their places, not links yet; the selector waits, disabled.
    expect(html, address).toMatch(/<nav[^>]*aria-label="Team"[^>]*>.*Members.*Overview.*<\/nav>/s);
    expect(html, address).not.toMatch(/<nav[^>]*aria-label="Team"[^>]*>(?:(?!<\/nav>).)*<a\b/s);
    expect(html, address).toMatch(/<button[^>]*\sdisabled[\s=>][^>]*>.*Loading\.\.\./s);
    expectNoInlineScript(html, address);
  }
  // Fetched without running it, the page spent nothing: the link still signs in.
  expect((await exchangeElsewhere(request, link)).status()).toBe(200);
});

test('a login link: exchanged once before the console loads, then the page works', async ({ page }) => {
  const errors = watchErrors(page);
  const exchanges = watchExchanges(page);
  const link = await loginUrl('olivia@acme.test', 'Acme Inc');
  const release = await holdConsoleCode(page);
  await page.goto(link, { waitUntil: 'commit' });

  // The frame, painted from HTML while the console's code is held back.
  await expect(page.getByRole('heading', { level: 1, name: 'Team Preferences' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Team' });
  await expect(nav).toContainText('Members');
  await expect(nav.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Account' })).toBeDisabled();
  // The exchange has begun without the console's code; the address keeps the link until the
  // session is stored, which takes the console.
  await expect.poll(() => exchanges.length).toBe(1);
  await (await exchanges[0]?.response())?.finished();
  expect(new URL(page.url()).pathname).toBe('/login');
  expect(await storedSession(page)).toBeNull();

  release();
  // Then the team page's address, the token gone from the address bar, and the session stored.
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  expect(await storedSession(page)).not.toBeNull();
  await expect(nav.getByRole('link')).toHaveText([
    'Members',
    'Overview',
    'Billing',
    'Talk to Customer Success',
  ]);
  await expect(page.getByRole('button', { name: /Acme Inc/ })).toBeEnabled();
  await expect(page.getByRole('button', { name: /^Account olivia@acme\.test/ })).toBeEnabled();
  await page.waitForLoadState('networkidle');
  expect(exchanges).toHaveLength(1);

  // The page works: the nav goes to the members page, and a reload keeps the session.
  await nav.getByRole('link', { name: 'Members' }).click();
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/users$/);
  await expect(page.getByRole('heading', { name: 'Members' }).first()).toBeVisible();
  await page.reload();
  await expect(nav.getByRole('link', { name: 'Billing' })).toBeVisible();
  expect(exchanges).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
});

test('a login link to billing lands on billing, its frame first', async ({ page }) => {
  const errors = watchErrors(page);
  const exchanges = watchExchanges(page);
  const release = await holdConsoleCode(page);
  await page.goto(`${await loginUrl('olivia@acme.test', 'Acme Inc')}&redirectTo=billing`, {
    waitUntil: 'commit',
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toBeVisible();
  await expect(page.getByTestId('billing-skeleton')).toBeVisible();
  release();
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/billing$/);
  await expect(
    page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('billing-skeleton')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Billing' })).toHaveCount(1);
  expect(exchanges).toHaveLength(1);
  expect(errors).toEqual([]);
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
});

test('a refused login link says Token is invalid, and is not asked again', async ({ page, request }) => {
  const link = await loginUrl('mia@acme.test', 'Acme Inc');
  // Spent elsewhere first.
  expect((await exchangeElsewhere(request, link)).status()).toBe(200);

  const exchanges = watchExchanges(page);
  await page.goto(link);
  await expect(page.getByText('Token is invalid')).toBeVisible();
  // The link's own page, the sign-in page, says so, as before the team frame.
  expect(page.url()).toBe(link);
  expect(await storedSession(page)).toBeNull();
  await page.waitForLoadState('networkidle');
  expect(exchanges).toHaveLength(1);
  expect((await exchanges[0]?.response())?.status()).toBe(401);
});

test('a signed-in team page hydrates its frame without a mismatch', async ({ page }) => {
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(
    page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
  ).toBeVisible();
  const errors = watchErrors(page);
  const release = await holdConsoleCode(page);
  await page.reload({ waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
  release();
  await expect(page.getByRole('button', { name: /Acme Inc/ })).toBeEnabled();
  await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
});

test('the console takes the frame over in place: the header, heading and nav painted from HTML stay the same elements', async ({
  page,
}) => {
  const release = await holdConsoleCode(page);
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'), { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { level: 1, name: 'Team Preferences' })).toBeVisible();
  // The elements the HTML painted, kept aside before the console's code runs.
  await page.evaluate(() => {
    const kept = window as unknown as { fromHtml: Element[] };
    kept.fromHtml = ['header a', 'h1', 'nav[aria-label="Team"]'].map((selector) => {
      const element = document.querySelector(selector);
      if (!element) throw new Error(`the frame has no ${selector}`);
      return element;
    });
  });
  release();
  await expect(page.getByRole('button', { name: /Acme Inc/ })).toBeEnabled();
  await expect(
    page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  const stillShown = await page.evaluate(() =>
    (window as unknown as { fromHtml: Element[] }).fromHtml.map((element) => element.isConnected),
  );
  expect(stillShown).toEqual([true, true, true]);
  await page.unroute(/\/assets\/index-[\w-]+\.js$/);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test("nothing moves when an owner's page takes the frame over", async ({ page }) => {
    const release = await holdConsoleCode(page);
    await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'), { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 1, name: 'Team Preferences' })).toBeVisible();
    // The nav's entries in two columns: the frame's one row of entries everyone has, and the row an
    // owner's billing and talk links fill, kept free.
    const contentTop = () =>
      page
        .getByRole('navigation', { name: 'Team' })
        .evaluate((nav) => Math.round(nav.getBoundingClientRect().bottom));
    const inFrame = await contentTop();
    // The footer waits below the fold while the page loads, rather than being pushed off it.
    const footerTop = await page.locator('footer').evaluate((footer) => footer.getBoundingClientRect().top);
    expect(footerTop).toBeGreaterThanOrEqual(823);
    release();
    await expect(
      page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
    ).toBeVisible();
    expect(await contentTop()).toBe(inFrame);
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
  });
});

for (const spent of [false, true]) {
  const when = spent ? 'the server spent the code, its answer held' : 'held before the server';
  test(`a reload while the exchange is on its way (${when}) still ends signed in on the team page`, async ({
    page,
  }) => {
    const errors = watchErrors(page);
    const exchanges = watchExchanges(page);
    const link = await loginUrl('olivia@acme.test', 'Acme Inc');
    const hold = await holdFirstExchange(page, { spent });
    await page.goto(link, { waitUntil: 'commit' });
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await expect.poll(hold.held).toBe(true);
    // Nothing is signed in yet: the address still holds the code, and nothing is stored.
    await expect(page.getByRole('button', { name: 'Loading...' })).toBeDisabled();
    expect(page.url()).toBe(link);
    expect(await storedSession(page)).toBeNull();

    // The person reloads meanwhile: the page asks again for the same code, and signs in.
    await page.reload();
    hold.release();
    await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
    await expect(
      page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
    ).toBeVisible();
    expect(await storedSession(page)).not.toBeNull();
    expect(exchanges).toHaveLength(2);
    await expect(page.getByText('Token is invalid')).toHaveCount(0);
    expect(errors).toEqual([]);
    await page.unroute('**/api/v2/auth/code');
  });
}

test('Back after arrival does not return to the spent link', async ({ page }) => {
  const exchanges = watchExchanges(page);
  // A page before the link, as a mail client's would be.
  await page.goto('/web-login');
  await expect(page.getByText("Let's add your email")).toBeVisible();
  const link = await loginUrl('olivia@acme.test', 'Acme Inc');
  await page.goto(link);
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await expect(
    page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
  ).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/\/web-login$/);
  await expect(page.getByText("Let's add your email")).toBeVisible();
  await page.goForward();
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await expect(
    page.getByRole('navigation', { name: 'Team' }).getByRole('link', { name: 'Billing' }),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  // The spent code was never asked for again, and nothing says it is invalid.
  expect(exchanges).toHaveLength(1);
  await expect(page.getByText('Token is invalid')).toHaveCount(0);
});
