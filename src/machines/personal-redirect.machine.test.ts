import { ErrorCode } from '@/domain/error-codes';
import { UNKNOWN_ERROR_MESSAGE } from '@/domain/error-policy';
import { PERSONAL_REDIRECT_FAILED_MESSAGE, PERSONAL_REDIRECT_WAIT_MS } from './personal-redirect.machine';
import { selectRedirectBusy, selectRedirectError } from './personal-redirect.selectors';
import { apiError, createPersonalRedirectHarness, TARGET_URL } from './personal-redirect.test-kit';

const settle = async () => {
  for (let i = 0; i < 10; i++) await vi.advanceTimersByTimeAsync(0);
};

describe('personal redirect (act-on-load pages)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks the server once, then sends the browser to the URL it answered', async () => {
    const h = createPersonalRedirectHarness();
    expect(selectRedirectBusy(h.actor.getSnapshot())).toBe(true);
    await settle();
    expect(h.requests).toEqual([1]);
    expect(h.redirects).toEqual([TARGET_URL]);
    expect(h.actor.getSnapshot().value).toBe('redirecting');
    expect(selectRedirectError(h.actor.getSnapshot())).toBeNull();
  });

  it('waits 30 s for the browser to leave, then shows the error with Retry', async () => {
    const h = createPersonalRedirectHarness();
    await settle();
    await vi.advanceTimersByTimeAsync(PERSONAL_REDIRECT_WAIT_MS - 1);
    expect(h.actor.getSnapshot().value).toBe('redirecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(h.actor.getSnapshot().value).toBe('timedOut');
    expect(selectRedirectBusy(h.actor.getSnapshot())).toBe(false);
    expect(selectRedirectError(h.actor.getSnapshot())).toBe(PERSONAL_REDIRECT_FAILED_MESSAGE);
  });

  it('Retry after the timeout asks again and redirects again', async () => {
    const h = createPersonalRedirectHarness();
    await settle();
    await vi.advanceTimersByTimeAsync(PERSONAL_REDIRECT_WAIT_MS);
    h.actor.send({ type: 'redirect.retry' });
    await settle();
    expect(h.requests).toEqual([1, 2]);
    expect(h.redirects).toEqual([TARGET_URL, TARGET_URL]);
    expect(h.actor.getSnapshot().value).toBe('redirecting');
  });

  it("a failed call shows the server's message; Retry tries again", async () => {
    const h = createPersonalRedirectHarness();
    h.server.fail = apiError(400, ErrorCode.validation, 'Validation error');
    h.restart();
    await settle();
    expect(h.actor.getSnapshot().value).toBe('failed');
    expect(selectRedirectError(h.actor.getSnapshot())).toBe('Validation error');
    expect(h.redirects).toEqual([]);
    h.actor.send({ type: 'redirect.retry' });
    await settle();
    expect(h.redirects).toEqual([TARGET_URL]);
  });

  it('a refused request names its field: humanized field plus message', async () => {
    const h = createPersonalRedirectHarness();
    h.server.fail = Object.assign(apiError(400, ErrorCode.validation, 'Validation error'), {
      data: [{ field: 'trial', message: 'has already been used' }],
    });
    h.restart();
    await settle();
    expect(selectRedirectError(h.actor.getSnapshot())).toBe('Trial has already been used');
  });

  it("a failure that is not an API error shows 'Unknown error' (spec section 8)", async () => {
    const h = createPersonalRedirectHarness();
    h.server.fail = new TypeError('Failed to fetch');
    h.restart();
    await settle();
    expect(selectRedirectError(h.actor.getSnapshot())).toBe(UNKNOWN_ERROR_MESSAGE);
  });

  it('401 passes up to the app and shows no error box', async () => {
    const h = createPersonalRedirectHarness();
    const unauthorized = apiError(401, ErrorCode.tokenInvalid, 'Token is invalid');
    h.server.fail = unauthorized;
    h.restart();
    await settle();
    expect(h.actor.getSnapshot().value).toBe('escalated');
    expect(h.escalated).toEqual([unauthorized]);
    expect(selectRedirectError(h.actor.getSnapshot())).toBeNull();
  });

  it('a stopped page (the browser left) never times out', async () => {
    const h = createPersonalRedirectHarness();
    await settle();
    h.actor.stop();
    await vi.advanceTimersByTimeAsync(PERSONAL_REDIRECT_WAIT_MS * 2);
    expect(h.actor.getSnapshot().value).toBe('redirecting');
  });
});
