import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from './conformance/conformance';
import { conformanceTest } from './conformance/conformance-test';
import {
  realStripeKey,
  realStripeTarget,
  sandboxTarget,
  TARGET_START_TIMEOUT_MS,
  type Target,
} from './test-support/contract-target';

/**
 * Charges and refunds, as the product uses them: each card payment leaves a charge (the intent's
 * latest_charge, expandable), and a succeeded one is refunded whole or in part. Written only against
 * the SDK, so it runs against Stripe's test mode too when STRIPE_TEST_SECRET_KEY is set.
 */

function charges(name: string, kind: 'sandbox' | 'stripe', makeTarget: () => Promise<Target>, run: boolean) {
  const describeIt = run ? describe : describe.skip;
  describeIt(name, () => {
    let t: Target;
    let stripe: Stripe;
    const suffix = randomBytes(4).toString('hex');
    const sandboxOnly = kind === 'sandbox' ? it : it.skip;

    async function paid(amount: number, card = 'pm_card_visa') {
      const customer = await stripe.customers.create({ email: `charge-${suffix}@example.com` });
      return stripe.paymentIntents.create({
        amount,
        currency: 'usd',
        customer: customer.id,
        payment_method: card,
        // Cards only, so Stripe asks for no return_url (redirecting methods are off).
        allowed_payment_method_types: ['card'],
        confirm: true,
        expand: ['latest_charge'],
      });
    }

    /** The events of `type` about `id` (newest first), as the webhook endpoint would get them. */
    async function eventsAbout(type: string, id: string) {
      const { data } = await stripe.events.list({ type, limit: 20 });
      return data.filter((event) => (event.data.object as { id: string }).id === id);
    }

    beforeAll(async () => {
      t = await makeTarget();
      stripe = t.stripe;
    }, TARGET_START_TIMEOUT_MS);

    afterAll(async () => {
      await t?.close();
    });

    it('a paid intent names its charge: expandable, retrievable, announced by charge.succeeded', async () => {
      const intent = await paid(1234);
      expect(intent.status).toBe('succeeded');
      const charge = intent.latest_charge as Stripe.Charge;
      expect(charge).toMatchObject({
        object: 'charge',
        amount: 1234,
        amount_captured: 1234,
        amount_refunded: 0,
        captured: true,
        paid: true,
        refunded: false,
        status: 'succeeded',
        payment_intent: intent.id,
        customer: intent.customer,
        currency: 'usd',
      });
      expect(charge.id).toMatch(/^ch_/);
      expect(charge.payment_method_details?.card?.last4).toBe('4242');
      expect(charge.outcome?.type).toBe('authorized');
      // Not expanded by default since API 2022-11-15.
      expect(charge).not.toHaveProperty('refunds');
      const again = await stripe.charges.retrieve(charge.id);
      expect(again.amount).toBe(1234);
      expect(await eventsAbout('charge.succeeded', charge.id)).toHaveLength(1);
      const listed = await stripe.charges.list({ payment_intent: intent.id });
      expect(listed.data.map((c) => c.id)).toEqual([charge.id]);
    });

    it('a declined payment leaves a failed charge, named in the 402 and announced by charge.failed', async () => {
      const error = await paid(500, 'pm_card_chargeDeclined').catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      const chargeId = error.raw.charge as string;
      expect(chargeId).toMatch(/^ch_/);
      const charge = await stripe.charges.retrieve(chargeId);
      expect(charge).toMatchObject({
        status: 'failed',
        paid: false,
        captured: false,
        amount_captured: 0,
        failure_code: 'card_declined',
        failure_message: 'Your card was declined.',
      });
      expect(charge.outcome).toMatchObject({ type: 'issuer_declined', reason: 'generic_decline' });
      expect(await eventsAbout('charge.failed', chargeId)).toHaveLength(1);
      const refused = await stripe.refunds.create({ charge: chargeId }).catch((e) => e);
      expect(refused).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    });

    it('refunds part by payment intent, then the rest by charge; no more after that', async () => {
      const intent = await paid(3000);
      const chargeId = (intent.latest_charge as Stripe.Charge).id;
      const first = await stripe.refunds.create({
        payment_intent: intent.id,
        amount: 1000,
        reason: 'requested_by_customer',
        metadata: { why: 'seats' },
      });
      expect(first).toMatchObject({
        object: 'refund',
        amount: 1000,
        charge: chargeId,
        payment_intent: intent.id,
        status: 'succeeded',
        reason: 'requested_by_customer',
        metadata: { why: 'seats' },
      });
      expect(first.id).toMatch(/^re_/);
      let charge = await stripe.charges.retrieve(chargeId, { expand: ['refunds'] });
      expect(charge).toMatchObject({ amount_refunded: 1000, refunded: false });
      expect(charge.refunds?.data.map((r) => r.id)).toEqual([first.id]);

      const tooMuch = await stripe.refunds.create({ charge: chargeId, amount: 2001 }).catch((e) => e);
      expect(tooMuch).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(tooMuch.param).toBe('amount');

      const rest = await stripe.refunds.create({ charge: chargeId });
      expect(rest.amount).toBe(2000);
      charge = await stripe.charges.retrieve(chargeId);
      expect(charge).toMatchObject({ amount_refunded: 3000, refunded: true });
      const none = await stripe.refunds.create({ charge: chargeId }).catch((e) => e);
      expect(none).toMatchObject({ type: 'StripeInvalidRequestError', code: 'charge_already_refunded' });

      expect((await stripe.refunds.retrieve(first.id)).amount).toBe(1000);
      const listed = await stripe.refunds.list({ charge: chargeId });
      expect(listed.data.map((r) => r.id)).toEqual([rest.id, first.id]);
      expect(await eventsAbout('refund.created', first.id)).toHaveLength(1);
      const refundedEvents = await eventsAbout('charge.refunded', chargeId);
      expect(refundedEvents).toHaveLength(2);
      expect(refundedEvents.map((e) => (e.data.object as Stripe.Charge).amount_refunded)).toEqual([
        3000, 1000,
      ]);
    });

    it('a paid subscription invoice leads to its charge through the invoice payment', async () => {
      const customer = await stripe.customers.create({
        email: `sub-${suffix}@example.com`,
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      const product = await stripe.products.create({ name: `Charges ${suffix}` });
      const price = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 700,
        recurring: { interval: 'month' },
      });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id, quantity: 2 }],
        expand: ['latest_invoice.payments'],
      });
      const invoice = sub.latest_invoice as Stripe.Invoice;
      const intentId = invoice.payments?.data[0]?.payment.payment_intent as string;
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ['latest_charge'] });
      expect(intent.latest_charge).toMatchObject({ amount: 1400, status: 'succeeded' });
    });

    sandboxOnly(
      'refuses a refund naming neither a charge nor a payment intent, or an unknown one',
      async () => {
        const neither = await stripe.refunds.create({}).catch((e) => e);
        expect(neither).toMatchObject({ statusCode: 400, param: 'charge' });
        const unknown = await stripe.refunds.create({ charge: 'ch_nope' }).catch((e) => e);
        expect(unknown).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'charge' });
        const missing = await stripe.refunds.retrieve('re_nope').catch((e) => e);
        expect(missing).toMatchObject({ statusCode: 404, code: 'resource_missing' });
        const intent = await paid(100);
        const chargeId = (intent.latest_charge as Stripe.Charge).id;
        for (const amount of [0, -5]) {
          const refused = await stripe.refunds.create({ payment_intent: intent.id, amount }).catch((e) => e);
          expect(refused).toMatchObject({ statusCode: 400, param: 'amount' });
        }
        const both = await stripe.refunds
          .create({ payment_intent: intent.id, charge: chargeId })
          .catch((e) => e);
        expect(both).toMatchObject({ statusCode: 400, param: 'payment_intent' });
        expect((await stripe.charges.retrieve(chargeId)).amount_refunded).toBe(0);
      },
    );

    // Last, so it sees every body the tests above made the sandbox answer (conformance/README.md).
    conformanceTest(recorder, 'charges', {
      atLeast: { api: 10, webhook: 10 },
      deliver: async () => {
        await t.sandbox?.instance.deliverPendingWebhooks();
      },
      test: sandboxOnly,
    });
  });
}

const recorder = createRecorder();
charges('Charges and refunds: built-in sandbox', 'sandbox', () => sandboxTarget(recorder.observe), true);
charges(
  realStripeKey
    ? 'Charges and refunds: real Stripe test mode'
    : 'Charges and refunds: real Stripe test mode (skipped: STRIPE_TEST_SECRET_KEY is not set)',
  'stripe',
  realStripeTarget,
  Boolean(realStripeKey),
);
