import { fakeAccessToken, fakeAuthCode } from '@/test/fake-jwt';
import { getFreshAccessToken, NO_REFRESH_TOKEN, renewRejectedAccessToken } from './session.client';
import { ACCESS_TOKEN_REFRESH_MARGIN_S, TOKEN_INVALID_MESSAGE } from './session.machine';
import { selectLoggedOutOnPurpose } from './session.selectors';
import { createSessionHarness, flush, HttpStatusError } from './session.test-kit';

const NOW_MS = Date.UTC(2026, 10, 21, 12, 0, 0);
const nowS = () => Math.floor(Date.now() / 1000);

function tokens(uid: number, n: number, lifetimeS = 3600) {
  return {
    refreshToken: `rt_${n}`,
    accessToken: fakeAccessToken(uid, `s${n}`),
    expiresAt: nowS() + lifetimeS,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(NOW_MS);
});
afterEach(() => {
  vi.useRealTimers();
});

async function loggedInHarness(lifetimeS = 3600) {
  const harness = createSessionHarness();
  const first = tokens(7, 1, lifetimeS);
  harness.restoreReply.resolve({ ...first, uid: 7 });
  await flush();
  expect(harness.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
  return { harness, first };
}

describe('restoring the stored session', () => {
  it('is logged in when a refresh token was stored', async () => {
    const { harness } = await loggedInHarness();
    expect(harness.actor.getSnapshot().context.uid).toBe(7);
  });

  it('is logged out when nothing was stored', async () => {
    const harness = createSessionHarness();
    expect(harness.actor.getSnapshot().hasTag('restoring')).toBe(true);
    harness.restoreReply.resolve(null);
    await flush();
    expect(harness.actor.getSnapshot().matches('loggedOut')).toBe(true);
  });
});

describe('login with a token', () => {
  it('exchanges an auth code for tokens and stores them', async () => {
    const harness = createSessionHarness();
    harness.restoreReply.resolve(null);
    await flush();
    const code = fakeAuthCode(7);
    harness.actor.send({ type: 'session.login', token: code });
    expect(harness.exchangeCalls.map((call) => call.code)).toEqual([code]);
    harness.exchangeCalls[0]?.reply.resolve(tokens(7, 1));
    await flush();
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.matches({ loggedIn: 'ready' })).toBe(true);
    expect(snapshot.context.uid).toBe(7);
    expect(harness.stored.value?.refreshToken).toBe('rt_1');
  });

  it("says 'Token is invalid' when the code is refused", async () => {
    const harness = createSessionHarness();
    harness.restoreReply.resolve(null);
    await flush();
    harness.actor.send({ type: 'session.login', token: fakeAuthCode(7) });
    harness.exchangeCalls[0]?.reply.reject(new HttpStatusError(401));
    await flush();
    const snapshot = harness.actor.getSnapshot();
    expect(snapshot.matches('loggedOut')).toBe(true);
    expect(snapshot.context.loginError).toBe(TOKEN_INVALID_MESSAGE);
    expect(harness.stored.value).toBeNull();
  });

  it('uses any other token as a refresh token', async () => {
    const harness = createSessionHarness();
    harness.restoreReply.resolve(null);
    await flush();
    harness.actor.send({ type: 'session.login', token: ' rt_given ' });
    expect(harness.refreshCalls.map((call) => call.refreshToken)).toEqual(['rt_given']);
    harness.refreshCalls[0]?.reply.resolve(tokens(9, 2));
    await flush();
    expect(harness.actor.getSnapshot().context).toMatchObject({ refreshToken: 'rt_2', uid: 9 });
  });

  it("reuses the session when the code's uid is the signed-in account, without a call", async () => {
    const { harness } = await loggedInHarness();
    harness.actor.send({ type: 'session.login', token: fakeAuthCode(7) });
    expect(harness.exchangeCalls).toHaveLength(0);
    expect(harness.actor.getSnapshot().context.refreshToken).toBe('rt_1');
  });

  it('exchanges a code of another account even while logged in', async () => {
    const { harness } = await loggedInHarness();
    harness.actor.send({ type: 'session.login', token: fakeAuthCode(8) });
    expect(harness.exchangeCalls).toHaveLength(1);
  });

  it('logs out on an empty token', async () => {
    const { harness } = await loggedInHarness();
    harness.actor.send({ type: 'session.login', token: '  ' });
    expect(harness.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(harness.stored.value).toBeNull();
  });
});

describe('keeping the access token fresh', () => {
  it('keeps a token with more than the margin left, and refreshes once inside it', async () => {
    const { harness, first } = await loggedInHarness(3600);
    await expect(getFreshAccessToken(harness.actor)).resolves.toBe(first.accessToken);
    expect(harness.refreshCalls).toHaveLength(0);

    // One second before the margin: still fresh.
    vi.setSystemTime(NOW_MS + (3600 - ACCESS_TOKEN_REFRESH_MARGIN_S - 1) * 1000);
    await expect(getFreshAccessToken(harness.actor)).resolves.toBe(first.accessToken);
    expect(harness.refreshCalls).toHaveLength(0);

    // Inside the margin: refreshed with the stored refresh token.
    vi.setSystemTime(NOW_MS + (3600 - ACCESS_TOKEN_REFRESH_MARGIN_S + 1) * 1000);
    const pending = getFreshAccessToken(harness.actor);
    await flush();
    expect(harness.refreshCalls.map((call) => call.refreshToken)).toEqual(['rt_1']);
    const second = tokens(7, 2);
    harness.refreshCalls[0]?.reply.resolve(second);
    await expect(pending).resolves.toBe(second.accessToken);
    expect(harness.stored.value?.refreshToken).toBe('rt_2');
  });

  it('shares one refresh between many callers at once', async () => {
    const { harness } = await loggedInHarness(60);
    const callers = Array.from({ length: 10 }, () => getFreshAccessToken(harness.actor));
    await flush();
    expect(harness.refreshCalls).toHaveLength(1);
    const second = tokens(7, 2);
    harness.refreshCalls[0]?.reply.resolve(second);
    await expect(Promise.all(callers)).resolves.toEqual(Array(10).fill(second.accessToken));
  });

  it("fails with 'No refresh token' when logged out", async () => {
    const harness = createSessionHarness();
    harness.restoreReply.resolve(null);
    await flush();
    await expect(getFreshAccessToken(harness.actor)).rejects.toThrow(NO_REFRESH_TOKEN);
  });

  it('logs out when the refresh token is refused', async () => {
    const { harness } = await loggedInHarness(60);
    const pending = getFreshAccessToken(harness.actor);
    await flush();
    harness.refreshCalls[0]?.reply.reject(new HttpStatusError(401));
    await expect(pending).rejects.toThrow(NO_REFRESH_TOKEN);
    expect(harness.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(harness.stored.value).toBeNull();
  });

  it('stays logged in when the refresh fails for another reason, and tries again next time', async () => {
    const { harness } = await loggedInHarness(60);
    const network = new TypeError('Failed to fetch');
    const first = getFreshAccessToken(harness.actor);
    await flush();
    harness.refreshCalls[0]?.reply.reject(network);
    await expect(first).rejects.toBe(network);
    expect(harness.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);

    const second = getFreshAccessToken(harness.actor);
    await flush();
    expect(harness.refreshCalls).toHaveLength(2);
    harness.refreshCalls[1]?.reply.resolve(tokens(7, 3));
    await expect(second).resolves.toBe(tokens(7, 3).accessToken);
  });
});

describe('a 401 on an authenticated call', () => {
  it('triggers exactly one refresh for many calls rejected with the same token', async () => {
    const { harness, first } = await loggedInHarness();
    const retries = Array.from({ length: 5 }, () =>
      renewRejectedAccessToken(harness.actor, first.accessToken),
    );
    await flush();
    expect(harness.refreshCalls).toHaveLength(1);
    const second = tokens(7, 2);
    harness.refreshCalls[0]?.reply.resolve(second);
    await expect(Promise.all(retries)).resolves.toEqual(Array(5).fill(second.accessToken));
  });

  it('does not refresh again for a token that was already replaced', async () => {
    const { harness, first } = await loggedInHarness();
    const renewed = renewRejectedAccessToken(harness.actor, first.accessToken);
    await flush();
    const second = tokens(7, 2);
    harness.refreshCalls[0]?.reply.resolve(second);
    await renewed;
    // A late 401 for a request that was sent with the old token.
    await expect(renewRejectedAccessToken(harness.actor, first.accessToken)).resolves.toBe(
      second.accessToken,
    );
    expect(harness.refreshCalls).toHaveLength(1);
  });
});

describe('logout and other tabs', () => {
  it('logout clears refresh token, access token and expiry', async () => {
    const { harness } = await loggedInHarness();
    harness.actor.send({ type: 'session.logout' });
    const { context } = harness.actor.getSnapshot();
    expect(harness.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect([context.refreshToken, context.accessToken, context.expiresAt]).toEqual([null, null, null]);
    expect(harness.stored.value).toBeNull();
  });

  it('logout asks the server to revoke the session and tells other tabs it was on purpose', async () => {
    const { harness, first } = await loggedInHarness();
    harness.actor.send({ type: 'session.logout' });
    await flush();
    expect(harness.revokeCalls).toEqual([first.refreshToken]);
    expect(harness.stored.loggedOut).toBe(true);
    expect(selectLoggedOutOnPurpose(harness.actor.getSnapshot())).toBe(true);
  });

  it('an empty token logs out the same way', async () => {
    const { harness, first } = await loggedInHarness();
    harness.actor.send({ type: 'session.login', token: '' });
    await flush();
    expect(harness.revokeCalls).toEqual([first.refreshToken]);
    expect(selectLoggedOutOnPurpose(harness.actor.getSnapshot())).toBe(true);
  });

  it('knows whether another tab logged out on purpose or lost its session', async () => {
    const { harness } = await loggedInHarness();
    harness.actor.send({ type: 'session.storageChanged', stored: null, loggedOut: true });
    expect(selectLoggedOutOnPurpose(harness.actor.getSnapshot())).toBe(true);
    harness.actor.send({ type: 'session.storageChanged', stored: { ...tokens(7, 6), uid: 7 } });
    expect(selectLoggedOutOnPurpose(harness.actor.getSnapshot())).toBe(false);
    harness.actor.send({ type: 'session.storageChanged', stored: null });
    expect(harness.actor.getSnapshot().matches('loggedOut')).toBe(true);
    expect(selectLoggedOutOnPurpose(harness.actor.getSnapshot())).toBe(false);
    expect(harness.revokeCalls).toEqual([]);
  });

  it('adopts tokens another tab refreshed, so its old refresh token is never reused', async () => {
    const { harness } = await loggedInHarness(60);
    const fromOtherTab = { ...tokens(7, 5), uid: 7 };
    harness.actor.send({ type: 'session.storageChanged', stored: fromOtherTab });
    await expect(getFreshAccessToken(harness.actor)).resolves.toBe(fromOtherTab.accessToken);
    expect(harness.refreshCalls).toHaveLength(0);
  });

  it('follows another tab that logged out, and one that logged in', async () => {
    const { harness } = await loggedInHarness();
    harness.actor.send({ type: 'session.storageChanged', stored: null });
    expect(harness.actor.getSnapshot().matches('loggedOut')).toBe(true);
    harness.actor.send({ type: 'session.storageChanged', stored: { ...tokens(7, 6), uid: 7 } });
    expect(harness.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
  });
});

describe('the same login twice', () => {
  it('tries a token only once while it is pending (a page mounted twice)', async () => {
    const harness = createSessionHarness();
    harness.restoreReply.resolve(null);
    await flush();
    const code = fakeAuthCode(7);
    harness.actor.send({ type: 'session.login', token: code });
    harness.actor.send({ type: 'session.login', token: code });
    expect(harness.exchangeCalls).toHaveLength(1);
    harness.exchangeCalls[0]?.reply.resolve(tokens(7, 1));
    await flush();
    expect(harness.actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
  });
});
