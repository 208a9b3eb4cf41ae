import type { SeatCost } from '@domain/seat-cost';
import { describe, expect, it } from 'vitest';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { getBilling } from './billing-fixtures';
import { errorOf, setupTestApp } from './helper';
import { call, demoMember, demoPerson, refOf } from './team-fixtures';

// Issue 21: the invite form says what one more seat costs before sending, from a read-only preview
// of the subscription's next invoice with one more seat.

const t = setupTestApp({ demoBilling: true });
const url = (ref: string) => `/api/v1/collab/teams/${ref}/seat-cost`;

async function seatCostFor(email: string, team: string) {
  const who = await demoPerson(t, email);
  return call(t, who, 'GET', url(refOf(await demoMember(t, email, team))));
}

describe('GET .../seat-cost', () => {
  it("Acme pays yearly: a seat's price and the part prorated over the rest of the period; nothing changes", async () => {
    const quantity = async () => {
      const [row] = await t.db.query<{ subscription_id: string }>(
        'SELECT subscription_id FROM team_billing tb JOIN teams t ON t.id = tb.team_id WHERE t.name = $1',
        [demoTeams.acme.name],
      );
      return (await t.app.billingProvider.getSubscription(row?.subscription_id as string))?.quantity;
    };
    const before = await quantity();
    const response = await seatCostFor(demoAccounts.olivia.email, demoTeams.acme.name);
    expect(response.statusCode, response.body).toBe(200);
    const { seatCost } = response.json<{ seatCost: SeatCost }>();
    expect(seatCost).toMatchObject({ perSeat: 7999, interval: 'year', currency: 'USD' });
    expect(seatCost.prorated).toBeGreaterThan(0);
    expect(seatCost.prorated).toBeLessThanOrEqual(7999);
    expect(seatCost.periodEnd).toEqual(expect.any(Number));
    expect(await quantity()).toBe(before);
  });

  it('a team that pays nothing now (Basic Bakery, Trial Tech): null', async () => {
    const bakery = await seatCostFor(demoAccounts.bella.email, demoTeams.bakery.name);
    expect(bakery.json()).toEqual({ seatCost: null });
    const trial = await seatCostFor(demoAccounts.tara.email, demoTeams.trial.name);
    expect(trial.json()).toEqual({ seatCost: null });
  });

  it('a plain member may not invite, so may not ask: 403 1700', async () => {
    const response = await seatCostFor(demoAccounts.mia.email, demoTeams.acme.name);
    expect(errorOf(response)).toMatchObject({ status: 403, code: 1700 });
  });
});

describe('the next payment explains its prorations (GET .../billing)', () => {
  it("a seat added mid-period: the upcoming invoice's proration, with when and how many seats", async () => {
    const olivia = await demoPerson(t, demoAccounts.olivia.email);
    const ref = refOf(await demoMember(t, demoAccounts.olivia.email, demoTeams.acme.name));
    const before = (await getBilling(t, olivia, ref)).subscription;
    expect(before?.nextPaymentProrations).toEqual([]);
    const quoted = (await seatCostFor(demoAccounts.olivia.email, demoTeams.acme.name)).json<{
      seatCost: SeatCost;
    }>().seatCost;

    // Ben is let back in: one more seat, prorated onto the next invoice.
    const ben = await demoMember(t, demoAccounts.ben.email, demoTeams.acme.name);
    const unban = await call(t, olivia, 'POST', `/api/v1/collab/${ref}/users/${ben.id}/unban`);
    expect(unban.statusCode, unban.body).toBe(200);
    const after = (await getBilling(t, olivia, ref)).subscription;
    const [line, ...more] = after?.nextPaymentProrations ?? [];
    expect(more).toEqual([]);
    expect(line?.seats).toBe(1);
    expect(Math.abs((line?.at ?? 0) - Date.now() / 1000)).toBeLessThan(120);
    // What the invite form quoted for one more seat, give or take the seconds between the two.
    expect(line?.amount).toBeGreaterThan(0);
    expect(Math.abs((line?.amount ?? 0) - quoted.prorated)).toBeLessThanOrEqual(
      Math.ceil(quoted.prorated / 100),
    );
    // The next payment went up by the new seat's price and its proration.
    expect((after?.nextPaymentAmount ?? 0) - (before?.nextPaymentAmount ?? 0)).toBeGreaterThan(
      line?.amount ?? 0,
    );
  });
});
