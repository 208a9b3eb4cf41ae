import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isVerifiedEmail } from '../src/auth/web-login/oauth-client';
import { createProviderLookup } from '../src/auth/web-login/provider-lookup';
import { listOutbox } from '../src/mail/outbox';
import { checkoutIdOf, payCheckout, TEST_CARDS } from './billing-fixtures';
import { errorOf, exchangeCode, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { openCallback, signInAtSandbox as signInThrough, startOAuth } from './oauth-fixtures';
import { call, createPerson } from './team-fixtures';

// Web sign-up and sign-in (issue 11): provider look-up, mailed one-time links, and Google/Microsoft
// through the identity sandbox over real HTTP, each continuing into a new team's hosted checkout.
const t: TestApp = setupTestApp({
  mxResolver: async (domain) => {
    if (domain === 'workspace.test') return [{ exchange: 'aspmx.l.google.com', priority: 1 }];
    if (domain === 'm365.test') return [{ exchange: 'm365-test.mail.protection.outlook.com', priority: 0 }];
    if (domain === 'slow.test') return new Promise(() => {});
    throw Object.assign(new Error('queryMx ENOTFOUND'), { code: 'ENOTFOUND' });
  },
});

const uniqueEmail = (name: string, domain = 'signup.test') =>
  `${name}-${randomBytes(4).toString('hex')}@${domain}`;

const device = { platform: 'web', version: '1.0', osVersion: 'Linux', device: 'test', locale: 'en' };
const target = { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: null };

const post = (url: string, payload: unknown, ip = '10.1.1.1') =>
  t.app.inject({ method: 'POST', url, payload: payload as never, remoteAddress: ip });

const requestLink = (email: string, ip?: string, extra: Record<string, unknown> = {}) =>
  post('/api/v1/auth/web/login/email', { email, ...target, app: 'console', ...device, ...extra }, ip);

/** The newest sign-in link mailed to the address, as the person would click it. */
async function mailedLink(email: string): Promise<string> {
  const mail = (await listOutbox(t.outboxDir)).find((entry) => entry.to === email);
  if (!mail?.link) throw new Error(`no sign-in mail for ${email}`);
  return mail.link;
}

/** A link clicked: the server's GET, with the public URL swapped for the test app's (and a cookie). */
const open = (link: string, cookie?: string) => openCallback(t, link, cookie);

const signInAtSandbox = (provider: 'google' | 'microsoft', person: { email: string; name: string }) =>
  signInThrough(t, provider, person);

describe('POST /api/v1/auth/web/oauth-providers', () => {
  const lookup = (email: unknown) => post('/api/v1/auth/web/oauth-providers', { email }, '10.2.0.1');

  it('knows the big mail services without DNS, and asks the MX records for other domains', async () => {
    const answers = [];
    for (const email of [
      'a@gmail.com',
      'b@Hotmail.com',
      'c@workspace.test',
      'd@m365.test',
      'e@nowhere.test',
    ]) {
      const response = await lookup(email);
      expect(response.statusCode).toBe(200);
      answers.push(response.json().data.provider);
    }
    expect(answers).toEqual(['google', 'microsoft', 'google', 'microsoft', null]);
  });

  it('answers null when DNS does not answer in time', async () => {
    const slow = createProviderLookup(() => new Promise(() => {}), 20);
    expect(await slow('x@slow.test')).toBeNull();
    const down = createProviderLookup(async () => Promise.reject(new Error('ECONNREFUSED')), 20);
    expect(await down('x@outlook.com')).toBe('microsoft');
    expect(await down('x@corp.test')).toBeNull();
  });

  it('limits look-ups per client address: 429 with Retry-After', async () => {
    const ask = () => post('/api/v1/auth/web/oauth-providers', { email: 'a@gmail.com' }, '10.2.9.9');
    for (let i = 0; i < 60; i++) expect((await ask()).statusCode).toBe(200);
    const refused = await ask();
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
  });

  it('refuses a bad address with a field error', async () => {
    for (const email of ['not-an-email', 'a@b', '', 42]) {
      const response = await lookup(email);
      expect(errorOf(response)).toMatchObject({ status: 400, code: 10 });
      expect(response.json().errorData[0].field).toBe('email');
    }
  });
});

describe('POST /api/v1/auth/web/login/email', () => {
  it('mails a single-use link; only its hash is stored', async () => {
    const email = uniqueEmail('mia');
    const response = await requestLink(email, '10.3.0.1');
    expect(response.statusCode).toBe(204);
    const link = await mailedLink(email);
    expect(link).toMatch(
      /^http:\/\/console\.test\/api\/v1\/auth\/web\/login\/email\/callback\?key=[\w-]{43}$/,
    );
    const key = new URL(link).searchParams.get('key') as string;
    const rows = await t.db.query<{ key_hash: string }>(
      'SELECT key_hash FROM web_login_links WHERE email = $1',
      [email],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.key_hash).not.toContain(key);
  });

  it('validates every field: code 10 with the field list', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'nope' }, 'email'],
      [{ destination: 'elsewhere' }, 'destination'],
      [{ teamPlanId: 'gold_365' }, 'teamPlanId'],
      [{ teamPlanId: 'basic_30' }, 'teamPlanId'],
      [{ teamId: '12' }, 'teamId'],
      [{ teamId: -1 }, 'teamId'],
      [{ extra: true }, 'extra'],
    ];
    for (const [change, field] of cases) {
      const response = await requestLink(uniqueEmail('val'), '10.3.0.2', change);
      expect(errorOf(response)).toMatchObject({ status: 400, code: 10 });
      expect(response.json().errorData.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('limits mails per address: 429 with Retry-After and the spec body', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await requestLink(email, `10.4.0.${i}`)).statusCode).toBe(204);
    const refused = await requestLink(email.toUpperCase(), '10.4.0.9');
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3000);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.json().errorData).toEqual({ retryAfter });
    // The window ends: the address may ask again.
    t.clock.advance(3601 * 1000);
    expect((await requestLink(email, '10.4.0.10')).statusCode).toBe(204);
  });

  it('limits mails per client address', async () => {
    for (let i = 0; i < 30; i++)
      expect((await requestLink(uniqueEmail('spray'), '10.5.0.1')).statusCode).toBe(204);
    const refused = await requestLink(uniqueEmail('spray'), '10.5.0.1');
    expect(errorOf(refused)).toMatchObject({ status: 429, code: 1800 });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await requestLink(uniqueEmail('other'), '10.5.0.2')).statusCode).toBe(204);
  });
});

