import type { Preview } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { demoBilling } from '../src/seed/demo-billing';
import { sandboxStripe } from './billing-fixtures';
import { errorOf, setupTestApp } from './helper';
import { call, refOf, setupAcmeCast } from './team-fixtures';

// Issue 20: a promotion code is redeemed once per customer. WELCOME10 used to take 10% off every
// plan change of Acme's that named it; the preview now says why it is refused the second time.
const t = setupTestApp({ demoBilling: true });
const demo = setupAcmeCast(t, 'olivia');
const CODE = demoBilling.promotionCode.code;
const USED = { status: 400, code: 10, data: [{ field: 'coupon', message: 'has already been used' }] };

describe('promotion codes', () => {
  it('are redeemed once per customer; the preview and the change say why a second use is refused', async () => {
    const ref = refOf(demo.oliviaAcme);
    const preview = (planId: string, coupon: string) =>
      call(t, demo.olivia, 'POST', `/api/v1/collab/${ref}/billing/preview`, { planId, coupon });
    const change = (planId: string, coupon: string) =>
      call(t, demo.olivia, 'PUT', `/api/v2/collab/${ref}/billing/plan`, { planId, coupon });

    const first = await preview('pro_365', CODE);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Preview>().discount).toBeGreaterThan(0);
    const changed = await change('pro_365', CODE);
    expect(changed.statusCode, changed.body).toBe(200);

    // Once the change took the code, neither a preview nor another change may take it again.
    expect(errorOf(await preview('pro_30', CODE))).toEqual(USED);
    expect(errorOf(await change('pro_30', CODE))).toEqual(USED);
    const link = await t.repos.billing.findTeamBilling(demo.oliviaAcme.teamId);
    const subscription = await sandboxStripe(t).subscriptions.retrieve(link?.subscriptionId as string);
    expect(subscription.items.data[0]?.price.lookup_key).toBe('pro_365');
    // Without the code the change goes ahead.
    expect((await change('pro_30', '')).statusCode).toBe(200);
    // An unknown code still says it is invalid, as before.
    expect(errorOf(await preview('pro_365', 'NOSUCHCODE')).data).toEqual([
      { field: 'coupon', message: 'is invalid' },
    ]);
  });
});
