import { createApiClient } from '@/api/client';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { cancelInvitations, unlessAborted } from './members-logic';

const ref = { teamId: 3, userId: 7 };

describe('members logic', () => {
  it('never settles a call whose actor was stopped (aborted), but passes other failures on', async () => {
    const controller = new AbortController();
    controller.abort();
    let settled = false;
    void unlessAborted(controller.signal, Promise.reject(new DOMException('aborted', 'AbortError'))).finally(
      () => {
        settled = true;
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(settled).toBe(false);

    const failure = new TypeError('offline');
    await expect(unlessAborted(new AbortController().signal, Promise.reject(failure))).rejects.toBe(failure);
  });

  it('cancels every invitation and reports the ones it could not', async () => {
    const { fetch, requests } = fakeFetch((_call, request) =>
      request.url.endsWith('/users/12/kick')
        ? jsonResponse(403, { errorCode: 1700, errorMessage: 'No', errorData: null })
        : new Response(null, { status: 204 }),
    );
    const api = createApiClient({ fetch, prefixUrl: 'http://console.test' });
    const outcome = await cancelInvitations(api, ref, [11, 12, 13, 14, 15, 16]);
    expect(outcome.cancelled.sort()).toEqual([11, 13, 14, 15, 16]);
    expect(outcome.failure).toMatchObject({ code: 1700, message: 'No' });
    expect(requests.map((request) => request.url.replace('http://console.test', '')).sort()).toEqual(
      [11, 12, 13, 14, 15, 16].map((id) => `/api/v1/collab/3-7/users/${id}/kick`),
    );
  });
});
