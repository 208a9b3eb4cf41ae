import { describe, expect, it } from 'vitest';
import { demoAccounts, demoTeams } from '../src/seed/demo-data';
import { getBilling } from './billing-fixtures';
import { setupTestApp } from './helper';
import { call, demoMember, demoPerson, refOf } from './team-fixtures';

// The next payment grows by the VAT of the customer's country; the billing answer says how much of
// it is tax, so the page can say so beside the amount.

const t = setupTestApp({ demoBilling: true });

describe('the next payment says the tax it includes (GET .../billing)', () => {
  it('none while Acme is reverse-charged; 24% once it has a Greek address without a VAT id', async () => {
    const olivia = await demoPerson(t, demoAccounts.olivia.email);
    const ref = refOf(await demoMember(t, demoAccounts.olivia.email, demoTeams.acme.name));
    const before = (await getBilling(t, olivia, ref)).subscription;
    expect(before?.nextPaymentTax).toBeNull();
    const untaxed = before?.nextPaymentAmount as number;
    expect(untaxed).toBeGreaterThan(0);

    const greek = {
      name: 'Acme Hellas',
      line1: 'Ermou 10',
      line2: '',
      city: 'Athens',
      state: '',
      postalCode: '10563',
      country: 'GR',
      vatId: '',
    };
    const saved = await call(t, olivia, 'PUT', `/api/v1/collab/${ref}/billing/customer`, greek);
    expect(saved.statusCode, saved.body).toBe(200);

    const after = (await getBilling(t, olivia, ref)).subscription;
    const tax = Math.round(untaxed * 0.24);
    expect(after?.nextPaymentTax).toEqual({ amount: tax, percent: 24 });
    expect(after?.nextPaymentAmount).toBe(untaxed + tax);
  });
});
