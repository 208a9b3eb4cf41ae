import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../src/mail/outbox';
import { browserCall, checkoutIdOf, payCheckout, sandboxStripe, TEST_CARDS } from './billing-fixtures';
import { errorOf, exchangeCode, setupTestApp, TEST_PUBLIC_URL, type TestApp } from './helper';
import { createPerson } from './team-fixtures';

// Issue 20, finding 2: the login code of a web sign-up's checkout. One code for both return URLs,
// a login only once that checkout has ended and only once; the hosted page of a finished checkout
// shows no return URL; codes minted for an immediate redirect live at most 10 minutes.
const t: TestApp = setupTestApp();

const target = { destination: 'stripe_checkout', teamPlanId: 'premium_365', teamId: null };
const device = { app: 'console', platform: 'web', version: '1.0', osVersion: 'Linux', device: 'test' };

/** A web sign-up through the mailed link, up to the hosted checkout: its URL. */
async function signUpToCheckout(name: string, extra: Record<string, unknown> = {}): Promise<string> {
  const email = `${name}-${randomBytes(4).toString('hex')}@signup.test`;
  return followMailedLink(email, extra);
}

async function followMailedLink(email: string, extra: Record<string, unknown> = {}): Promise<string> {
  const ip = `10.20.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/web/login/email',
    payload: { email, ...target, ...device, ...extra },
    remoteAddress: ip,
  });
  expect(asked.statusCode).toBe(204);
  const link = (await listOutbox(t.outboxDir)).find((entry) => entry.to === email)?.link ?? '';
  const landing = await t.app.inject({ url: link.replace(TEST_PUBLIC_URL, '') });
  expect(landing.statusCode).toBe(303);
  return landing.headers.location as string;
}

interface PaymentPage {
  status: string;
  success_url?: string;
  cancel_url?: string;
  redirect_url?: string | null;
}

/** What the hosted checkout page reads with the publishable key: anyone holding the URL can. */
const readPage = async (checkoutUrl: string) =>
  (await browserCall<PaymentPage>(t, 'GET', `/v1/payment_pages/${checkoutIdOf(checkoutUrl)}`)).body;

const tokenOf = (url: string | undefined | null) =>
  new URL(url as string).searchParams.get('token') as string;

/** The JWT's lifetime in seconds (exp minus now), as the browser would carry it. */
function secondsLeft(code: string): number {
  const payload = JSON.parse(Buffer.from(code.split('.')[1] as string, 'base64url').toString());
  return payload.exp - Date.now() / 1000;
}

describe('the login code of a web sign-up checkout', () => {
  it('is one code for both URLs; a completed checkout shows neither; it signs in once', async () => {
    const checkoutUrl = await signUpToCheckout('paid');
    const open = await readPage(checkoutUrl);
    expect(open.status).toBe('open');
    const code = tokenOf(open.success_url);
    expect(tokenOf(open.cancel_url)).toBe(code);

    const paid = await payCheckout(t, checkoutUrl, TEST_CARDS.visa);
    expect(tokenOf(paid.body.redirect_url)).toBe(code);

    // Anyone holding the checkout's URL reads the page again: no way back, no code.
    const done = await readPage(checkoutUrl);
    expect(done.status).toBe('complete');
    expect(done.success_url).toBeUndefined();
    expect(done.cancel_url).toBeUndefined();
    expect(done.redirect_url ?? null).toBeNull();

    expect((await exchangeCode(t, code)).statusCode).toBe(200);
    // The cancel URL carried the same code: used once, both are void.
    expect(errorOf(await exchangeCode(t, code))).toMatchObject({ status: 401, code: 1200 });
  });

  it('through the cancel URL ends the open checkout first, so it can no longer be paid', async () => {
    const checkoutUrl = await signUpToCheckout('cancelled');
    const code = tokenOf((await readPage(checkoutUrl)).cancel_url);

    expect((await exchangeCode(t, code)).statusCode).toBe(200);

    const session = await sandboxStripe(t).checkout.sessions.retrieve(checkoutIdOf(checkoutUrl));
    expect(session.status).toBe('expired');
    const page = await readPage(checkoutUrl);
    expect(page.status).toBe('expired');
    expect(page.success_url).toBeUndefined();
    expect(page.cancel_url).toBeUndefined();
    expect((await payCheckout(t, checkoutUrl, TEST_CARDS.visa)).status).toBe(400);
    // The success URL's code is the same one: spent.
    expect(errorOf(await exchangeCode(t, code))).toMatchObject({ status: 401, code: 1200 });
  });

  it('works however long the checkout stays open: its lifetime is the checkout’s, not 10 or 30 minutes', async () => {
    const checkoutUrl = await signUpToCheckout('slow');
    const code = tokenOf((await readPage(checkoutUrl)).success_url);
    // Stripe keeps a checkout open up to 24 hours; the code outlives that by the redirect's allowance.
    expect(secondsLeft(code)).toBeGreaterThan(24 * 3600);
    // As if the person paid near the end of those 24 hours: the code is still good after payment.
    await t.db.query(`UPDATE auth_codes SET expires_at = now() + interval '11 minutes' WHERE for_checkout`);
    await payCheckout(t, checkoutUrl, TEST_CARDS.visa);
    expect((await exchangeCode(t, code)).statusCode).toBe(200);
  });

  it('a code minted for an immediate redirect lives at most 10 minutes', async () => {
    // Someone else's team: signed in at once through /auth, no checkout.
    const owner = await createPerson(t, 'Owner');
    const team = await t.repos.teams.create({ name: 'Not Yours', plan: 'basic' });
    await t.repos.teamUsers.create({
      teamId: team.id,
      accountId: owner.account.id,
      email: owner.account.email,
      fullName: 'Owner',
      role: 'owner',
    });
    const next = new URL(await signUpToCheckout('redirect', { teamId: team.id }));
    expect(next.pathname).toBe('/auth');
    const code = next.searchParams.get('token') as string;
    expect(secondsLeft(code)).toBeLessThanOrEqual(600);
    const [row] = await t.db.query<{ left: number }>(
      `SELECT extract(epoch FROM expires_at - now())::float AS left FROM auth_codes
       ORDER BY created_at DESC LIMIT 1`,
    );
    expect(row?.left).toBeLessThanOrEqual(600);
    expect((await exchangeCode(t, code)).statusCode).toBe(200);
  });
});
