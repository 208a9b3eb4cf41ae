import { expect, type Page, type Request, test } from '@playwright/test';
import { loginUrl, seedReset } from './support/cli';

// The screens show the demo data (Acme's billing above all): each test starts from a fresh seed.
test.beforeEach(async () => {
  await seedReset();
});

// Issue 13: a screen is usable after at most two sequential API round trips, with no duplicate
// requests. Each test signs in, then loads the screen afresh (a full page load, the session restored
// from storage, as a returning user opens a bookmark) and records every API request: when it
// started and when its answer had arrived. A request's round trip is 1 + the deepest round trip that
// had finished before it started (a conservative chain: waiting on a lazy chunk counts as waiting
// on the call before it). Counts, not timings: nothing here depends on the machine's speed. Overview,
// members and billing, as issue 13 lists them.

interface ApiCall {
  key: string;
  start: number;
  end: number;
}

const PAGE_VIEWS = '/api/v1/analytics/page-views';

/** Records the API calls the page makes from now on: `started` all of them, `calls` those answered. */
function recordApiCalls(page: Page) {
  const calls: ApiCall[] = [];
  const started: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) started.push(request);
  });
  page.on('requestfinished', (request) => {
    if (!started.includes(request)) return;
    const { startTime, responseEnd } = request.timing();
    const url = new URL(request.url());
    calls.push({
      key: `${request.method()} ${url.pathname}${url.search}`,
      start: startTime,
      end: startTime + responseEnd,
    });
  });
  return { calls, started };
}

/** Each call's place in the longest chain of calls that had finished before it started. */
function roundTrips(calls: ApiCall[]): Map<ApiCall, number> {
  const depth = new Map<ApiCall, number>();
  for (const call of [...calls].sort((a, b) => a.start - b.start)) {
    const before = calls.filter((other) => other !== call && other.end <= call.start);
    depth.set(call, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return depth;
}

async function checkScreen(page: Page, path: string, usable: () => Promise<void>) {
  const { calls, started } = recordApiCalls(page);
  await page.goto(path);
  await usable();
  const usableAt = Date.now();
  // Let the page settle, so a request repeated after first paint is caught too.
  await page.waitForLoadState('networkidle');
  await expect.poll(() => calls.length, { timeout: 10_000 }).toBe(started.length);

  const beforeUsable = calls.filter((call) => call.end <= usableAt && !call.key.includes(PAGE_VIEWS));
  // Page views are fire and forget: no screen waits on them, so they start no chain either.
  const depths = roundTrips(calls.filter((call) => !call.key.includes(PAGE_VIEWS)));
  const chain = beforeUsable.map((call) => `${depths.get(call)}: ${call.key}`).sort();
  expect(
    Math.max(0, ...beforeUsable.map((call) => depths.get(call) ?? 0)),
    chain.join('\n'),
  ).toBeLessThanOrEqual(2);

  // One page view per navigation is expected; any other call made twice is a duplicate.
  const gets = calls.filter((call) => !call.key.includes(PAGE_VIEWS)).map((call) => call.key);
  const duplicates = gets.filter((key, index) => gets.indexOf(key) !== index);
  expect(duplicates, `all calls:\n${gets.join('\n')}`).toEqual([]);
}

async function signIn(page: Page): Promise<string> {
  await page.goto(await loginUrl('olivia@acme.test', 'Acme Inc'));
  await expect(page).toHaveURL(/\/teams\/\d+-\d+\/overview$/);
  await expect(page.getByRole('region', { name: 'Team details' })).toBeVisible();
  return new URL(page.url()).pathname.replace(/\/overview$/, '');
}

test('team overview is usable after at most two API round trips, none repeated', async ({ page }) => {
  const team = await signIn(page);
  await checkScreen(page, `${team}/overview`, async () => {
    await expect(
      page.getByRole('region', { name: 'Team details' }).getByRole('heading', { name: 'Acme Inc' }),
    ).toBeVisible();
  });
});

test('members is usable after at most two API round trips, none repeated', async ({ page }) => {
  const team = await signIn(page);
  await checkScreen(page, `${team}/users`, async () => {
    await expect(
      page.getByRole('list', { name: 'Members' }).getByRole('listitem', { name: 'Olivia Owens' }),
    ).toBeVisible();
  });
});

test('billing is usable after at most two API round trips, none repeated', async ({ page }) => {
  const team = await signIn(page);
  await checkScreen(page, `${team}/billing`, async () => {
    await expect(
      page.getByRole('region', { name: 'Plan and subscription' }).getByText('Premium', { exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('table', { name: 'Plans' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Invoices' }).locator('tbody tr')).toHaveCount(3);
  });
});
