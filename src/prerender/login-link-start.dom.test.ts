import { LOGIN_LINK, type LoginLink } from '@/app/login-link';
import { exchangeLoginCode, startLoginLink } from '@/prerender/login-link-start';

function token(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}
const CODE = token({ kind: 'auth_code', uid: 7 });
const TOKENS = { refreshToken: 'r', accessToken: token({ uid: 7 }), expiresAt: 1 };
const PREFIX = 'spark-console:';
const SESSION_KEY = `${PREFIX}session`;

/** The page's window at `address`, with a fetch that answers from `answer` and records each call. */
function pageAt(address: string, answer: (call: number) => Response | Promise<Response> = () => ok()) {
  window.history.replaceState(null, '', address);
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer(calls.length);
  });
  vi.stubGlobal('fetch', fetch);
  return { calls, link: () => (window as unknown as Record<string, LoginLink | undefined>)[LOGIN_LINK] };
}

/** After the task the exchange's request waits for. */
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const ok = () => new Response(JSON.stringify(TOKENS), { status: 200 });
const status = (code: number) => new Response('{}', { status: code });

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[LOGIN_LINK];
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startLoginLink', () => {
  it("starts a login link's exchange in the next task and leaves it for the console, the address the link's", async () => {
    const address = `/login?token=${CODE}&team_id=12&user_id=34&redirectTo=billing`;
    const { calls, link } = pageAt(address);
    startLoginLink(window, PREFIX);
    // The console moves the address once the session is stored: a reload meanwhile holds the code.
    expect(window.location.pathname + window.location.search).toBe(address);
    expect(link()?.destination).toBe('/teams/12-34/billing');
    // Asked for in the next task, not in the script's own (its storage read is there already).
    expect(calls).toHaveLength(0);
    await nextTask();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v2/auth/code');
    const body = JSON.parse(String(calls[0]?.init.body));
    expect(body).toMatchObject({ code: CODE, app: 'console', platform: 'web' });
    expect(new Headers(calls[0]?.init.headers).get('idempotency-key')).toMatch(/^[0-9a-f]{36}$/);
    expect(link()?.code).toBe(CODE);
    await expect(link()?.tokens).resolves.toEqual(TOKENS);
  });

  it('asks at once in a hidden tab, whose timers the browser holds back', () => {
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { calls, link } = pageAt(`/login?token=${CODE}&team_id=12&user_id=34`);
    startLoginLink(window, PREFIX);
    expect(link()?.code).toBe(CODE);
    return Promise.resolve().then(() => {
      hidden.mockRestore();
      expect(calls).toHaveLength(1);
    });
  });

  it('does nothing anywhere else, nor for a token that is no one-time code', async () => {
    for (const address of [
      '/teams/12-34/overview',
      `/auth?token=${CODE}`,
      `/login?token=${CODE}`,
      `/login?token=${token({ kind: 'refresh' })}&team_id=12&user_id=34`,
    ]) {
      const { calls, link } = pageAt(address);
      startLoginLink(window, PREFIX);
      await nextTask();
      expect(calls, address).toHaveLength(0);
      expect(link(), address).toBeUndefined();
      expect(window.location.pathname + window.location.search, address).toBe(address);
    }
  });

  it("keeps the stored session of the code's own account: no exchange, the team page's address", async () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ refreshToken: 'r', accessToken: null, expiresAt: null, uid: 7 }),
    );
    const { calls, link } = pageAt(`/login?token=${CODE}&team_id=12&user_id=34`);
    startLoginLink(window, PREFIX);
    // At once: the console, whenever it starts, finds the session and the team page's address.
    expect(link()).toBeUndefined();
    expect(window.location.pathname).toBe('/teams/12-34/overview');
    await nextTask();
    expect(calls).toHaveLength(0);
    expect(link()).toBeUndefined();
    expect(window.location.pathname).toBe('/teams/12-34/overview');
  });

  it('asks again after a reload with the same key, so a cut-off answer is answered again', async () => {
    const address = `/login?token=${CODE}&team_id=12&user_id=34`;
    const first = pageAt(address);
    startLoginLink(window, PREFIX);
    await nextTask();
    const second = pageAt(address);
    startLoginLink(window, PREFIX);
    await nextTask();
    const keyOf = (calls: typeof first.calls) => new Headers(calls[0]?.init.headers).get('idempotency-key');
    expect(keyOf(second.calls)).toMatch(/^[0-9a-f]{36}$/);
    expect(keyOf(second.calls)).toBe(keyOf(first.calls));
    // Another link's code gets a key of its own.
    const other = token({ kind: 'auth_code', uid: 9 });
    const third = pageAt(`/login?token=${other}&team_id=12&user_id=34`);
    startLoginLink(window, PREFIX);
    await nextTask();
    expect(keyOf(third.calls)).not.toBe(keyOf(first.calls));
    await second.link()?.tokens;
  });

  it("exchanges a code of another account than the stored session's", async () => {
    localStorage.setItem(
      SESSION_KEY,
      JSON.stringify({ refreshToken: 'r', accessToken: null, expiresAt: null, uid: 8 }),
    );
    const { calls } = pageAt(`/login?token=${CODE}&team_id=12&user_id=34`);
    startLoginLink(window, PREFIX);
    await nextTask();
    expect(calls).toHaveLength(1);
  });
});

describe('exchangeLoginCode', () => {
  it('tries again after a network failure or a 5xx, 2 s apart, with the same key', async () => {
    vi.useFakeTimers();
    const { calls } = pageAt('/', (call) => {
      if (call === 1) throw new TypeError('Failed to fetch');
      return call === 2 ? status(503) : ok();
    });
    const tokens = exchangeLoginCode(window, CODE);
    await vi.advanceTimersByTimeAsync(1999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2001);
    await expect(tokens).resolves.toEqual(TOKENS);
    expect(calls).toHaveLength(3);
    const keys = calls.map(({ init }) => new Headers(init.headers).get('idempotency-key'));
    expect(new Set(keys).size).toBe(1);
  });

  it('is refused at once by a 4xx, and gives up after 5 retries', async () => {
    vi.useFakeTimers();
    const refused = pageAt('/', () => status(401));
    await expect(exchangeLoginCode(window, CODE)).rejects.toThrow(/refused \(401\)/);
    expect(refused.calls).toHaveLength(1);

    const down = pageAt('/', () => status(502));
    const tokens = exchangeLoginCode(window, CODE);
    tokens.catch(() => {});
    await vi.advanceTimersByTimeAsync(5 * 2000);
    await expect(tokens).rejects.toThrow(/could not be exchanged/);
    expect(down.calls).toHaveLength(6);
  });
});
