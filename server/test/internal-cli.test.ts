import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { errorOf, exchangeCode, setupTestApp } from './helper';

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

  it('reset the demo data on request', async () => {
    await t.repos.accounts.create({ email: 'temp@example.test', fullName: 'Temp' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/internal/cli/seed-reset',
      headers: { [CLI_SECRET_HEADER]: t.cliSecret },
      payload: {},
    });
    expect(response.json()).toEqual({ ok: true });
    expect(await t.repos.accounts.findByEmail('temp@example.test')).toBeNull();
    expect(await t.repos.accounts.findByEmail(demoAccounts.olivia.email)).not.toBeNull();
  });
});
