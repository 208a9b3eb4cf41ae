import { expect, type Page, test } from '@playwright/test';
import { seedReset } from './support/cli';
import { signInByLink } from './support/sign-in';

// The screens show the demo data (Acme's billing above all): each test starts from a fresh seed.
test.beforeEach(async () => {
  await seedReset();
});

// Issue 13: a screen is usable after at most two sequential API round trips, with no duplicate
// requests. Each test signs in, then loads the screen afresh (a full page load, the session restored
// from storage, as a returning user opens a bookmark) and records every API call the page makes: when
// it asked (called fetch) and when it had the answer (fetch resolved). A call's round trip is 1 + the
// deepest round trip of the calls whose answers the page had before it asked (a conservative chain:
// waiting on a lazy chunk counts as waiting on the call before it). Counts, not timings: nothing here
// depends on the machine's speed. Overview, members and billing, as issue 13 lists them.
// The times are the page's own (an init script wraps fetch), not the network's: on a loaded machine
// the browser's network process can answer one call before the page's preempted main thread has sent
// the next one it asked for in the same task, and the network's times would count that as waiting.

interface ApiCall {
  key: string;
  /** performance.now() when the page called fetch. */
  asked: number;
  /** performance.now() when fetch resolved for the page; null while it has not. */
  answered: number | null;
}

const PAGE_VIEWS = '/api/v1/analytics/page-views';

/** From the next page load on, the page records its API calls in `window.__apiCalls`. */
async function recordApiCalls(page: Page) {
  await page.addInitScript(() => {
    const calls: ApiCall[] = [];
    Object.assign(window, { __apiCalls: calls });
    const fetchOfPage = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      // Read without making a Request of it: that would take the body of the page's own.
      const url = new URL(input instanceof Request ? input.url : String(input), location.href);
      const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
      const answer = fetchOfPage(input, init);
      if (url.pathname.startsWith('/api/')) {
        const call: ApiCall = {
          key: `${method} ${url.pathname}${url.search}`,
          asked: performance.now(),
          answered: null,
        };
        calls.push(call);
        const settle = () => {
          call.answered = performance.now();
        };
        answer.then(settle, settle);
      }
      return answer;
    };
  });
}

const apiCallsOf = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __apiCalls: ApiCall[] }).__apiCalls.map((call) => ({ ...call })),
  );

/** Each call's place in the longest chain of calls whose answers the page had before it asked. */
function roundTrips(calls: ApiCall[]): Map<ApiCall, number> {
  const depth = new Map<ApiCall, number>();
  for (const call of [...calls].sort((a, b) => a.asked - b.asked)) {
    const before = calls.filter(
      (other) => other !== call && other.answered !== null && other.answered <= call.asked,
    );
    depth.set(call, 1 + Math.max(0, ...before.map((other) => depth.get(other) ?? 0)));
  }
  return depth;
}

async function checkScreen(page: Page, path: string, usable: () => Promise<void>) {
  await recordApiCalls(page);
  await page.goto(path);
  await usable();
  const usableAt = await page.evaluate(() => performance.now());
  // Let the page settle, so a request repeated after first paint is caught too.
  await page.waitForLoadState('networkidle');
  await expect
    .poll(async () => (await apiCallsOf(page)).every((call) => call.answered !== null), { timeout: 10_000 })
    .toBe(true);
  const calls = await apiCallsOf(page);

  // Page views are fire and forget: no screen waits on them, so they start no chain either.
  const screenCalls = calls.filter((call) => !call.key.includes(PAGE_VIEWS));
  const beforeUsable = screenCalls.filter((call) => (call.answered ?? Infinity) <= usableAt);
  const depths = roundTrips(screenCalls);
  const chain = beforeUsable.map((call) => `${depths.get(call)}: ${call.key}`).sort();
  expect(
    Math.max(0, ...beforeUsable.map((call) => depths.get(call) ?? 0)),
    chain.join('\n'),
  ).toBeLessThanOrEqual(2);

  // One page view per navigation is expected; any other call made twice is a duplicate.
  const gets = screenCalls.map((call) => call.key);
  const duplicates = gets.filter((key, index) => gets.indexOf(key) !== index);
  expect(duplicates, `all calls:\n${gets.join('\n')}`).toEqual([]);
}

async function signIn(page: Page): Promise<string> {
  const team = await signInByLink(page, 'olivia@acme.test', 'Acme Inc');
  await expect(page.getByRole('region', { name: 'Team details' })).toBeVisible();
  return team;
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
