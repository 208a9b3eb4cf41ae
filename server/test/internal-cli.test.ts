import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { errorOf, exchangeCode, setupTestApp, TEST_PUBLIC_URL } from './helper';

const t = setupTestApp();

const loginUrl = (
  headers: Record<string, string>,
  payload: InjectOptions['payload'],
  remoteAddress?: string,
) => t.app.inject({ method: 'POST', url: '/api/internal/cli/login-url', headers, payload, remoteAddress });

describe('internal CLI routes', () => {
  it('hide from callers without the secret, with a wrong one, or from another address', async () => {
    const payload = { email: demoAccounts.olivia.email };
    const notFound = { status: 404, code: 2200, data: null };
    expect(errorOf(await loginUrl({}, payload))).toEqual(notFound);
    expect(errorOf(await loginUrl({ [CLI_SECRET_HEADER]: 'wrong' }, payload))).toEqual(notFound);
    expect(errorOf(await loginUrl({ [CLI_SECRET_HEADER]: `${t.cliSecret}x` }, payload))).toEqual(notFound);
    expect(errorOf(await loginUrl({ [CLI_SECRET_HEADER]: t.cliSecret }, payload, '10.1.2.3'))).toEqual(
      notFound,
    );
    expect(
      errorOf(
        await loginUrl(
          { [CLI_SECRET_HEADER]: t.cliSecret, 'x-forwarded-for': '127.0.0.1' },
          payload,
          '10.1.2.3',
        ),
      ),
    ).toEqual(notFound);
    const reset = await t.app.inject({ method: 'POST', url: '/api/internal/cli/seed-reset', payload: {} });
    expect(errorOf(reset)).toEqual(notFound);
    expect(errorOf(await t.app.inject({ url: '/api/internal/cli/ping' }))).toEqual(notFound);
  });

  it('hand out a working auth code with the secret, over loopback (IPv4 and IPv6)', async () => {
    const response = await loginUrl({ [CLI_SECRET_HEADER]: t.cliSecret }, { email: demoAccounts.mia.email });
    expect(response.statusCode).toBe(200);
    const grant = response.json();
    expect(grant).toMatchObject({ teamId: null, userId: null });
    expect((await exchangeCode(t, grant.token)).statusCode).toBe(200);

    const v6 = await loginUrl(
      { [CLI_SECRET_HEADER]: t.cliSecret },
      { email: demoAccounts.olivia.email, team: demoTeams.bakery.name },
      '::1',
    );
    const [bakery] = await t.repos.teams.findByName(demoTeams.bakery.name);
    const olivia = await t.repos.accounts.findByEmail(demoAccounts.olivia.email);
    const membership = await t.repos.teamUsers.findByAccountInTeam(
      bakery?.id as number,
      olivia?.id as number,
    );
    expect(v6.json()).toMatchObject({ teamId: bakery?.id, userId: membership?.id });
  });

  it('explain unknown accounts, teams and memberships', async () => {
    const ask = async (payload: InjectOptions['payload']) => {
      const response = await loginUrl({ [CLI_SECRET_HEADER]: t.cliSecret }, payload);
      return { status: response.statusCode, message: response.json().errorMessage };
    };
    expect(await ask({ email: 'nobody@example.test' })).toEqual({
      status: 404,
      message: 'No account with email nobody@example.test',
    });
    expect(await ask({ email: demoAccounts.olivia.email, team: 'Nope Ltd' })).toEqual({
      status: 404,
      message: 'No team named "Nope Ltd"',
    });
    expect(await ask({ email: demoAccounts.solo.email, team: demoTeams.acme.name })).toEqual({
      status: 404,
      message: `${demoAccounts.solo.email} is not a member of "${demoTeams.acme.name}"`,
    });
  });

  it('reset the demo data on request, with force where the public URL is not loopback', async () => {
    await t.repos.accounts.create({ email: 'temp@example.test', fullName: 'Temp' });
    const reset = (payload: InjectOptions['payload']) =>
      t.app.inject({
        method: 'POST',
        url: '/api/internal/cli/seed-reset',
        headers: { [CLI_SECRET_HEADER]: t.cliSecret },
        payload,
      });
    // The test app's links say http://console.test: a site others reach, so nothing is wiped.
    const refused = await reset({});
    expect(errorOf(refused)).toEqual({ status: 403, code: 1700, data: null });
    expect(refused.json().errorMessage).toBe(
      `Refusing to wipe the database: PUBLIC_URL ${TEST_PUBLIC_URL} is not loopback, so it may hold real accounts. Nothing was changed; add --force to wipe it and load the demo data.`,
    );
    expect(await t.repos.accounts.findByEmail('temp@example.test')).not.toBeNull();
    expect(errorOf(await reset({ force: 'yes' }))).toMatchObject({ status: 400, code: 10 });

    const response = await reset({ force: true });
    expect(response.json()).toEqual({ ok: true });
    expect(await t.repos.accounts.findByEmail('temp@example.test')).toBeNull();
    expect(await t.repos.accounts.findByEmail(demoAccounts.olivia.email)).not.toBeNull();
  });

  it('add staff: a new account, or an existing one marked, and bad input refused', async () => {
    const staffAdd = (payload: InjectOptions['payload']) =>
      t.app.inject({
        method: 'POST',
        url: '/api/internal/cli/staff-add',
        headers: { [CLI_SECRET_HEADER]: t.cliSecret },
        payload,
      });
    const made = await staffAdd({ email: ' Ops@Example.com ', name: 'Olga Ops' });
    expect(made.json()).toEqual({ email: 'Ops@Example.com', created: true });
    expect(await t.repos.accounts.findByEmail('ops@example.com')).toMatchObject({
      fullName: 'Olga Ops',
      isStaff: true,
    });
    // An existing account: marked staff, its name its own.
    expect(await t.repos.accounts.findByEmail(demoAccounts.mia.email)).toMatchObject({ isStaff: false });
    const marked = await staffAdd({ email: demoAccounts.mia.email.toUpperCase(), name: 'Someone Else' });
    expect(marked.json()).toEqual({ email: demoAccounts.mia.email, created: false });
    expect(await t.repos.accounts.findByEmail(demoAccounts.mia.email)).toMatchObject({
      fullName: demoAccounts.mia.fullName,
      isStaff: true,
    });
    const count = await t.repos.accounts.count();
    for (const payload of [
      { email: 'not-an-email' },
      { email: 'ops@example' },
      { email: `${'a'.repeat(250)}@example.com` },
      { email: 'x@example.com', name: '' },
      { email: 'x@example.com', name: 'Two\nLines' },
      { email: 'x@example.com', isStaff: false },
      {},
    ]) {
      expect(errorOf(await staffAdd(payload)), JSON.stringify(payload)).toMatchObject({
        status: 400,
        code: 10,
      });
    }
    expect(await t.repos.accounts.count()).toBe(count);
    // Signs in like any account.
    const grant = await loginUrl({ [CLI_SECRET_HEADER]: t.cliSecret }, { email: 'ops@example.com' });
    expect((await exchangeCode(t, grant.json().token)).statusCode).toBe(200);
  });
});
