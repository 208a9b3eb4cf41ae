import { screen } from '@testing-library/react';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { Profile } from '@/domain/entities';
import { startRouteLoads } from '@/routes/loads/start-route-loads';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';

const FAR_FUTURE_S = 4_102_444_800;
const profile = (email: string): Profile => ({ id: 7, email, fullName: 'Olivia Owens', isStaff: false });
const signedIn = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
const profileRequests = (requests: { url: string }[]) =>
  requests.filter((request) => new URL(request.url).pathname === '/api/v2/profile');

describe('the signed-in profile as a first load', () => {
  it('is asked for on home and the team pages only', async () => {
    for (const pathname of ['/login', '/web-login', '/profile', '/public-files/abc', '/teamsx', '/signup']) {
      const { fetch, requests } = fakeFetch(() => jsonResponse(200, profile('olivia@acme.test')));
      const { services } = createTestServices({ fetch, stored: signedIn });
      startRouteLoads(services, { pathname, search: '' });
      await new Promise((resolve) => setTimeout(resolve, 10));
      expect(profileRequests(requests)).toHaveLength(0);
    }
    for (const pathname of ['/', '/teams/3-7', '/teams/3-7/users', '/teams/3-7/billing']) {
      const { fetch, requests } = fakeFetch(() => jsonResponse(200, profile('olivia@acme.test')));
      const { services } = createTestServices({ fetch, stored: signedIn });
      startRouteLoads(services, { pathname, search: '' });
      await vi.waitFor(() => expect(profileRequests(requests)).toHaveLength(1));
    }
  });

  it('makes no request for a visitor who is not signed in', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, profile('olivia@acme.test')));
    const { services } = createTestServices({ fetch, stored: null });
    startRouteLoads(services, { pathname: '/teams/3-7/overview', search: '' });
    const kept = services.routeData.take('profile:me', () => Promise.reject(new Error('asked again')));
    await expect(kept).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });
});

describe('the team frame', () => {
  beforeAll(preloadRouteGroups, 30_000);

  it('takes the profile its route asked for, and asks for no other', async () => {
    const membership = membershipFixture(
      { id: 3, name: 'Acme Inc', plan: 'premium' },
      { id: 7, email: 'olivia@acme.test', fullName: 'Olivia Owens', role: 'owner' },
    );
    const { fetch, requests } = fakeFetch((_call, request) => {
      const { pathname } = new URL(request.url);
      if (pathname === '/api/v1/collab/teams') return jsonResponse(200, { items: [membership] });
      if (pathname === '/api/v2/profile') return jsonResponse(200, profile('olivia@acme.test'));
      return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
    });
    const { services } = createTestServices({ fetch, stored: signedIn });
    const router = renderConsole(services, '/teams/3-7/users');
    await screen.findByRole('navigation', { name: 'Team' });
    // Long enough for a frame that asked again to have done so.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(profileRequests(requests)).toHaveLength(1);
    // Between team pages the frame stays, and neither it nor the navigation asks again.
    await router.navigate('/teams/3-7/overview');
    await screen.findByRole('heading', { name: 'Overview' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(profileRequests(requests)).toHaveLength(1);
  });
});
