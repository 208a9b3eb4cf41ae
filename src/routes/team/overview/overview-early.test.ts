import { answerOf, EARLY_ANSWER_FRESH_MS } from '@/api/early-answers';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { createTestServices } from '@/test/test-services';
import { askOverviewEarlyOn, overviewEarly } from './overview-early';

const FAR_FUTURE_S = 4_102_444_800;
const ref = { teamId: 3, userId: 7 };
const acme = membershipFixture({ id: 3, name: 'Acme Inc' }, { id: 7, email: 'olivia@acme.test' });
const TEAM_PATH = '/api/v1/collab/teams/3-7';

function consoleAnswering(status: number, body: unknown) {
  const { fetch, requests } = fakeFetch((_call, request) =>
    new URL(request.url).pathname === TEAM_PATH
      ? jsonResponse(status, body)
      : jsonResponse(200, { items: [acme] }),
  );
  const stored = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
  const { services } = createTestServices({ fetch, stored });
  const teamRequests = () => requests.filter((request) => new URL(request.url).pathname === TEAM_PATH);
  return { api: services.api, teamRequests };
}

afterEach(() => {
  // Whatever a test left untaken is not the next one's.
  overviewEarly(ref).forget();
});

describe('the overview asked for early', () => {
  it("shows the page's renders the team once it is in, and gives it to the first take only", async () => {
    const { api, teamRequests } = consoleAnswering(200, acme);
    askOverviewEarlyOn(api, '/teams/3-7/overview', 1_000);
    expect(overviewEarly(ref).peek(1_000)).toBeNull();
    await vi.waitFor(() => expect(teamRequests()).toHaveLength(1));
    await vi.waitFor(() => expect(overviewEarly(ref).peek(1_400)).toEqual({ value: acme }));
    expect(overviewEarly(ref).take(vi.fn(), 1_500)).toEqual({ value: acme });
    expect(overviewEarly(ref).take(vi.fn(), 1_600)).toBeNull();
  });

  it('gives nothing for another team user, or once stale; asks again after a failure', async () => {
    const { api } = consoleAnswering(200, acme);
    askOverviewEarlyOn(api, '/teams/3-7/overview', 1_000);
    expect(overviewEarly({ teamId: 3, userId: 8 }).take(vi.fn(), 1_100)).toBeNull();
    expect(overviewEarly(ref).take(vi.fn(), 1_000 + EARLY_ANSWER_FRESH_MS + 1)).toBeNull();

    const failing = consoleAnswering(404, {
      errorCode: 2200,
      errorMessage: 'Item not found',
      errorData: null,
    });
    askOverviewEarlyOn(failing.api, '/teams/3-7/overview', 2_000);
    const askAgain = vi.fn(async () => acme);
    const taken = overviewEarly(ref).take(askAgain, 2_100);
    await expect(taken && answerOf(taken)).resolves.toEqual(acme);
    expect(askAgain).toHaveBeenCalledTimes(1);
  });

  it('asks at start-up on an overview only', () => {
    const { api } = consoleAnswering(200, acme);
    for (const pathname of [
      '/teams/3-7/users',
      '/teams/3-7/billing',
      '/teams/x-7/overview',
      '/',
      '/teams/3-7',
    ]) {
      askOverviewEarlyOn(api, pathname, 1_000);
    }
    expect(overviewEarly(ref).take(vi.fn(), 1_100)).toBeNull();
    askOverviewEarlyOn(api, '/teams/3-7/overview', 1_000);
    expect(overviewEarly(ref).take(vi.fn(), 1_100)).not.toBeNull();
  });
});
