import { createApiClient } from '@/api/client';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { apiAnalyticsSink, PAGE_VIEWS_PATH } from './analytics';

describe('the page-view sink', () => {
  it('posts the view without a session, in a task of its own', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(204, null));
    const track = apiAnalyticsSink(createApiClient({ prefixUrl: 'http://console.test', fetch }));
    track({ route: 'team-overview', tid: 3, uid: 7 });
    // Not from the task that counted it (a page's commit).
    await Promise.resolve();
    expect(requests).toHaveLength(0);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    const [request] = requests;
    expect(new URL(request?.url ?? '').pathname).toBe(PAGE_VIEWS_PATH);
    expect(request?.method).toBe('POST');
    expect(request?.headers.get('authorization')).toBeNull();
    expect(await request?.json()).toEqual({ route: 'team-overview', tid: 3, uid: 7 });
  });

  it('never lets a failed post surface', async () => {
    const { fetch, requests } = fakeFetch(() =>
      jsonResponse(500, { errorCode: 1, errorMessage: 'x', errorData: null }),
    );
    const track = apiAnalyticsSink(createApiClient({ prefixUrl: 'http://console.test', fetch }));
    track({ route: 'web-login', tid: null, uid: null });
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
});
