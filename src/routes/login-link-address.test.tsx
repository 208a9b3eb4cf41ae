import { act, screen, waitFor } from '@testing-library/react';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { LoginLink } from '@/app/login-link';
import { createAppServices } from '@/app/services';
import type { Tokens } from '@/domain/entities';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken, fakeAuthCode } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { memorySessionStore } from '@/test/test-services';

const CODE = fakeAuthCode(7);
const LINK = `/login?token=${CODE}&team_id=3&user_id=7`;
const TOKENS: Tokens = { refreshToken: 'rt_7', accessToken: fakeAccessToken(7), expiresAt: 4_102_444_800 };

/** The console at a login link's address, its exchange answered when the test says. */
function renderLink() {
  let answer: (tokens: Tokens) => void = () => {};
  let refuse: (error: Error) => void = () => {};
  const tokens = new Promise<Tokens>((resolve, reject) => {
    answer = resolve;
    refuse = reject;
  });
  tokens.catch(() => {});
  const link: LoginLink = { code: CODE, destination: '/teams/3-7/overview', tokens };
  const acme = membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' });
  const { fetch, requests } = fakeFetch((_call, request) =>
    request.url.endsWith('/api/v1/collab/teams')
      ? jsonResponse(200, { items: [acme] })
      : jsonResponse(404, {}),
  );
  const store = memorySessionStore();
  const services = createAppServices({
    store,
    fetch,
    prefixUrl: 'http://console.test',
    analyticsSink: () => {},
    loginLink: link,
  });
  const router = renderConsole(services, LINK);
  return { router, store, requests, answer, refuse };
}

beforeAll(preloadRouteGroups, 30_000);

describe("a login link's address", () => {
  it("shows the team page's frame while the code is exchanged, the address the link's", async () => {
    const { router, store } = renderLink();
    expect(await screen.findByRole('heading', { name: 'Team Preferences' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Overview' })).toBeTruthy();
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(LINK);
    expect(store.value).toBeNull();
  });

  it("becomes the team page's once the session is stored, replacing the link's entry", async () => {
    const { router, store, answer } = renderLink();
    await screen.findByRole('heading', { name: 'Team Preferences' });
    await act(async () => answer(TOKENS));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/3-7/overview'));
    expect(router.state.location.search).toBe('');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(store.value?.refreshToken).toBe('rt_7');
    expect(await screen.findByRole('button', { name: /Acme Inc/ })).toBeTruthy();
  });

  it('a refused code: the link stays, and its sign-in page says Token is invalid', async () => {
    const { router, store, refuse, requests } = renderLink();
    await screen.findByRole('heading', { name: 'Team Preferences' });
    await act(async () => refuse(new Error('The login code was refused (401)')));
    expect(await screen.findByText('Token is invalid')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(LINK);
    expect(screen.queryByRole('heading', { name: 'Team Preferences' })).toBeNull();
    expect(store.value).toBeNull();
    // The kept refusal answered the sign-in page's login: the server was not asked.
    expect(requests.filter((request) => request.url.endsWith('/api/v2/auth/code'))).toHaveLength(0);
  });
});