describe('the mailed link', () => {
  it('signs a new person up: account, a team they own, the premium checkout, back to weblogin-success', async () => {
    const email = uniqueEmail('nora');
    await requestLink(email, '10.6.0.1');
    const landing = await open(await mailedLink(email));
    expect(landing.statusCode).toBe(303);
    const checkoutUrl = landing.headers.location as string;
    expect(checkoutUrl).toContain('/sandbox/stripe/checkout/cs_');
    const account = await t.repos.accounts.findByEmail(email);
    expect(account).toMatchObject({ email, fullName: '' });
    const [membership] = await t.repos.teamUsers.listByAccount(account?.id as number);
    expect(membership).toMatchObject({ role: 'owner', teamStatus: 'active' });
    const team = await t.repos.teams.findById(membership?.teamId as number);
    expect(team?.name).toBe(`${email.slice(0, email.indexOf('@'))}'s team`);

    const paid = await payCheckout(t, checkoutUrl, TEST_CARDS.visa);
    const back = new URL(paid.body.redirect_url as string);
    expect(back.pathname).toBe(`/teams/${team?.id}-${membership?.id}/weblogin-success`);
    await t.sandbox.deliverPendingWebhooks();
    // The token there is a one-time auth code of this person.
    const session = await exchangeCode(t, back.searchParams.get('token') as string);
    expect(session.statusCode).toBe(200);
    const teams = await call(
      t,
      { account: account as never, tokens: session.json() },
      'GET',
      '/api/v1/collab/teams',
    );
    expect(teams.json().items.map((i: { team: { plan: string } }) => i.team.plan)).toEqual(['premium']);
    expect(checkoutIdOf(checkoutUrl)).toMatch(/^cs_/);
  });

  it('works once: a second click, an unknown key and an expired link are refused', async () => {
    const email = uniqueEmail('once');
    await requestLink(email, '10.7.0.1');
    const link = await mailedLink(email);
    expect((await open(link)).statusCode).toBe(303);
    expect(errorOf(await open(link))).toMatchObject({ status: 410, code: 1200 });
    expect(errorOf(await open(link.replace(/key=.*/, `key=${'A'.repeat(43)}`)))).toMatchObject({
      status: 404,
      code: 2200,
    });
    expect(errorOf(await open(link.replace(/key=.*/, 'key=')))).toMatchObject({ status: 400, code: 10 });

    const late = uniqueEmail('late');
    await requestLink(late, '10.7.0.2');
    const lateLink = await mailedLink(late);
    t.clock.advance(61 * 60 * 1000);
    expect(errorOf(await open(lateLink))).toMatchObject({ status: 410, code: 1200 });
    expect(await t.repos.accounts.findByEmail(late)).toBeNull();
  });

  it('a browser following a dead link lands on /web-login saying why, never on an error body', async () => {
    const email = uniqueEmail('browser');
    await requestLink(email, '10.7.0.3');
    const link = await mailedLink(email);
    const browse = (url: string) =>
      t.app.inject({
        method: 'GET',
        url: url.replace(TEST_PUBLIC_URL, ''),
        headers: { accept: 'text/html' },
      });
    expect((await browse(link)).headers.location).not.toMatch(/web-login/);
    const used = await browse(link);
    expect(used.statusCode).toBe(303);
    expect(used.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?link=used`);
    const unknown = await browse(link.replace(/key=.*/, `key=${'B'.repeat(43)}`));
    expect(unknown.headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?link=invalid`);
    const late = uniqueEmail('late-browser');
    await requestLink(late, '10.7.0.4');
    const lateLink = await mailedLink(late);
    t.clock.advance(61 * 60 * 1000);
    expect((await browse(lateLink)).headers.location).toBe(`${TEST_PUBLIC_URL}/web-login?link=expired`);
  });

  it("an existing account with team_id of a team it owns pays for that team; someone else's team only signs in", async () => {
    const owner = await createPerson(t, 'Otto');
    const team = await t.repos.teams.create({ name: 'Otto Co', plan: 'basic' });
    const row = await t.repos.teamUsers.create({
      teamId: team.id,
      accountId: owner.account.id,
      email: owner.account.email,
      fullName: 'Otto',
      role: 'owner',
    });
    await requestLink(owner.account.email, '10.8.0.1', { teamId: team.id, teamPlanId: 'pro_30' });
    const landing = await open(await mailedLink(owner.account.email));
    const paid = await payCheckout(t, landing.headers.location as string, TEST_CARDS.visa);
    expect(new URL(paid.body.redirect_url as string).pathname).toBe(
      `/teams/${team.id}-${row.id}/weblogin-success`,
    );
    expect(await t.repos.teamUsers.listByAccount(owner.account.id)).toHaveLength(1);

    // Asked again once the team is subscribed: no second checkout, its billing page instead.
    await t.sandbox.deliverPendingWebhooks();
    await requestLink(owner.account.email, '10.8.0.3', { teamId: team.id, teamPlanId: 'pro_30' });
    const again = new URL((await open(await mailedLink(owner.account.email))).headers.location as string);
    expect(again.pathname).toBe('/auth');
    expect(again.searchParams.get('goto')).toBe(`/teams/${team.id}-${row.id}/billing`);

    const stranger = await createPerson(t, 'Sam');
    await requestLink(stranger.account.email, '10.8.0.2', { teamId: team.id });
    const signedIn = new URL(
      (await open(await mailedLink(stranger.account.email))).headers.location as string,
    );
    expect(`${signedIn.origin}${signedIn.pathname}`).toBe(`${TEST_PUBLIC_URL}/auth`);
    expect(signedIn.searchParams.get('goto')).toBe('/');
    expect((await exchangeCode(t, signedIn.searchParams.get('token') as string)).statusCode).toBe(200);
    expect(await t.repos.teamUsers.findByAccountInTeam(team.id, stranger.account.id)).toBeNull();
  });
});

