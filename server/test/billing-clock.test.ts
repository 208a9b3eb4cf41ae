import type { Invoice, Team } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import type { SandboxAdvanceSummary } from '../sandbox/stripe/stripe-sandbox';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { getBilling, payCheckout, TEST_CARDS } from './billing-fixtures';
import { setupTestApp } from './helper';
import { call, createSignedInTeam, demoMember, demoPerson, refOf } from './team-fixtures';

// The sandbox's clock moved as `npm run --silent cli -- sandbox advance --days N` moves it (the CLI
// calls this internal route of the running server): trials end, periods renew, and the teams follow
// through the signed webhooks.

const t = setupTestApp({ demoBilling: true });
const DAY = 86_400;

function advance(days: number) {
  return t.app.inject({
    method: 'POST',
    url: '/api/internal/cli/sandbox-advance',
    headers: { [CLI_SECRET_HEADER]: t.cliSecret },
    remoteAddress: '127.0.0.1',
    payload: { seconds: days * DAY },
  });
}

describe('the sandbox clock', () => {
  it('a trial with a card turns active and invoices; Trial Tech without a card goes back to basic', async () => {
    const { owner, world } = await createSignedInTeam(t, { plan: 'basic' });
    const ref = refOf(world.owner);
    const checkout = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
      planId: 'plus_30',
    });
    await payCheckout(t, checkout.json<{ url: string }>().url, TEST_CARDS.visa);
    expect((await getBilling(t, owner, ref)).subscription?.status).toBe('trialing');
    const tara = await demoPerson(t, demoAccounts.tara.email);
    const trialRef = refOf(await demoMember(t, demoAccounts.tara.email, demoTeams.trial.name));

    const moved = await advance(15);
    expect(moved.statusCode, moved.body).toBe(200);
    const summary = moved.json<SandboxAdvanceSummary>();
    expect(summary.advancedSeconds).toBe(15 * DAY);
    expect(summary.happened.join('\n')).toMatch(/trial ended/);
    await t.sandbox.deliverPendingWebhooks();

    const billing = await getBilling(t, owner, ref);
    expect(billing.subscription).toMatchObject({ status: 'active', planId: 'plus_30', trialEndAt: null });
    const team = (await call(t, owner, 'GET', `/api/v1/collab/teams/${ref}`)).json<{ team: Team }>().team;
    expect(team).toMatchObject({ plan: 'plus', trialStatus: null, trialEndAt: null });
    const invoices = (await call(t, owner, 'GET', `/api/v1/collab/${ref}/billing/invoices`)).json<
      Invoice[]
    >();
    expect(invoices.filter((i) => i.status === 'paid' && i.amount === 3 * 500)).toHaveLength(1);

    const trial = (await call(t, tara, 'GET', `/api/v1/collab/teams/${trialRef}`)).json<{ team: Team }>()
      .team;
    expect(trial).toMatchObject({ plan: 'basic', trialStatus: null, trialEndAt: null });
    expect((await getBilling(t, tara, trialRef)).subscription).toBeNull();
  });

  it('a period renews and invoices again a month later', async () => {
    const { owner, world } = await createSignedInTeam(t, { plan: 'basic' });
    const ref = refOf(world.owner);
    const checkout = await call(t, owner, 'POST', `/api/v2/collab/${ref}/billing/checkout`, {
      planId: 'pro_30',
    });
    await payCheckout(t, checkout.json<{ url: string }>().url, TEST_CARDS.visa);
    await advance(15);
    const paidBefore = (await call(t, owner, 'GET', `/api/v1/collab/${ref}/billing/invoices`))
      .json<Invoice[]>()
      .filter((i) => i.status === 'paid').length;
    await advance(31);
    await t.sandbox.deliverPendingWebhooks();
    const paidAfter = (await call(t, owner, 'GET', `/api/v1/collab/${ref}/billing/invoices`))
      .json<Invoice[]>()
      .filter((i) => i.status === 'paid').length;
    expect(paidAfter).toBe(paidBefore + 1);
    expect((await getBilling(t, owner, ref)).subscription?.status).toBe('active');
  });

  it('refuses callers without the CLI secret', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/internal/cli/sandbox-advance',
      remoteAddress: '127.0.0.1',
      payload: { seconds: DAY },
    });
    expect(response.statusCode).toBe(404);
  });
});
