import { act, screen, waitFor } from '@testing-library/react';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { TeamMembership } from '@/domain/entities';
import { groupLoaders } from '@/routes/route-groups';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';

const FAR_FUTURE_S = 4_102_444_800;
const signedIn = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };

function renderAt(
  path: string,
  { loggedIn = true, memberships = [] as TeamMembership[], profile = null as object | null } = {},
) {
  const { fetch, requests } = fakeFetch((_call, request) =>
    request.url.endsWith('/api/v1/collab/teams')
      ? jsonResponse(200, { items: memberships })
      : profile && request.url.endsWith('/api/v2/profile')
        ? jsonResponse(200, profile)
        : jsonResponse(404, {}),
  );
  const { services, pageViews } = createTestServices({ fetch, stored: loggedIn ? signedIn : null });
  const router = renderConsole(services, path);
  return { router, services, requests, pageViews };
}

beforeAll(preloadRouteGroups, 30_000);

describe('the console router', () => {
  it('shows Page not found in the public layout for an unknown path', async () => {
    renderAt('/no/such/page', { loggedIn: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toContain('from=not-found');
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // The title is set in an effect after the page renders.
    await waitFor(() => expect(document.title).toBe('Spark Teams Console'));
  });

  it('treats a team path without numeric ids as not found, before asking for a login', async () => {
    const { router } = renderAt('/teams/acme/overview', { loggedIn: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toContain('from=not-found');
    expect(router.state.location.pathname).toBe('/teams/acme/overview');
    expect(screen.queryByRole('heading', { name: 'Team Preferences' })).toBeNull();
  });

  it('treats a public page whose team user is not numeric as not found', async () => {
    renderAt('/teams/1-x/weblogin-success', { loggedIn: false });
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toContain('from=not-found');
    await waitFor(() => expect(document.title).toBe('Spark Teams Console'));
  });

  it('sends the bare team path to the overview inside the team layout, and titles the page', async () => {
    const acme = membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' });
    const { router, pageViews } = renderAt('/teams/3-7', { memberships: [acme] });
    expect(await screen.findByRole('heading', { name: 'Overview' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/teams/3-7/overview');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.getByRole('heading', { name: 'Team Preferences' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Spark' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Overview – Spark Teams Console'));
    // The bare path is replaced before it is a page: one view, the overview's.
    expect(pageViews).toEqual([{ route: 'team-overview', tid: 3, uid: 7 }]);
  });

  it('says so when the address names a team the user is not in', async () => {
    renderAt('/teams/4-8/overview', {
      memberships: [membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' })],
    });
    expect(await screen.findByText('You are not a member of this team')).toBeTruthy();
  });

  it("moves a teammate's link to the user's own membership of that team, replacing the entry", async () => {
    const { router } = renderAt('/teams/3-8/users?filter=pending', {
      memberships: [membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' })],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/3-7/users'));
    expect(router.state.location.search).toBe('?filter=pending');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(screen.queryByText('You are not a member of this team')).toBeNull();
  });

  it('renders a personal page in the public layout, its query read by the page', async () => {
    renderAt('/pb/result?result=failure&mode=setup');
    expect(await screen.findByText('Failed to update billing details.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to profile' }).getAttribute('href')).toBe('/profile');
    expect(screen.getByRole('link', { name: 'Get Spark' }).getAttribute('href')).toContain('from=pb-result');
  });

  it('routes /public-files/upload to the upload page, not the download page', async () => {
    const staff = { id: 7, email: 'staff@spark.test', fullName: 'Sid Staff', isStaff: true };
    renderAt('/public-files/upload', { profile: staff });
    expect(await screen.findByRole('heading', { name: 'Upload a public file' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeTruthy();
  });

  it('tells a signed-in person who is not staff that the upload page is not theirs', async () => {
    const olivia = { id: 7, email: 'olivia@acme.test', fullName: 'Olivia Owens', isStaff: false };
    renderAt('/public-files/upload', { profile: olivia });
    expect(await screen.findByText(/This page is for Spark staff only/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upload' })).toBeNull();
  });

  it('sends a visitor on a login-required page to session-expired, carrying the path as goto', async () => {
    const { router, pageViews } = renderAt('/teams/3-7/users?filter=admins', { loggedIn: false });
    expect(await screen.findByRole('heading', { name: 'Session expired' })).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
    // The guarded page was never shown: the only view is the sign-in page's. The view is reported
    // from an effect after the heading renders, so wait for it; an extra view would never match.
    await waitFor(() => expect(pageViews).toEqual([{ route: 'session-expired', tid: null, uid: null }]));
    expect(screen.getByText('You were logged out due to inactivity')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/session-expired');
    expect(new URLSearchParams(router.state.location.search).get('goto')).toBe(
      '/teams/3-7/users?filter=admins',
    );
  });

  it('lets visitors open pages that need no login', async () => {
    const { router, requests } = renderAt('/accept-invitation?key=abc', { loggedIn: false });
    // The page runs for a visitor: it calls the join API without a session (this fake answers 404
    // without the spec's body, which the page shows as an unknown error).
    expect(await screen.findByText('Unknown error.')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/accept-invitation');
    const join = requests.find((r) => r.url.endsWith('/api/v1/teams/join/abc'));
    expect(join?.method).toBe('POST');
    await waitFor(() => expect(document.title).toBe('Accept invitation – Spark Teams Console'));
  });

  it('sends one page-view event per navigation, with the route and tid/uid', async () => {
    const acme = membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' });
    const { router, pageViews } = renderAt('/teams/3-7/overview', { memberships: [acme] });
    await screen.findByRole('heading', { name: 'Overview' });
    await router.navigate('/teams/3-7/users');
    await screen.findByRole('heading', { name: 'Members' });
    // Views are reported from an effect after the page renders.
    await waitFor(() =>
      expect(pageViews).toEqual([
        { route: 'team-overview', tid: 3, uid: 7 },
        { route: 'team-users', tid: 3, uid: 7 },
      ]),
    );
  });

  it('follows a session that ends under a guarded page to sign-in, with the page as goto', async () => {
    const acme = membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' });
    const { router, services } = renderAt('/teams/3-7/overview?tab=1', { memberships: [acme] });
    await screen.findByRole('heading', { name: 'Overview' });
    // Another tab's session ended without a logout (its refresh was refused): the spec's words.
    act(() => services.session.send({ type: 'session.storageChanged', stored: null }));
    expect(await screen.findByRole('heading', { name: 'Session expired' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth/session-expired');
    expect(new URLSearchParams(router.state.location.search).get('goto')).toBe('/teams/3-7/overview?tab=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the error screen when a page cannot load, and leaves it on the next navigation', async () => {
    const load = groupLoaders['public-back-to-app'];
    groupLoaders['public-back-to-app'] = () =>
      Promise.reject(new Error('Failed to fetch dynamically imported module'));
    // React reports the error the boundary caught; expected here.
    const reported = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { router } = renderAt('/back-to-app', { loggedIn: false });
      expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
      expect(screen.getByText('Failed to fetch dynamically imported module')).toBeTruthy();
      expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
      await waitFor(() => expect(document.title).toBe('Spark Teams Console'));
      await router.navigate('/no/such/page');
      expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
    } finally {
      groupLoaders['public-back-to-app'] = load;
      reported.mockRestore();
    }
  });
});