describe('verified addresses only', () => {
  it("Google's email_verified; for Microsoft only xms_edov or personal accounts, whatever email_verified says", () => {
    expect(isVerifiedEmail('google', { email_verified: true })).toBe(true);
    expect(isVerifiedEmail('google', { email_verified: false })).toBe(false);
    expect(isVerifiedEmail('google', { email_verified: 'true' })).toBe(false);
    expect(isVerifiedEmail('microsoft', { xms_edov: true, tid: 'some-tenant' })).toBe(true);
    expect(isVerifiedEmail('microsoft', { tid: '9188040d-6c67-4c5b-b112-36a304b66dad' })).toBe(true);
    // An Entra tenant's unverified email: an admin anywhere could type someone else's address.
    expect(isVerifiedEmail('microsoft', { tid: 'some-tenant' })).toBe(false);
    expect(isVerifiedEmail('microsoft', { tid: 'some-tenant', email_verified: true })).toBe(false);
  });
});

describe('clean-up', () => {
  it('deletes links and states whose time is long over, and nothing else', async () => {
    const email = uniqueEmail('old');
    await requestLink(email, '10.10.0.1');
    const count = async () =>
      (
        await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM web_login_links WHERE email = $1', [
          email,
        ])
      )[0]?.n;
    await t.repos.webLogin.deleteExpired(t.clock.now());
    expect(await count()).toBe(1);
    await t.repos.webLogin.deleteExpired(new Date(t.clock.now().getTime() + 2 * 3600 * 1000));
    expect(await count()).toBe(0);
  });
});

