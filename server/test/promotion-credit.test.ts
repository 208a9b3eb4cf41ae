import type { Preview } from '@domain/entities';
import { describe, expect, it } from 'vitest';
import { demoBilling } from '../src/seed/demo-billing';
import { sandboxStripe } from './billing-fixtures';
import { errorOf, setupTestApp } from './helper';
import { call, refOf, setupAcmeCast } from './team-fixtures';

// A promotion code named on a plan change that comes to a credit (annual Premium to monthly Pro)
// takes nothing off it, so it is not spent: the product records no redemption and the code is not
// left on the subscription to discount the next payment.
const t = setupTestApp({ demoBilling: true });
const demo = setupAcmeCast(t, 'olivia');
const CODE = demoBilling.promotionCode.code;
const USED = { status: 400, code: 10, data: [{ field: 'coupon', message: 'has already been used' }] };

describe('a promotion code on a credit', () => {
  it('is not spent by a change that comes to a credit: no discount, no redemption, still usable later', async () => {
    const ref = refOf(demo.oliviaAcme);
    const preview = (planId: string, coupon: string) =>
      call(t, demo.olivia, 'POST', `/api/v1/collab/${ref}/billing/preview`, { planId, coupon });
    const change = (planId: string, coupon: string) =>
      call(t, demo.olivia, 'PUT', `/api/v2/collab/${ref}/billing/plan`, { planId, coupon });

    // Annual Premium to monthly Pro: the unused year is worth more than a month of Pro.
    const creditAnswer = await preview('pro_30', CODE);
    expect(creditAnswer.statusCode, creditAnswer.body).toBe(200);
    const credit = creditAnswer.json<Preview>();
    expect(credit.subtotal).toBeLessThan(0);
    expect(credit.discount).toBe(0);
    expect(credit.amountDue).toBeLessThanOrEqual(0);
    const changed = await change('pro_30', CODE);
    expect(changed.statusCode, changed.body).toBe(200);

    const link = await t.repos.billing.findTeamBilling(demo.oliviaAcme.teamId);
    const stripe = sandboxStripe(t);
    const subscription = await stripe.subscriptions.retrieve(link?.subscriptionId as string);
    expect(subscription.items.data[0]?.price.lookup_key).toBe('pro_30');
    const invoice = await stripe.invoices.retrieve(subscription.latest_invoice as string);
    expect(invoice.subtotal).toBeLessThan(0);
    expect(invoice.total).toBe(invoice.subtotal);
    // Not spent: no redemption, nothing left on the subscription to discount the next payment.
    const rows = await t.db.query('SELECT 1 FROM promotion_redemptions WHERE customer_id = $1', [
      link?.customerId,
    ]);
    expect(rows).toHaveLength(0);
    expect(subscription.discounts).toEqual([]);

    // Later, a change that charges something still takes the code, once.
    const later = (await preview('pro_365', CODE)).json<Preview>();
    expect(later.discount).toBeGreaterThan(0);
    expect((await change('pro_365', CODE)).statusCode).toBe(200);
    expect(errorOf(await preview('pro_30', CODE))).toEqual(USED);
  });
});
