import { expect } from 'vitest';
import type { ExternalOp } from './external-op';
import { TEST_PUBLIC_URL, type TestApp } from './helper';

/** What the console sends to start a sign-up (the default target of /web-login). */
export const oauthTarget = { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: null };

/** A cookie jar for the browser's leg at an identity provider (real HTTP, redirects by hand). */
export function browser(t: TestApp) {
  const cookies = new Map<string, string>();
  const local = (url: string) => url.replace(TEST_PUBLIC_URL, t.baseUrl);
  const remember = (response: Response) => {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair as string).split('=');
      cookies.set(name as string, value.join('='));
    }
  };
  const headers = () => ({ cookie: [...cookies].map(([n, v]) => `${n}=${v}`).join('; ') });
  return {
    async get(url: string) {
      const response = await fetch(new URL(local(url), t.baseUrl), {
        redirect: 'manual',
        headers: headers(),
      });
      remember(response);
      return response;
    },
    async post(url: string, form: Record<string, string>) {
      const response = await fetch(new URL(local(url), t.baseUrl), {
        method: 'POST',
        redirect: 'manual',
        headers: { ...headers(), 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(form).toString(),
      });
      remember(response);
      return response;
    },
  };
}

/** POST /api/v1/auth/web/login/oauth: the provider's URL and the state cookie it set (name=value). */
export async function startOAuth(t: TestApp, provider: 'google' | 'microsoft', ip = '10.9.0.1') {
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/web/login/oauth',
    payload: { provider, ...oauthTarget, app: 'console' },
    remoteAddress: ip,
  });
  expect(start.statusCode).toBe(200);
  const setCookie = String(start.headers['set-cookie'] ?? '');
  return { authorize: new URL(start.json().data.url), cookie: setCookie.split(';')[0] ?? '', setCookie };
}

/** A callback opened by a browser: the server's GET, with the state cookie when given. */
export const openCallback = (t: TestApp, url: string, cookie?: string, accept?: string) =>
  t.app.inject({
    method: 'GET',
    url: url.replace(TEST_PUBLIC_URL, ''),
    headers: { ...(cookie ? { cookie } : {}), ...(accept ? { accept } : {}) },
  });

export interface SandboxPerson {
  email: string;
  name: string;
  /** Microsoft only: the sandbox's 'domain verified' box (xms_edov); checked unless said. */
  domainVerified?: boolean;
}

/** Start an OAuth sign-in and go through the sandbox's page; answers the redirect back to the server. */
export async function signInAtSandbox(t: TestApp, provider: 'google' | 'microsoft', person: SandboxPerson) {
  const { authorize, cookie } = await startOAuth(t, provider);
  expect(authorize.href.startsWith(`${TEST_PUBLIC_URL}/sandbox/identity/${provider}/`)).toBe(true);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  const b = browser(t);
  const toLogin = await b.get(authorize.href);
  expect(toLogin.status).toBe(303);
  const pagePath = toLogin.headers.get('location') as string;
  const page = await b.get(pagePath);
  expect(await page.text()).toContain('Sign in</button>');
  const form: Record<string, string> = { email: person.email, name: person.name };
  if (person.domainVerified !== false) form.domain_verified = 'on';
  const resume = await b.post(pagePath, form);
  expect(resume.status).toBe(303);
  const back = await b.get(resume.headers.get('location') as string);
  expect(back.status).toBe(303);
  return { callback: back.headers.get('location') as string, authorize, cookie };
}

/**
 * Through an outside OpenID Provider (external-op.ts): the console's start for `teamId` (999999 does
 * not exist: a signed-in person goes home with a login code), then the provider's login and consent
 * pages as a browser meets them, up to the redirect back to the server.
 */
export async function signInThroughOp(
  t: TestApp,
  op: ExternalOp,
  provider: 'google' | 'microsoft',
  login: string,
  teamId = 999999,
) {
  const redirectUri = `${TEST_PUBLIC_URL}/api/v1/auth/web/oauth/callback`;
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/web/login/oauth',
    payload: { provider, destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId },
    remoteAddress: '10.40.0.1',
  });
  expect(start.statusCode).toBe(200);
  const cookie = String(start.headers['set-cookie']).split(';')[0] as string;
  let url: string = start.json().data.url;
  expect(url.startsWith(`${op.issuer}/auth?`)).toBe(true);
  const b = browser(t);
  for (let step = 0; step < 10; step++) {
    let response = await b.get(url);
    if (response.status === 200) {
      // The provider's login page, then its consent page: post each form as a person would.
      const page = await response.text();
      const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1] as string;
      const action = new URL(/action="([^"]+)"/.exec(page)?.[1] as string, url).href;
      response = await b.post(action, prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
    }
    url = new URL(response.headers.get('location') as string, url).href;
    if (url.startsWith(redirectUri)) return { callback: url, cookie };
  }
  throw new Error('the provider never sent the browser back');
}
