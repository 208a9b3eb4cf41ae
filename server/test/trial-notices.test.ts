import type { Team, TeamEvent } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { listOutbox } from '../src/mail/outbox';
import { CLI_SECRET_HEADER } from '../src/routes/internal-cli.routes';
import { DEMO_TRIAL_DAYS, demoAccounts, demoTeams } from '../src/seed/demo-data';
import { getBilling, sandboxStripe } from './billing-fixtures';
import { setupTestApp } from './helper';
import { call, demoMember, demoPerson, refOf } from './team-fixtures';

// Issue 21: Trial Tech trials Premium without a card. Three days before the end its owner gets a mail
// asking for a card (once, however often the webhook comes); when the trial ends the team drops to
// Basic with a mail and a team event.

const t = setupTestApp({ demoBilling: true });
const DAY = 86_400;

async function advance(days: number) {
  const moved = await t.app.inject({
    method: 'POST',
    url: '/api/internal/cli/sandbox-advance',
    headers: { [CLI_SECRET_HEADER]: t.cliSecret },
    remoteAddress: '127.0.0.1',
    payload: { seconds: days * DAY },
  });
  expect(moved.statusCode, moved.body).toBe(200);
  await t.sandbox.deliverPendingWebhooks();
}

const mailsTo = async (email: string) => (await listOutbox(t.outboxDir)).filter((m) => m.to === email);

describe('trial notices', () => {
  it('a mail 3 days before a trial without a card ends, once; then Basic, with a mail and an event', async () => {
    const tara = await demoPerson(t, demoAccounts.tara.email);
    const ref = refOf(await demoMember(t, demoAccounts.tara.email, demoTeams.trial.name));
    const trialing = await getBilling(t, tara, ref);
    expect(trialing.endedTrial).toBeNull();
    const trialEndAt = trialing.subscription?.trialEndAt as number;
    expect(trialEndAt).toEqual(expect.any(Number));

    await advance(DEMO_TRIAL_DAYS - 4);
    expect(await mailsTo(demoAccounts.tara.email)).toEqual([]);

    await advance(2);
    const ending = await mailsTo(demoAccounts.tara.email);
    expect(ending).toHaveLength(1);
    expect(ending[0]?.subject).toMatch(
      /^The Premium trial of Trial Tech ends on [A-Z][a-z]{2} \d{1,2}, \d{4}$/,
    );
    expect(ending[0]?.text).toContain('Add a card to keep Premium after');
    expect(ending[0]?.text).toContain(`/teams/${ref}/billing`);

    // The same notice again under another event id (a second delivery path): no second mail.
    const stripe = sandboxStripe(t);
    const [notice] = (await stripe.events.list({ type: 'customer.subscription.trial_will_end' })).data;
    expect(notice).toBeDefined();
    const payload = JSON.stringify({ ...notice, id: `${notice?.id}_again` });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({
          payload,
          secret: t.sandbox.webhookSecret,
        }),
      },
      payload,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(await mailsTo(demoAccounts.tara.email)).toHaveLength(1);

    await advance(3);
    const team = (await call(t, tara, 'GET', `/api/v1/collab/teams/${ref}`)).json<{ team: Team }>().team;
    expect(team.plan).toBe('basic');
    const mails = await mailsTo(demoAccounts.tara.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.subject).toBe('Trial Tech is now on Basic');
    expect(mails[0]?.text).toContain(
      'The Premium trial of Trial Tech has ended, so the team is now on Basic.',
    );
    const events = (await call(t, tara, 'GET', `/api/v3/collab/${ref}/events`)).json<TeamEvent[]>();
    const dropped = events.filter((e) => e.type === 'billing.dropped_to_basic');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]?.data).toMatchObject({ from: 'premium', reason: 'trial_ended', trialEndAt });
    // The billing page learns which trial ended and when, to say so and how to get the plan back.
    const basic = await getBilling(t, tara, ref);
    expect(basic.subscription).toBeNull();
    expect(basic.endedTrial).toEqual({ plan: 'premium', endedAt: trialEndAt });

    // Later webhooks change nothing: still one mail of each.
    await advance(1);
    expect(await mailsTo(demoAccounts.tara.email)).toHaveLength(2);
  });

  it('says no ended trial for a team on Basic that never trialed, nor for a paying team', async () => {
    const bella = await demoPerson(t, demoAccounts.bella.email);
    const bakery = refOf(await demoMember(t, demoAccounts.bella.email, demoTeams.bakery.name));
    expect((await getBilling(t, bella, bakery)).endedTrial).toBeNull();
    const olivia = await demoPerson(t, demoAccounts.olivia.email);
    const acme = refOf(await demoMember(t, demoAccounts.olivia.email, demoTeams.acme.name));
    expect((await getBilling(t, olivia, acme)).endedTrial).toBeNull();
  });
});
