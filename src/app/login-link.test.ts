import { waitFor } from 'xstate';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { LOGIN_LINK, type LoginLink, takeLoginLink } from '@/app/login-link';
import { createAppServices } from '@/app/services';
import type { Tokens } from '@/domain/entities';
import { loginLinkOutcome } from '@/routes/login-link-address';
import { memorySessionStore } from '@/test/test-services';

/** A JWT-shaped token with these claims (the console reads claims without verifying them). */
function token(claims: object): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'HS256' })}.${part(claims)}.signature`;
}
const CODE = token({ kind: 'auth_code', uid: 7 });
const DESTINATION = '/teams/12-7/overview';
const TOKENS: Tokens = {
  refreshToken: 'refresh-7',
  accessToken: token({ uid: 7 }),
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
};

function servicesWith(link: LoginLink, answer = () => jsonResponse(200, TOKENS)) {
  const http = fakeFetch(answer);
  const store = memorySessionStore();
  const services = createAppServices({
    store,
    fetch: http.fetch,
    prefixUrl: 'http://console.test',
    analyticsSink: () => {},
    loginLink: link,
  });
  const exchanges = () => http.requests.filter((request) => request.url.endsWith('/api/v2/auth/code'));
  return { services, store, exchanges };
}

const settled = (services: ReturnType<typeof createAppServices>) =>
  waitFor(services.session, (snapshot) => !snapshot.hasTag('restoring') && !snapshot.hasTag('loggingIn'));

describe('takeLoginLink', () => {
  it('takes the link the start script left, once, and leaves nothing behind', () => {
    const link: LoginLink = { code: CODE, destination: DESTINATION, tokens: Promise.resolve(TOKENS) };
    const page = { [LOGIN_LINK]: link } as unknown as typeof globalThis;
    expect(takeLoginLink(page)).toBe(link);
    expect(LOGIN_LINK in page).toBe(false);
    expect(takeLoginLink(page)).toBeNull();
  });
});

describe("the console takes a login link's exchange over", () => {
  it('signs in with the tokens the page asked for, asking the server nothing', async () => {
    const { services, store, exchanges } = servicesWith({
      code: CODE,
      destination: DESTINATION,
      tokens: Promise.resolve(TOKENS),
    });
    const snapshot = await settled(services);
    expect(snapshot.matches('loggedIn')).toBe(true);
    expect(snapshot.context.uid).toBe(7);
    expect(store.value?.refreshToken).toBe('refresh-7');
    expect(exchanges()).toHaveLength(0);
    services.stop();
  });

  it('lands once the session is stored, not before: whoever hears it may move the address', async () => {
    let answer: (tokens: Tokens) => void = () => {};
    const tokens = new Promise<Tokens>((resolve) => {
      answer = resolve;
    });
    const { services, store } = servicesWith({ code: CODE, destination: DESTINATION, tokens });
    const heard: { outcome: string; stored: boolean }[] = [];
    services.session.subscribe((snapshot) => {
      heard.push({ outcome: loginLinkOutcome(snapshot), stored: store.value !== null });
    });
    expect(loginLinkOutcome(services.session.getSnapshot())).toBe('pending');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loginLinkOutcome(services.session.getSnapshot())).toBe('pending');
    expect(store.value).toBeNull();
    answer(TOKENS);
    await expect
      .poll(() => heard.find(({ outcome }) => outcome !== 'pending'))
      .toEqual({
        outcome: 'landed',
        stored: true,
      });
    services.stop();
  });

  it('a refused code does not land, and nothing is stored', async () => {
    const refused = Promise.reject(new Error('The login code was refused (401)'));
    refused.catch(() => {});
    const { services, store } = servicesWith({ code: CODE, destination: DESTINATION, tokens: refused });
    expect(loginLinkOutcome(await settled(services))).toBe('refused');
    expect(store.value).toBeNull();
    services.stop();
  });

  it('a refused code: Token is invalid, and a second login with it asks nothing again', async () => {
    const refused = Promise.reject(new Error('The login code was refused (401)'));
    refused.catch(() => {});
    const { services, exchanges } = servicesWith({ code: CODE, destination: DESTINATION, tokens: refused });
    const first = await settled(services);
    expect(first.matches('loggedOut')).toBe(true);
    expect(first.context.loginError).toBe('Token is invalid');

    // The link's own page, the sign-in page, logs in with the code again.
    services.session.send({ type: 'session.login', token: CODE });
    const second = await settled(services);
    expect(second.context.loginError).toBe('Token is invalid');
    expect(exchanges()).toHaveLength(0);
    services.stop();
  });

  it('once the page is signed in (tokens null), the spent code goes to the server like any other', async () => {
    const link: LoginLink = { code: CODE, destination: DESTINATION, tokens: Promise.resolve(TOKENS) };
    const { services, exchanges } = servicesWith(link, () =>
      jsonResponse(401, { errorCode: 1200, errorMessage: 'Token is invalid', errorData: null }),
    );
    await settled(services);
    link.tokens = null;
    services.session.send({ type: 'session.logout' });
    services.session.send({ type: 'session.login', token: CODE });
    const snapshot = await settled(services);
    expect(snapshot.context.loginError).toBe('Token is invalid');
    expect(exchanges()).toHaveLength(1);
    services.stop();
  });

  it('another code is exchanged by the console itself', async () => {
    const { services, exchanges } = servicesWith({
      code: CODE,
      destination: DESTINATION,
      tokens: Promise.resolve(TOKENS),
    });
    await settled(services);
    const other = token({ kind: 'auth_code', uid: 8 });
    services.session.send({ type: 'session.login', token: other });
    await settled(services);
    expect(exchanges()).toHaveLength(1);
    expect(exchanges()[0]?.json()).toMatchObject({ code: other });
    services.stop();
  });
});
