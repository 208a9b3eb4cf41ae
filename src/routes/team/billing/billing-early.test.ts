import { answerOf, EARLY_ANSWER_FRESH_MS } from '@/api/early-answers';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { acmeBilling, acmeInvoices, acmeProducts } from '@/domain/billing-fixtures';
import type { TeamUser } from '@/domain/entities';
import { membershipFixture } from '@/domain/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { createTestServices } from '@/test/test-services';
import { askBillingPageEarlyOn, billingPageAt, billingPageEarly } from './billing-early';

const FAR_FUTURE_S = 4_102_444_800;
const TEAM_ID = 3;
const USER_ID = 7;
const ref = { teamId: TEAM_ID, userId: USER_ID };
const billingPath = { pathname: `/teams/${TEAM_ID}-${USER_ID}/billing`, search: '' };
const base = `/api/v1/collab/${TEAM_ID}-${USER_ID}`;
const BILLING_CALLS = [`${base}/billing`, `${base}/billing/plans`, `${base}/billing/invoices`];
const PADDLE_SETTINGS = `${base}/billing-paddle/settings`;

/** Signed in as user 7 of team 3 with `role`; the billing calls answer `billingStatus`. */
function consoleOf(role: TeamUser['role'] | null, billingStatus = 200) {
  const membership = membershipFixture(
    { id: TEAM_ID, name: 'Acme Inc', plan: 'premium' },
    { id: USER_ID, email: 'olivia@acme.test', role: role ?? 'owner' },
  );
  const { fetch, requests } = fakeFetch((_call, request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/v1/collab/teams') return jsonResponse(200, { items: [membership] });
    if (billingStatus !== 200) {
      return jsonResponse(billingStatus, {
        errorCode: 2200,
        errorMessage: 'Item not found',
        errorData: null,
      });
    }
    if (pathname === `${base}/billing`) return jsonResponse(200, acmeBilling);
    if (pathname === `${base}/billing/plans`) return jsonResponse(200, acmeProducts);
    if (pathname === `${base}/billing/invoices`) return jsonResponse(200, acmeInvoices);
    if (pathname === PADDLE_SETTINGS) return jsonResponse(200, { allowedProviders: ['stripe'] });
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const stored =
    role === null
      ? null
      : {
          refreshToken: 'rt_1',
          accessToken: fakeAccessToken(USER_ID),
          expiresAt: FAR_FUTURE_S,
          uid: USER_ID,
        };
  const { services } = createTestServices({ fetch, stored });
  const paths = () => requests.map((request) => new URL(request.url).pathname);
  return { services, paths };
}

const billingCallsIn = (paths: string[]) =>
  paths.filter((path) => BILLING_CALLS.includes(path) || path === PADDLE_SETTINGS);

describe('the billing page asked for early', () => {
  afterEach(() => {
    vi.useRealTimers();
    // Whatever a test left unanswered is not the next one's.
    billingPageEarly(ref).take(vi.fn());
  });

  it("asks for the owner's billing once the memberships are in, and gives it to the first take only", async () => {
    const { services, paths } = consoleOf('owner');
    await askBillingPageEarlyOn(services.api, services.registry, billingPath);
    // The memberships came first: the role is known from them alone.
    expect(paths()[0]).toBe('/api/v1/collab/teams');
    await vi.waitFor(() =>
      expect(billingCallsIn(paths()).sort()).toEqual([...BILLING_CALLS, PADDLE_SETTINGS].sort()),
    );

    const askAgain = vi.fn(async () => {
      throw new Error('asked again');
    });
    // Taken once the answer is in: the data itself, for the page's first render.
    await new Promise((resolve) => setTimeout(resolve, 0));
    const taken = billingPageEarly(ref).take(askAgain);
    expect(taken && 'value' in taken && taken.value.billing).toEqual(acmeBilling);
    expect(taken && 'value' in taken && taken.value.invoices).toEqual(acmeInvoices);
    expect(billingPageEarly(ref).take(askAgain)).toBeNull();
    expect(askAgain).not.toHaveBeenCalled();
  });

  it.each(['admin', 'member'] as const)('makes no billing call for an %s', async (role) => {
    const { services, paths } = consoleOf(role);
    await askBillingPageEarlyOn(services.api, services.registry, billingPath);
    expect(paths()).toEqual(['/api/v1/collab/teams']);
    expect(billingPageEarly(ref).take(vi.fn())).toBeNull();
  });

  it("makes no billing call for another team user's address, or off the billing page", async () => {
    const { services, paths } = consoleOf('owner');
    await askBillingPageEarlyOn(services.api, services.registry, {
      pathname: `/teams/${TEAM_ID}-8/billing`,
      search: '',
    });
    for (const pathname of [`/teams/${TEAM_ID}-${USER_ID}/overview`, `/teams/x-${USER_ID}/billing`, '/']) {
      await askBillingPageEarlyOn(services.api, services.registry, { pathname, search: '' });
    }
    expect(billingCallsIn(paths())).toEqual([]);
    expect(billingPageEarly({ teamId: TEAM_ID, userId: 8 }).take(vi.fn())).toBeNull();
  });

  it('gives up on a visitor who is not signed in, without a call', async () => {
    vi.useFakeTimers();
    const { services, paths } = consoleOf(null);
    const asked = askBillingPageEarlyOn(services.api, services.registry, billingPath);
    await vi.advanceTimersByTimeAsync(EARLY_ANSWER_FRESH_MS + 1);
    await asked;
    expect(paths()).toEqual([]);
    expect(billingPageEarly(ref).take(vi.fn())).toBeNull();
  });

  it('asks again when the early calls failed, so the page meets the failure itself', async () => {
    const { services } = consoleOf('owner', 404);
    await askBillingPageEarlyOn(services.api, services.registry, billingPath);
    const again = {
      provider: 'stripe' as const,
      billing: acmeBilling,
      plans: acmeProducts,
      invoices: acmeInvoices,
      providers: null,
    };
    const askAgain = vi.fn(async () => again);
    const taken = billingPageEarly(ref).take(askAgain);
    await expect(taken && answerOf(taken)).resolves.toBe(again);
    expect(askAgain).toHaveBeenCalledTimes(1);
  });

  it("asks on a login link to the owner's billing too", async () => {
    const { services, paths } = consoleOf('owner');
    const link = {
      pathname: '/login',
      search: `?token=t1&team_id=${TEAM_ID}&user_id=${USER_ID}&redirectTo=billing`,
    };
    await askBillingPageEarlyOn(services.api, services.registry, link);
    await vi.waitFor(() => expect(billingCallsIn(paths())).toHaveLength(4));
    const taken = billingPageEarly(ref).take(vi.fn());
    expect(await (taken && answerOf(taken))).toMatchObject({ billing: acmeBilling });
  });
});

describe('the billing page a start-up address opens', () => {
  it.each([
    ['/teams/3-7/billing', ''],
    ['/teams/3-7/billing/', '?mode=checkout&result=success'],
    ['/login', '?token=t1&team_id=3&user_id=7&redirectTo=billing'],
    ['/login/', '?redirectTo=billing&user_id=7&token=t1&team_id=3'],
  ])('is team user 3-7 at %s%s', (pathname, search) => {
    expect(billingPageAt({ pathname, search })).toEqual(ref);
  });

  it.each([
    ['/teams/3-7/overview', ''],
    ['/teams/3-7/users', '?redirectTo=billing'],
    ['/teams/x-7/billing', ''],
    ['/login', '?token=t1&team_id=3&user_id=7'],
    ['/login', '?team_id=3&user_id=7&redirectTo=billing'],
    ['/login', '?token=t1&redirectTo=billing'],
    ['/auth', '?token=t1&team_id=3&user_id=7&redirectTo=billing'],
  ])('is none at %s%s', (pathname, search) => {
    expect(billingPageAt({ pathname, search })).toBeNull();
  });
});
