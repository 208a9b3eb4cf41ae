import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { ROUTE_DATA_FRESH_MS } from '@/app/route-data';
import type { TeamUser } from '@/domain/entities';
import { acmeBilling, acmeInvoices, acmeProducts } from '@/test/billing-fixtures';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { createTestServices } from '@/test/test-services';
import { startRouteLoads } from './start-route-loads';
import { askAgainIfNotAsked, LoadNotAsked } from './use-route-data';

const FAR_FUTURE_S = 4_102_444_800;
const base = '/api/v1/collab/3-7';
const BILLING_CALLS = [`${base}/billing`, `${base}/billing/invoices`, `${base}/billing/plans`].sort();
const KEY = 'AbCdEfGhIjKlMnOpQrSt_-';
const SECRET = `${'a1B2c3D4e5'.repeat(4)}xyz=`;
const notAskedAgain = () => Promise.reject(new Error('asked again'));

/** A console signed in as user 7 of team 3 with `role` (null: nobody is signed in). */
function consoleOf(role: TeamUser['role'] | null = 'owner', billingStatus = 200) {
  const membership = membershipFixture(
    { id: 3, name: 'Acme Inc', plan: 'premium' },
    { id: 7, email: 'olivia@acme.test', role: role ?? 'owner' },
  );
  const { fetch, requests } = fakeFetch((_call, request) => {
    const { pathname } = new URL(request.url);
    if (pathname === '/api/v1/collab/teams') return jsonResponse(200, { items: [membership] });
    if (pathname === '/api/v1/collab/teams/3-7') return jsonResponse(200, membership);
    if (pathname === '/api/v2/profile') return jsonResponse(200, { email: 'olivia@acme.test' });
    if (pathname === `${base}/users`) return jsonResponse(200, { items: [], nextPageToken: null });
    if (pathname.startsWith('/api/v1/public-files/')) return jsonResponse(200, { key: KEY });
    if (pathname.startsWith(`${base}/billing`) && billingStatus !== 200) {
      return jsonResponse(billingStatus, {
        errorCode: 2200,
        errorMessage: 'Item not found',
        errorData: null,
      });
    }
    if (pathname === `${base}/billing`) return jsonResponse(200, acmeBilling);
    if (pathname === `${base}/billing/plans`) return jsonResponse(200, acmeProducts);
    if (pathname === `${base}/billing/invoices`) return jsonResponse(200, acmeInvoices);
    if (pathname === `${base}/billing-paddle/settings`)
      return jsonResponse(200, { allowedProviders: ['stripe'] });
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const stored =
    role === null
      ? null
      : { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
  const { services } = createTestServices({ fetch, stored });
  // Besides the memberships, which a signed-in console loads whatever its address.
  const paths = () =>
    requests
      .map((request) => new URL(request.url).pathname)
      .filter((path) => path !== '/api/v1/collab/teams');
  const memberships = () => requests.findIndex((request) => request.url.endsWith('/api/v1/collab/teams'));
  const billingCalls = () =>
    paths()
      .filter((path) => BILLING_CALLS.includes(path))
      .sort();
  const startAt = (pathname: string, search = '') => startRouteLoads(services, { pathname, search });
  return { services, paths, memberships, billingCalls, startAt, requests };
}

/** Long enough for any request a start would make to have gone out. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the first loads the route table declares', () => {
  afterEach(() => vi.useRealTimers());

  it('asks on a members page for its first page of members and the frame’s profile, once', async () => {
    const { services, paths, startAt } = consoleOf();
    startAt('/teams/3-7/users');
    startAt('/teams/3-7/users', '?filter=admins');
    await settle();
    expect(paths().sort()).toEqual(['/api/v1/collab/3-7/users', '/api/v2/profile']);
    const kept = services.routeData.take('members:3-7', notAskedAgain);
    await expect(kept).resolves.toEqual({ items: [], nextPageToken: null });
  });

  it('asks on the overview for its team, and on home for the profile alone', async () => {
    const overview = consoleOf();
    overview.startAt('/teams/3-7/overview');
    await settle();
    expect(overview.paths().sort()).toEqual(['/api/v1/collab/teams/3-7', '/api/v2/profile']);
    const home = consoleOf();
    home.startAt('/');
    await settle();
    expect(home.paths()).toEqual(['/api/v2/profile']);
  });

  it.each([
    ['/teams/x-7/users'],
    ['/teams/3-7/contact-us'],
    ['/web-login'],
    ['/accept-invitation'],
    ['/no/such/page'],
    // A login link's destination asks once the login page has taken the token and goes there.
    ['/login?token=t1&team_id=3&user_id=7&redirectTo=billing'],
  ])('asks for nothing the route does not declare at %s', async (address) => {
    const { paths, startAt } = consoleOf();
    const [pathname = '', search = ''] = address.split(/(?=\?)/);
    startAt(pathname, search);
    await settle();
    // The team frame of a contact-us page still shows the signed-in email.
    expect(paths()).toEqual(pathname === '/teams/3-7/contact-us' ? ['/api/v2/profile'] : []);
  });

  it('asks for the file of a well-formed public file link only', async () => {
    const { paths, startAt } = consoleOf(null);
    startAt(`/public-files/${KEY}`, `?s=${encodeURIComponent(SECRET)}`);
    startAt(`/public-files/${KEY}`, '?s=short');
    startAt('/public-files/short', `?s=${encodeURIComponent(SECRET)}`);
    await settle();
    expect(paths()).toEqual([`/api/v1/public-files/${KEY}`]);
  });

  it("asks for the owner's billing once the memberships are in", async () => {
    const { services, memberships, requests, billingCalls, startAt } = consoleOf('owner');
    startAt('/teams/3-7/billing');
    await vi.waitFor(() => expect(billingCalls()).toEqual(BILLING_CALLS));
    // The memberships came first: the role is known from them alone.
    const firstBillingCall = requests.findIndex((request) => request.url.includes('/billing'));
    expect(memberships()).toBeGreaterThanOrEqual(0);
    expect(memberships()).toBeLessThan(firstBillingCall);
    const kept = services.routeData.take('billing:3-7', notAskedAgain);
    await expect(kept).resolves.toMatchObject({ billing: acmeBilling, invoices: acmeInvoices });
  });

  it.each(['admin', 'member'] as const)(
    'makes no billing call for an %s, leaving the page to decide',
    async (role) => {
      const { services, billingCalls, startAt } = consoleOf(role);
      startAt('/teams/3-7/billing');
      const askAgain = vi.fn(askAgainIfNotAsked(async () => 'the page’s own answer'));
      await expect(services.routeData.take('billing:3-7', askAgain)).resolves.toBe('the page’s own answer');
      expect(billingCalls()).toEqual([]);
    },
  );

  it('hands failed billing calls to the page as its own failure, without asking (and retrying) again', async () => {
    const { services, billingCalls, startAt } = consoleOf('owner', 404);
    startAt('/teams/3-7/billing');
    await vi.waitFor(() => expect(billingCalls()).toEqual(BILLING_CALLS));
    const ask = vi.fn(async () => 'asked again by the page');
    const kept = services.routeData.take('billing:3-7', askAgainIfNotAsked(ask));
    await expect(kept).rejects.toMatchObject({ status: 404 });
    expect(ask).not.toHaveBeenCalled();
  });

  it('gives up on billing for a visitor who is not signed in, without a call', async () => {
    vi.useFakeTimers();
    const { services, paths, startAt } = consoleOf(null);
    startAt('/teams/3-7/billing');
    let failure: unknown = null;
    const kept = services.routeData.take('billing:3-7', async (reason) => {
      failure = reason;
      return 'asked by the page';
    });
    await vi.advanceTimersByTimeAsync(ROUTE_DATA_FRESH_MS + 1);
    await expect(kept).resolves.toBe('asked by the page');
    expect(failure).toBeInstanceOf(LoadNotAsked);
    expect(paths().filter((path) => path.includes('/billing'))).toEqual([]);
  });
});
