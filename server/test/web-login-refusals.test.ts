import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@domain/error-codes';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../src/errors';
import { listOutbox } from '../src/mail/outbox';
import { errorOf, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { browser, openCallback, signInAtSandbox, startOAuth } from './oauth-fixtures';

// A web sign-in that signs nobody in ends where it started, on /web-login, with a reason from a fixed
// list (never text of the request) that the page words; a program still gets the error body.
const t: TestApp = setupTestApp();

const html = 'text/html,application/xhtml+xml,*/*;q=0.8';
const unique = (name: string, domain = 'refusals.test') =>
  `${name}-${randomBytes(4).toString('hex')}@${domain}`;
const sameTarget = 'destination=stripe_checkout&team_plan_id=premium_365&team_id=0';
/** A callback (or link) opened by a browser: the server's GET with the state cookie and Accept: text/html. */
const browse = (url: string, cookie?: string) => openCallback(t, url, cookie, html);

afterEach(() => {
  vi.restoreAllMocks();
});

/** An OAuth sign-in cancelled on the sandbox's page: the provider's redirect back, with its cookie. */
async function cancelAtSandbox(provider: 'google' | 'microsoft') {
  const { authorize, cookie } = await startOAuth(t, provider, '10.60.0.1');
  const b = browser(t);
  const pagePath = (await b.get(authorize.href)).headers.get('location') as string;
  expect(await (await b.get(pagePath)).text()).toContain('>Cancel</button>');
  const resume = await b.post(pagePath, { cancel: '1' });
  expect(resume.status).toBe(303);
  const back = await b.get(resume.headers.get('location') as string);
  return { callback: back.headers.get('location') as string, cookie };
}

describe('an OAuth sign-in that signs nobody in', () => {
  it('cancelled at the provider: back on /web-login, said so, with the same plan', async () => {
    const { callback, cookie } = await cancelAtSandbox('google');
    expect(new URL(callback).searchParams.get('error')).toBe('access_denied');
    const landing = await browse(callback, cookie);
    expect(landing.statusCode).toBe(303);
    expect(landing.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?${sameTarget}&oauth=cancelled`);
  });

  it("the provider's other errors, whatever they say, are 'failed': nothing of the request goes back", async () => {
    for (const error of ['server_error', '<script>alert(1)</script>', 'temporarily_unavailable']) {
      const { authorize, cookie } = await startOAuth(t, 'google', '10.60.0.2');
      const state = authorize.searchParams.get('state') as string;
      const query = new URLSearchParams({ state, error, error_description: 'Evil <b>text</b>' });
      const landing = await browse(`/api/v1/auth/web/oauth/callback?${query}`, cookie);
      expect(landing.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?${sameTarget}&oauth=failed`);
    }
  });

  it("a wrong code is 'failed', a Microsoft work address without xms_edov 'unverified', a replay 'expired'", async () => {
    const mallory = unique('mallory');
    const bad = await signInAtSandbox(t, 'google', { email: mallory, name: 'Mallory' });
    const tampered = new URL(bad.callback);
    tampered.searchParams.set('code', 'not-the-code');
    expect((await browse(tampered.href, bad.cookie)).headers.location).toBe(
      `${TEST_PUBLIC_URL}/web-login?${sameTarget}&oauth=failed`,
    );
    expect(await t.repos.accounts.findByEmail(mallory)).toBeNull();

    const mia = unique('mia', 'fabrikam.test');
    const work = await signInAtSandbox(t, 'microsoft', { email: mia, name: 'Mia', domainVerified: false });
    const refused = await browse(work.callback, work.cookie);
    expect(refused.statusCode).toBe(303);
    expect(refused.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?${sameTarget}&oauth=unverified`);
    expect(await t.repos.accounts.findByEmail(mia)).toBeNull();
    // A program is still told with the error body.
    const again = await signInAtSandbox(t, 'microsoft', { email: mia, name: 'Mia', domainVerified: false });
    expect(errorOf(await openCallback(t, again.callback, again.cookie))).toMatchObject({
      status: 401,
      code: 1200,
    });

    const grace = unique('grace');
    const fine = await signInAtSandbox(t, 'google', { email: grace, name: 'Grace' });
    expect((await browse(fine.callback, fine.cookie)).headers.location).toContain(
      '/sandbox/stripe/checkout/',
    );
    expect((await browse(fine.callback, fine.cookie)).headers.location).toBe(
      `${TEST_PUBLIC_URL}/web-login?oauth=expired`,
    );
  });
});

describe('a mailed link whose checkout cannot start', () => {
  it('is not spent: the browser is told on /web-login, and the same link works once the provider answers', async () => {
    const email = unique('nora');
    const requested = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/web/login/email',
      payload: {
        email,
        destination: 'stripe_checkout',
        teamPlanId: 'premium_365',
        teamId: null,
        app: 'console',
        platform: 'web',
        version: '1.0',
        osVersion: 'Linux',
        device: 'test',
        locale: 'en',
      },
      remoteAddress: '10.61.0.1',
    });
    expect(requested.statusCode).toBe(204);
    const link = (await listOutbox(t.outboxDir)).find((mail) => mail.to === email)?.link as string;
    const down = new AppError(
      503,
      ErrorCode.paymentProviderUnavailable,
      'The payment provider did not answer',
    );
    // The next checkout fails, on whichever server takes it (two with TEST_TWO_SERVERS=1).
    let failures = 1;
    for (const server of t.servers) {
      const checkout = server.billing.checkout;
      vi.spyOn(server.billing, 'checkout').mockImplementation((...args) =>
        failures-- > 0 ? Promise.reject(down) : checkout(...args),
      );
    }
    const failed = await browse(link);
    expect(failed.statusCode).toBe(303);
    expect(failed.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?link=unavailable`);
    const [row] = await t.db.query<{ used: boolean }>(
      'SELECT used_at IS NOT NULL AS used FROM web_login_links WHERE email = $1',
      [email],
    );
    expect(row?.used).toBe(false);

    const works = await browse(link);
    expect(works.headers.location).toContain('/sandbox/stripe/checkout/cs_');
    expect((await browse(link)).headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?link=used`);
  });
});
