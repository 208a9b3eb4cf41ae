import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from './conformance/conformance';
import { conformanceTest } from './conformance/conformance-test';
import {
  advanceClock,
  DAY,
  realStripeKey,
  realStripeTarget,
  sandboxTarget,
  TARGET_START_TIMEOUT_MS,
  type Target,
} from './test-support/contract-target';

/**
 * The second half of the provider contract: answers where the sandbox once differed from Stripe's
 * documented behaviour (issue 23). Written only against the SDK, so the same file runs against
 * Stripe's test mode when STRIPE_TEST_SECRET_KEY is set; a few sandbox-only checks are skipped there.
 */

function documented(
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
    let monthly: Stripe.Price;
    const sandboxOnly = kind === 'sandbox' ? it : it.skip;

    /** A customer with a default card, set up the way Stripe's testing docs do it. */
    function customerWithVisa(extra: Stripe.CustomerCreateParams = {}) {
      return stripe.customers.create({
        email: `doc-${suffix}@example.com`,
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
        ...extra,
      });
    }

    beforeAll(async () => {
      t = await makeTarget();
      stripe = t.stripe;
      const product = await stripe.products.create({ name: `Documented ${suffix}` });
      monthly = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 1000,
        recurring: { interval: 'month' },
      });
    }, TARGET_START_TIMEOUT_MS);

    afterAll(async () => {
      await t?.close();
    });

    it('creates a customer with pm_card_visa as payment method and invoice default', async () => {
      const customer = await customerWithVisa();
      const pm = customer.invoice_settings.default_payment_method as string;
      expect(pm).toMatch(/^pm_/);
      const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
      expect(listed.data.map((x) => x.id)).toEqual([pm]);
    });

    it('names the failed charge, the card and the doc page in a 402, and doc_url in other errors', async () => {
      const declined = await stripe.paymentIntents
        .create({
          amount: 1500,
          currency: 'usd',
          payment_method: 'pm_card_chargeDeclined',
          allowed_payment_method_types: ['card'],
          confirm: true,
        })
        .catch((e) => e);
      expect(declined).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(declined.charge).toMatch(/^ch_/);
      expect(declined.payment_method?.id).toMatch(/^pm_/);
      expect(declined.doc_url).toBe('https://stripe.com/docs/error-codes/card-declined');
      expect(declined.payment_intent?.last_payment_error?.charge).toBe(declined.charge);
      const missing = await stripe.customers.retrieve('cus_doesnotexist').catch((e) => e);
      expect(missing.doc_url).toBe('https://stripe.com/docs/error-codes/resource-missing');
    });

    it('answers 400 resource_missing for a missing object named in a parameter, 404 for the URL', async () => {
      const customer = await customerWithVisa();
      const inParam = await stripe.subscriptions
        .create({ customer: customer.id, items: [{ price: 'price_nope' }] })
        .catch((e) => e);
      expect(inParam).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(inParam).toMatchObject({ statusCode: 400, code: 'resource_missing', param: 'items[0][price]' });
      expect(inParam.message).toBe("No such price: 'price_nope'");
      const inUrl = await stripe.subscriptions.retrieve('sub_nope').catch((e) => e);
      expect(inUrl).toMatchObject({ statusCode: 404, code: 'resource_missing' });
    });

    it('answers an unknown address with JSON invalid_request_error "Unrecognized request URL"', async () => {
      const error = await stripe.rawRequest('GET', '/v1/sandbox_unknown_things').catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.statusCode).toBe(404);
      expect(error.message).toBe(
        'Unrecognized request URL (GET: /v1/sandbox_unknown_things). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.',
      );
    });

    sandboxOnly(
      'answers routes it does not emulate (disputes, payouts) as unrecognized, in JSON',
      async () => {
        const sandbox = t.sandbox as NonNullable<Target['sandbox']>;
        for (const [method, path] of [
          ['GET', '/v1/disputes'],
          ['POST', '/v1/payouts'],
        ] as const) {
          const response = await fetch(`${sandbox.baseUrl}${path}`, {
            method,
            headers: { authorization: `Bearer ${sandbox.instance.secretKey}` },
          });
          expect(response.status).toBe(404);
          expect(response.headers.get('content-type')).toContain('application/json');
          expect(await response.json()).toEqual({
            error: {
              type: 'invalid_request_error',
              message: `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
            },
          });
        }
      },
    );

    it('refuses to pay an already-paid invoice with Stripe\u2019s message', async () => {
      const customer = await customerWithVisa();
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id }],
        expand: ['latest_invoice'],
      });
      const invoice = sub.latest_invoice as Stripe.Invoice;
      expect(invoice.status).toBe('paid');
      const error = await stripe.invoices.pay(invoice.id).catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.statusCode).toBe(400);
      expect(error.message).toBe('Invoice is already paid');
      expect(error.code).not.toBe('invoice_payment_intent_requires_action');
    });

    it('sends Original-Request with a replayed idempotent request', async () => {
      const key = `documented-${suffix}-${randomBytes(4).toString('hex')}`;
      const first = await stripe.customers.create(
        { email: `o-${suffix}@example.com` },
        { idempotencyKey: key },
      );
      const again = await stripe.customers.create(
        { email: `o-${suffix}@example.com` },
        { idempotencyKey: key },
      );
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      expect(again.lastResponse.headers['original-request']).toBe(first.lastResponse.requestId);
      expect(again.lastResponse.requestId).not.toBe(first.lastResponse.requestId);
    });

    it('gives tax ids owner.customer_account, and pending updates their four unchanged fields', async () => {
      const customer = await customerWithVisa();
      const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
      expect(taxId.owner).toHaveProperty('customer_account', null);
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id }],
      });
      const failing = await stripe.paymentMethods.attach('pm_card_chargeCustomerFail', {
        customer: customer.id,
      });
      await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: failing.id },
      });
      const item = sub.items.data[0] as Stripe.SubscriptionItem;
      const updated = await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, quantity: 4 }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
      });
      for (const field of ['cancel_at_period_end', 'discount', 'discounts', 'metadata'])
        expect(updated.pending_update).toHaveProperty(field);
    });

    it('takes line_items[].price_data, and lists items with adjustable_quantity and metadata', async () => {
      const product = await stripe.products.create({ name: `Inline ${suffix}` });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [
          {
            price_data: {
              currency: 'usd',
              product: product.id,
              unit_amount: 700,
              recurring: { interval: 'month' },
            },
            quantity: 2,
            adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
            metadata: { seat: 'team' },
          },
        ],
        success_url: 'https://example.com/done',
      });
      const items = await stripe.checkout.sessions.listLineItems(session.id);
      const line = items.data[0] as Stripe.LineItem;
      expect(line).toMatchObject({
        object: 'item',
        quantity: 2,
        amount_subtotal: 1400,
        adjustable_quantity: { enabled: true, minimum: 1, maximum: 10 },
        metadata: { seat: 'team' },
      });
      expect(line.price?.unit_amount).toBe(700);
      expect(line.price?.product).toBe(product.id);
    });

    it('answers a test clock advance with `advancing`, then becomes ready in the background', async () => {
      const start = Math.floor(Date.now() / 1000);
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
      const customer = await customerWithVisa({ test_clock: clock.id });
      await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id }],
        trial_period_days: 3,
      });
      const answer = await advanceClock(stripe, clock.id, start + 4 * DAY);
      expect(answer.status).toBe('advancing');
      expect(answer.status_details.advancing?.target_frozen_time).toBe(start + 4 * DAY);
      const ready = await stripe.testHelpers.testClocks.retrieve(clock.id);
      expect(ready).toMatchObject({ status: 'ready', frozen_time: start + 4 * DAY });
      const [sub] = (await stripe.subscriptions.list({ customer: customer.id })).data;
      expect(sub?.status).toBe('active');
      if (kind === 'stripe') await stripe.testHelpers.testClocks.del(clock.id).catch(() => undefined);
    });

    it('sends events without expanded fields (invoice payments, a session\u2019s line items)', async () => {
      const customer = await customerWithVisa();
      await stripe.subscriptions.create({ customer: customer.id, items: [{ price: monthly.id }] });
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: monthly.id, quantity: 1 }],
        success_url: 'https://example.com/done',
      });
      await stripe.checkout.sessions.expire(session.id);
      for (const type of [
        'invoice.created',
        'invoice.finalized',
        'invoice.paid',
        'invoice.payment_succeeded',
      ]) {
        const events = await stripe.events.list({ type, limit: 5 });
        expect(events.data.length).toBeGreaterThan(0);
        for (const event of events.data) expect(event.data.object).not.toHaveProperty('payments');
      }
      const expired = await stripe.events.list({ type: 'checkout.session.expired', limit: 5 });
      const ofSession = expired.data.find((e) => (e.data.object as { id: string }).id === session.id);
      expect(ofSession).toBeDefined();
      expect(ofSession?.data.object).not.toHaveProperty('line_items');
    });

    it('sends invoice.payment_failed without payments too', async () => {
      const customer = await stripe.customers.create({
        email: `fail-${suffix}@example.com`,
        payment_method: 'pm_card_chargeCustomerFail',
        invoice_settings: { default_payment_method: 'pm_card_chargeCustomerFail' },
      });
      await stripe.subscriptions
        .create({
          customer: customer.id,
          items: [{ price: monthly.id }],
          payment_behavior: 'allow_incomplete',
        })
        .catch(() => undefined);
      const events = await stripe.events.list({ type: 'invoice.payment_failed', limit: 5 });
      expect(events.data.length).toBeGreaterThan(0);
      for (const event of events.data) expect(event.data.object).not.toHaveProperty('payments');
    });

    // Last, so it sees every body the tests above made the sandbox answer (conformance/README.md).
    conformanceTest(recorder, 'documented', {
      atLeast: { api: 21, webhook: 21 },
      deliver: async () => {
        await t.sandbox?.instance.deliverPendingWebhooks();
      },
      test: sandboxOnly,
    });
  });
}

const recorder = createRecorder();
documented('Stripe as documented: built-in sandbox', 'sandbox', () => sandboxTarget(recorder.observe), true);
documented(
  realStripeKey
    ? 'Stripe as documented: real Stripe test mode'
    : 'Stripe as documented: real Stripe test mode (skipped: STRIPE_TEST_SECRET_KEY is not set)',
  'stripe',
  realStripeTarget,
  Boolean(realStripeKey),
);
