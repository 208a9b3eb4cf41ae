import { randomBytes } from 'node:crypto';
import type Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from './conformance/conformance';
import { conformanceTest } from './conformance/conformance-test';
import {
  DAY,
  realStripeKey,
  realStripeTarget,
  sandboxTarget,
  TARGET_START_TIMEOUT_MS,
  type Target,
} from './test-support/contract-target';

/**
 * Discounts on a plan change's proration: the credit for unused time is never discounted, only what
 * is charged. Written against the SDK; the line-by-line split is the sandbox's alone, since Stripe may
 * fold a proration's discount into its amount (proration_discounts 'included').
 */

function discounts(
  name: string,
  kind: 'sandbox' | 'stripe',
  makeTarget: () => Promise<Target>,
  run: boolean,
) {
  const describeIt = run ? describe : describe.skip;
  describeIt(name, () => {
    let t: Target;
    let stripe: Stripe;
    const suffix = randomBytes(4).toString('hex');
    const sandboxOnly = kind === 'sandbox' ? it : it.skip;
    let cheap: Stripe.Price;
    let dear: Stripe.Price;
    let coupon: Stripe.Coupon;

    beforeAll(async () => {
      t = await makeTarget();
      stripe = t.stripe;
      const product = await stripe.products.create({ name: `Discounted ${suffix}` });
      const price = (unit_amount: number) =>
        stripe.prices.create({
          product: product.id,
          currency: 'usd',
          unit_amount,
          recurring: { interval: 'month' },
        });
      cheap = await price(1000);
      dear = await price(3000);
      coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
    }, TARGET_START_TIMEOUT_MS);

    afterAll(async () => {
      await t?.close();
    });

    /** A subscription to `from`, and the preview of moving it to `to` ten days in, with the coupon. */
    async function changePreview(from: Stripe.Price, to: Stripe.Price) {
      const customer = await stripe.customers.create({ email: `d-${suffix}@example.com` });
      const pm = await stripe.paymentMethods.attach('pm_card_visa', { customer: customer.id });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: from.id }],
        default_payment_method: pm.id,
      });
      const item = sub.items.data[0] as Stripe.SubscriptionItem;
      const prorationDate = item.current_period_start + 10 * DAY;
      const preview = await stripe.invoices.createPreview({
        customer: customer.id,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: item.id, price: to.id }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
        discounts: [{ coupon: coupon.id }],
      });
      const credit = preview.lines.data.find((line) => line.amount < 0) as Stripe.InvoiceLineItem;
      const charge = preview.lines.data.find((line) => line.amount > 0) as Stripe.InvoiceLineItem;
      const discountOf = (line: Stripe.InvoiceLineItem) =>
        (line.discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
      return { preview, credit, charge, discountOf };
    }

    sandboxOnly(
      'an upgrade discounts the charge for the new plan, never the credit for the old',
      async () => {
        const { preview, credit, charge, discountOf } = await changePreview(cheap, dear);
        expect(credit.amount).toBeLessThan(0);
        expect(discountOf(credit)).toBe(0);
        expect(discountOf(charge)).toBe(Math.round(charge.amount / 10));
        const discount = (preview.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0);
        expect(discount).toBe(Math.round(charge.amount / 10));
        expect(preview.total).toBe(credit.amount + charge.amount - discount);
      },
    );

    sandboxOnly('a change that comes to a credit takes no discount at all', async () => {
      const { preview, credit, charge, discountOf } = await changePreview(dear, cheap);
      expect(preview.subtotal).toBeLessThan(0);
      expect(discountOf(credit)).toBe(0);
      expect(discountOf(charge)).toBe(0);
      expect((preview.total_discount_amounts ?? []).reduce((sum, d) => sum + d.amount, 0)).toBe(0);
      expect(preview.total).toBe(preview.subtotal);
    });

    // Last, so it sees every body the tests above made the sandbox answer (conformance/README.md).
    conformanceTest(recorder, 'discounts', {
      atLeast: { api: 8, webhook: 0 },
      deliver: async () => {
        await t.sandbox?.instance.deliverPendingWebhooks();
      },
      test: sandboxOnly,
    });
  });
}

const recorder = createRecorder();
discounts('Proration discounts: built-in sandbox', 'sandbox', () => sandboxTarget(recorder.observe), true);
discounts(
  realStripeKey
    ? 'Proration discounts: real Stripe test mode'
    : 'Proration discounts: real Stripe test mode (skipped: STRIPE_TEST_SECRET_KEY is not set)',
  'stripe',
  realStripeTarget,
  Boolean(realStripeKey),
);
