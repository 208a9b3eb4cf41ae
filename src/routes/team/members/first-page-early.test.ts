import { createApiClient } from '@/api/client';
import { EARLY_ANSWER_FRESH_MS } from '@/api/early-answers';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import {
  askFirstMembersPageEarly,
  askFirstMembersPageEarlyOn,
  takeFirstMembersPage,
} from './first-page-early';

const ref = { teamId: 3, userId: 7 };
const page = (name: string) => ({ items: [{ id: 7, fullName: name }], nextPageToken: null });

function apiAnswering(status: number, body: unknown) {
  const { fetch, requests } = fakeFetch(() => jsonResponse(status, body));
  return { api: createApiClient({ prefixUrl: 'http://console.test', fetch }), requests };
}

describe('the members page asked for early', () => {
  it('gives the early answer to the first take only', async () => {
    const { api, requests } = apiAnswering(200, page('Olivia Owens'));
    askFirstMembersPageEarly(api, ref, 1_000);
    const askAgain = vi.fn(async () => page('asked again') as never);
    await expect(takeFirstMembersPage(ref, askAgain, 1_500)).resolves.toEqual(page('Olivia Owens'));
    expect(takeFirstMembersPage(ref, askAgain, 1_600)).toBeNull();
    expect(askAgain).not.toHaveBeenCalled();
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual(['/api/v1/collab/3-7/users']);
  });

  it('gives nothing for another team user, or once the answer is stale', () => {
    const { api } = apiAnswering(200, page('Olivia Owens'));
    askFirstMembersPageEarly(api, ref, 1_000);
    expect(takeFirstMembersPage({ teamId: 3, userId: 8 }, vi.fn(), 1_100)).toBeNull();
    expect(takeFirstMembersPage(ref, vi.fn(), 1_000 + EARLY_ANSWER_FRESH_MS + 1)).toBeNull();
  });

  it('asks again when the early request failed, so the page meets the failure itself', async () => {
    const { api } = apiAnswering(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
    askFirstMembersPageEarly(api, ref, 1_000);
    const askAgain = vi.fn(async () => page('asked again') as never);
    await expect(takeFirstMembersPage(ref, askAgain, 1_200)).resolves.toEqual(page('asked again'));
    expect(askAgain).toHaveBeenCalledTimes(1);
  });

  it('asks at start-up on a members page only', () => {
    const { api, requests } = apiAnswering(200, page('Olivia Owens'));
    for (const pathname of [
      '/teams/3-7/overview',
      '/teams/3-7/billing',
      '/teams/x-7/users',
      '/teams/3-7/users/9',
      '/',
    ]) {
      askFirstMembersPageEarlyOn(api, pathname, 1_000);
    }
    expect(requests).toHaveLength(0);
    askFirstMembersPageEarlyOn(api, '/teams/3-7/users', 1_000);
    expect(takeFirstMembersPage(ref, vi.fn(), 1_100)).not.toBeNull();
  });
});
