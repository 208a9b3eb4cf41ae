import { ApiError } from '@/api/api-error';
import { createApiClient, RETRY_DELAY_MS, RETRY_LIMIT } from '@/api/client';
import { fakeFetch, jsonResponse, type RecordedRequest } from '@/api/testing/fake-fetch';

const prefixUrl = 'http://api.test';

const networkFailure = () => Promise.reject(new TypeError('Failed to fetch'));

describe('retry policy', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Runs a call to the end on fake time, recording when (in ms from the start) each attempt was made. */
  async function attemptTimes(run: () => Promise<unknown>, requests: RecordedRequest[]) {
    const times: number[] = [];
    const start = Date.now();
    const outcome = run().then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    );
    for (let step = 0; step <= 200; step++) {
      await vi.advanceTimersByTimeAsync(step === 0 ? 0 : 100);
      while (times.length < requests.length) times.push(Date.now() - start);
    }
    return { times, outcome: await outcome };
  }

  it.each([500, 503, 599])(
    'retries status %i up to 5 times, 2000 ms apart, for every method',
    async (status) => {
      for (const method of ['get', 'post', 'put', 'delete'] as const) {
        const { fetch, requests } = fakeFetch(() =>
          jsonResponse(status, { errorCode: 1, errorMessage: 'Down' }),
        );
        const api = createApiClient({ prefixUrl, fetch });
        const started = Date.now();
        const outcome = api[method]('/api/v1/thing').catch((error: unknown) => error);
        await vi.advanceTimersByTimeAsync(0);
        expect(requests).toHaveLength(1);
        for (let retry = 1; retry <= RETRY_LIMIT; retry++) {
          await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS - 1);
          expect(requests).toHaveLength(retry);
          await vi.advanceTimersByTimeAsync(1);
          expect(requests).toHaveLength(retry + 1);
        }
        const error = await outcome;
        expect(error).toBeInstanceOf(ApiError);
        expect((error as ApiError).status).toBe(status);
        expect(Date.now() - started).toBe(RETRY_LIMIT * RETRY_DELAY_MS);
        await vi.advanceTimersByTimeAsync(60_000);
        expect(requests).toHaveLength(1 + RETRY_LIMIT);
      }
    },
  );

  it('retries a network failure 5 times, then passes the error through', async () => {
    const { fetch, requests } = fakeFetch(networkFailure);
    const api = createApiClient({ prefixUrl, fetch });
    const { times, outcome } = await attemptTimes(() => api.post('/api/v1/thing', { json: {} }), requests);
    expect(times).toEqual([0, 2000, 4000, 6000, 8000, 10000]);
    expect('error' in outcome && outcome.error).toBeInstanceOf(TypeError);
  });

  it('succeeds when a retry succeeds', async () => {
    const { fetch, requests } = fakeFetch((call) =>
      call < 3 ? jsonResponse(502, {}) : jsonResponse(200, { ok: 1 }),
    );
    const api = createApiClient({ prefixUrl, fetch });
    const { times, outcome } = await attemptTimes(() => api.get('/api/v1/thing'), requests);
    expect(times).toEqual([0, 2000, 4000]);
    expect(outcome).toEqual({ value: { ok: 1 } });
  });

  it.each([400, 401, 403, 404, 408, 409, 413, 429])('never retries status %i', async (status) => {
    const { fetch, requests } = fakeFetch(() =>
      jsonResponse(status, { errorCode: 10, errorMessage: 'No', errorData: null }),
    );
    const api = createApiClient({ prefixUrl, fetch });
    for (const method of ['get', 'post', 'put', 'delete'] as const) {
      requests.length = 0;
      const { outcome } = await attemptTimes(() => api[method]('/api/v1/thing'), requests);
      expect(requests).toHaveLength(1);
      expect('error' in outcome && (outcome.error as ApiError).status).toBe(status);
    }
  });

  it('ignores Retry-After and keeps the fixed delay', async () => {
    const { fetch, requests } = fakeFetch((call) =>
      call === 1
        ? new Response('', { status: 503, headers: { 'Retry-After': '60' } })
        : jsonResponse(200, { ok: true }),
    );
    const api = createApiClient({ prefixUrl, fetch });
    const { times } = await attemptTimes(() => api.get('/api/v1/thing'), requests);
    expect(times).toEqual([0, 2000]);
  });
});

describe('idempotency keys', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one key per write, the same on each of its retries, and none on reads', async () => {
    const { fetch, requests } = fakeFetch((call) =>
      call % 2 === 1 ? Promise.reject(new TypeError('Failed to fetch')) : jsonResponse(200, {}),
    );
    const api = createApiClient({ prefixUrl, fetch });
    const first = api.post('/api/v1/thing', { json: {} });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await first;
    const second = api.put('/api/v1/thing', { json: {} });
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await second;
    const read = api.get('/api/v1/thing');
    await vi.advanceTimersByTimeAsync(RETRY_DELAY_MS);
    await read;
    const keys = requests.map((request) => request.headers.get('idempotency-key'));
    expect(keys[0]).toMatch(/^[0-9a-f]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(/^[0-9a-f]{36}$/);
    expect(keys[3]).toBe(keys[2]);
    expect(keys[2]).not.toBe(keys[0]);
    expect(keys.slice(4)).toEqual([null, null]);
  });
});