describe('Google and Microsoft through the identity sandbox (real HTTP)', () => {
  for (const provider of ['google', 'microsoft'] as const) {
    it(`${provider}: the callback signs up the verified person and continues to the checkout`, async () => {
      const email = uniqueEmail(provider);
      const { callback, cookie } = await signInAtSandbox(provider, { email, name: 'Grace Hopper' });
      expect(callback.startsWith(`${TEST_PUBLIC_URL}/api/v1/auth/web/oauth/callback?`)).toBe(true);
      const landing = await open(callback, cookie);
      expect(landing.statusCode).toBe(303);
      expect(landing.headers.location).toContain('/sandbox/stripe/checkout/cs_');
      const account = await t.repos.accounts.findByEmail(email);
      expect(account?.fullName).toBe('Grace Hopper');
      const [membership] = await t.repos.teamUsers.listByAccount(account?.id as number);
      expect((await t.repos.teams.findById(membership?.teamId as number))?.name).toBe("Grace Hopper's team");

      // The same callback again (a replay): its state is spent.
      const replay = await open(callback, cookie);
      expect(errorOf(replay)).toMatchObject({ status: 400, code: 10 });
      expect(replay.json().errorData).toEqual([{ field: 'state', message: 'is invalid' }]);
    });
  }

  it("a provider's name loses bidi controls and zero-width characters; none left, the address names the team", async () => {
    const cases = [
      { provider: 'google', name: 'Bakery\u202Egnp.exe', fullName: 'Bakerygnp.exe' },
      { provider: 'microsoft', name: '\u2066Grace\u200B Hopper\u2069\uFEFF', fullName: 'Grace Hopper' },
      { provider: 'google', name: '\u200B\u202A\u202C', fullName: '' },
    ] as const;
    for (const { provider, name, fullName } of cases) {
      const email = uniqueEmail('bidi');
      const { callback, cookie } = await signInAtSandbox(provider, { email, name });
      expect((await open(callback, cookie)).statusCode).toBe(303);
      const account = await t.repos.accounts.findByEmail(email);
      expect(account?.fullName).toBe(fullName);
      const [member] = await t.repos.teamUsers.listByAccount(account?.id as number);
      expect(member?.fullName).toBe(fullName);
      const team = await t.repos.teams.findById(member?.teamId as number);
      expect(team?.name).toBe(`${fullName || email.slice(0, email.indexOf('@'))}'s team`);
    }
  });

  it('a forged state, a wrong code and a cancelled sign-in are refused without signing anyone in', async () => {
    const forged = await open(
      `/api/v1/auth/web/oauth/callback?state=forged&code=abc`,
      'spark_oauth_state=forged',
    );
    expect(errorOf(forged)).toMatchObject({ status: 400, code: 10 });

    const email = uniqueEmail('mallory');
    const { callback, cookie } = await signInAtSandbox('google', { email, name: 'Mallory' });
    const tampered = new URL(callback);
    tampered.searchParams.set('code', 'not-the-code');
    expect(errorOf(await open(tampered.href, cookie))).toMatchObject({ status: 401, code: 1200 });
    expect(await t.repos.accounts.findByEmail(email)).toBeNull();

    const start = await startOAuth(t, 'microsoft', '10.9.0.2');
    const state = start.authorize.searchParams.get('state') as string;
    const cancelled = await open(
      `/api/v1/auth/web/oauth/callback?state=${state}&error=access_denied`,
      start.cookie,
    );
    expect(cancelled.statusCode).toBe(303);
    expect(cancelled.headers.location).toBe(
      `${TEST_PUBLIC_URL}/web-login?destination=stripe_checkout&team_plan_id=premium_365&team_id=0&oauth=cancelled`,
    );
  });

  it('validates the start: unknown provider, bad plan, bad destination', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ provider: 'github' }, 'provider'],
      [{ provider: 'google', teamPlanId: 'nope' }, 'teamPlanId'],
      [{ provider: 'google', destination: 'https://evil.test' }, 'destination'],
    ];
    for (const [change, field] of cases) {
      const response = await post('/api/v1/auth/web/login/oauth', { ...target, ...change }, '10.9.0.3');
      expect(errorOf(response)).toMatchObject({ status: 400, code: 10 });
      expect(response.json().errorData.map((e: { field: string }) => e.field)).toContain(field);
    }
  });

  it('an OAuth state expires after 15 minutes', async () => {
    const email = uniqueEmail('slowpoke');
    const { callback, cookie } = await signInAtSandbox('google', { email, name: 'Slow' });
    t.clock.advance(16 * 60 * 1000);
    expect(errorOf(await open(callback, cookie))).toMatchObject({ status: 400, code: 10 });
  });
});

describe('after `seed --reset`', () => {
  // With two servers, the reset and the catalogue are made under one; both must still sign people in
  // (the other remembered Stripe price ids the reset deleted: it answered 503 until issue 13).
  it('the identity sandbox keeps its keys and migrations, and signing in still works', async () => {
    const { wipeData } = await import('../src/db/wipe');
    await t.db.transaction((tx) => wipeData(tx));
    // As the CLI's reset does: the Stripe sandbox's catalogue is made again.
    await t.app.billing.syncCatalogue();
    const kept = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM identity_sandbox_keys');
    expect(kept[0]?.n).toBe(1);
    expect((await t.db.query('SELECT 1 FROM identity_sandbox_migrations')).length).toBeGreaterThan(0);
    const emails = [uniqueEmail('after-reset'), uniqueEmail('after-reset-too')];
    const callbacks = [];
    for (const email of emails) callbacks.push(await signInAtSandbox('microsoft', { email, name: 'Ada' }));
    // Back to back, so with two servers each serves one callback (requests alternate).
    for (const { callback, cookie } of callbacks) expect((await open(callback, cookie)).statusCode).toBe(303);
    for (const email of emails) expect(await t.repos.accounts.findByEmail(email)).not.toBeNull();
  });
});
