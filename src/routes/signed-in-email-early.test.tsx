import { screen } from '@testing-library/react';
import { EARLY_ANSWER_FRESH_MS } from '@/api/early-answers';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { Profile } from '@/domain/entities';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';
import { askProfileEarlyOn, takeProfileEarly } from './signed-in-email-early';

const FAR_FUTURE_S = 4_102_444_800;
const profile = (email: string): Profile => ({ id: 7, email, fullName: 'Olivia Owens', isStaff: false });
const signedIn = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
const profileRequests = (requests: { url: string }[]) =>
  requests.filter((request) => new URL(request.url).pathname === '/api/v2/profile');

function apiAnswering(status: number, body: unknown) {
  const { fetch, requests } = fakeFetch(() => jsonResponse(status, body));
  const { services } = createTestServices({ fetch, stored: signedIn });
  return { api: services.api, requests };
}

afterEach(() => {
  // Whatever a test left untaken is not the next one's.
  takeProfileEarly(vi.fn());
});

describe('the signed-in profile asked for early', () => {
  it('gives the early answer to the first take only', async () => {
    const { api, requests } = apiAnswering(200, profile('olivia@acme.test'));
    askProfileEarlyOn(api, '/teams/3-7/overview', 1_000);
    const askAgain = vi.fn(async () => profile('asked@again.test'));
    await expect(takeProfileEarly(askAgain, 1_500)).resolves.toEqual(profile('olivia@acme.test'));
    expect(takeProfileEarly(askAgain, 1_600)).toBeNull();
    expect(askAgain).not.toHaveBeenCalled();
    expect(profileRequests(requests)).toHaveLength(1);
  });

  it('gives nothing once the answer is stale, and asks again after a failure', async () => {
    const stale = apiAnswering(200, profile('olivia@acme.test'));
    askProfileEarlyOn(stale.api, '/', 1_000);
    expect(takeProfileEarly(vi.fn(), 1_000 + EARLY_ANSWER_FRESH_MS + 1)).toBeNull();

    const failing = apiAnswering(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
    askProfileEarlyOn(failing.api, '/', 2_000);
    const askAgain = vi.fn(async () => profile('asked@again.test'));
    await expect(takeProfileEarly(askAgain, 2_100)).resolves.toEqual(profile('asked@again.test'));
  });

  it('asks at start-up on home and the team pages only', async () => {
    const { api, requests } = apiAnswering(200, profile('olivia@acme.test'));
    for (const pathname of ['/login', '/web-login', '/profile', '/public-files/abc', '/teamsx', '/signup']) {
      askProfileEarlyOn(api, pathname, 1_000);
    }
    expect(takeProfileEarly(vi.fn(), 1_100)).toBeNull();
    for (const pathname of ['/', '/teams/3-7', '/teams/3-7/users', '/teams/3-7/billing']) {
      askProfileEarlyOn(api, pathname, 1_000);
      expect(takeProfileEarly(vi.fn(), 1_100)).not.toBeNull();
    }
    await vi.waitFor(() => expect(profileRequests(requests)).toHaveLength(4));
  });

  it('makes no request for a visitor who is not signed in', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, profile('olivia@acme.test')));
    const { services } = createTestServices({ fetch, stored: null });
    askProfileEarlyOn(services.api, '/teams/3-7/overview', 1_000);
    await expect(takeProfileEarly(() => Promise.reject(new Error('asked again')), 1_100)).rejects.toThrow();
    expect(requests).toHaveLength(0);
  });
});

describe('the team frame', () => {
  beforeAll(preloadRouteGroups, 30_000);

  it('takes the profile asked for as the console started, and asks for no other', async () => {
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
    askProfileEarlyOn(services.api, '/teams/3-7/users');
    renderConsole(services, '/teams/3-7/users');
    await screen.findByRole('navigation', { name: 'Team' });
    // Long enough for a frame that asked again to have done so.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(profileRequests(requests)).toHaveLength(1);
  });
});