describe('requests', () => {
  it('sends the bearer token from the getter on authenticated calls', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, { id: 1 }));
    const getAccessToken = vi.fn(async () => 'access-1');
    const api = createApiClient({ prefixUrl, fetch, getAccessToken });
    await api.get('/api/v2/profile');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer access-1');
    expect(requests[0]?.url).toBe('http://api.test/api/v2/profile');
  });

  it('neither asks for nor sends a token on calls without auth', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, {}));
    const getAccessToken = vi.fn(() => 'access-1');
    const api = createApiClient({ prefixUrl, fetch, getAccessToken });
    await api.post('/api/v2/auth/code', { auth: false, json: { code: 'c' } });
    expect(getAccessToken).not.toHaveBeenCalled();
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('sends no header when there is no token', async () => {
    const { fetch, requests } = fakeFetch(() => jsonResponse(200, {}));
    const api = createApiClient({ prefixUrl, fetch, getAccessToken: () => null });
    await api.get('/api/v2/profile');
    expect(requests[0]?.headers.has('authorization')).toBe(false);
  });

  it('answers undefined for an empty body', async () => {
    const { fetch } = fakeFetch(() => new Response(null, { status: 204 }));
    const api = createApiClient({ prefixUrl, fetch });
    await expect(api.delete('/api/v1/collab/teams/1-2')).resolves.toBeUndefined();
  });

  it('builds absolute URLs for links', () => {
    const api = createApiClient({ prefixUrl });
    expect(api.url('/api/v1/avatars/a1')).toBe('http://api.test/api/v1/avatars/a1');
    expect(api.url('/api/v1/public-files/k/download', { s: 'x=' })).toBe(
      'http://api.test/api/v1/public-files/k/download?s=x%3D',
    );
  });
});

describe('errors', () => {
  it('carries status, code, message and data of the error body', async () => {
    const body = {
      errorCode: 10,
      errorMessage: 'Validation error',
      errorData: [{ field: 'name', message: 'must not be empty' }],
    };
    const { fetch } = fakeFetch(() => jsonResponse(400, body));
    const api = createApiClient({ prefixUrl, fetch });
    const error = (await api
      .put('/api/v1/collab/teams/1-2', { json: { name: '' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 10, message: 'Validation error', data: body.errorData });
  });

  it.each([
    ['a non-JSON body', '<html>Bad gateway</html>'],
    ['an empty body', ''],
    ['JSON without a numeric code', '{"errorCode":"10","errorMessage":"x"}'],
  ])('is Unknown server error for %s', async (_, text) => {
    const { fetch } = fakeFetch(() => new Response(text, { status: 418 }));
    const api = createApiClient({ prefixUrl, fetch });
    const error = (await api.get('/api/v1/thing').catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 418, code: null, message: 'Unknown server error', data: null });
  });
});

describe('a 401 on an authenticated call', () => {
  const unauthorized = () =>
    jsonResponse(401, { errorCode: 1200, errorMessage: 'Token is invalid', errorData: null });

  it('renews the token once and retries the call once with the new token', async () => {
    const { fetch, requests } = fakeFetch((call) =>
      call === 1 ? unauthorized() : jsonResponse(200, { id: 7 }),
    );
    const renewAccessToken = vi.fn(async () => 'fresh');
    const api = createApiClient({ prefixUrl, fetch, getAccessToken: () => 'stale', renewAccessToken });
    await expect(api.post('/api/v1/thing', { json: { a: 1 } })).resolves.toEqual({ id: 7 });
    expect(renewAccessToken).toHaveBeenCalledTimes(1);
    expect(renewAccessToken).toHaveBeenCalledWith('stale');
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer stale',
      'Bearer fresh',
    ]);
    expect(requests[1]?.json()).toEqual({ a: 1 });
  });

  it('does not retry a second time when the retry is refused too', async () => {
    const { fetch, requests } = fakeFetch(unauthorized);
    const renewAccessToken = vi.fn(async () => 'fresh');
    const api = createApiClient({ prefixUrl, fetch, getAccessToken: () => 'stale', renewAccessToken });
    const error = await api.get('/api/v2/profile').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(requests).toHaveLength(2);
    expect(renewAccessToken).toHaveBeenCalledTimes(1);
  });

  it('passes the original 401 up when no new token can be had', async () => {
    const { fetch, requests } = fakeFetch(unauthorized);
    const api = createApiClient({
      prefixUrl,
      fetch,
      getAccessToken: () => 'stale',
      renewAccessToken: () => Promise.reject(new Error('No refresh token')),
    });
    const error = await api.get('/api/v2/profile').catch((caught: unknown) => caught);
    expect((error as ApiError).code).toBe(1200);
    expect(requests).toHaveLength(1);
  });

  it('never renews for calls without auth', async () => {
    const { fetch } = fakeFetch(unauthorized);
    const renewAccessToken = vi.fn(async () => 'fresh');
    const api = createApiClient({ prefixUrl, fetch, getAccessToken: () => 'stale', renewAccessToken });
    await expect(api.post('/api/v2/auth/code', { auth: false, json: {} })).rejects.toBeInstanceOf(ApiError);
    expect(renewAccessToken).not.toHaveBeenCalled();
  });
});
