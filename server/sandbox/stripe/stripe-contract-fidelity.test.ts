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
 * Where an outside check of the sandbox against Stripe found it differed: test clocks that take
 * time, validation, search, expansion and headers. Written only against the SDK, so it runs
 * against Stripe's test mode too when STRIPE_TEST_SECRET_KEY is set.
 */

/** The error a call rejects with (fails the test when it succeeds). */
async function refusal(call: Promise<unknown>): Promise<Stripe.errors.StripeError> {
  const outcome = await call.then(
    () => null,
    (error: unknown) => error,
  );
  if (!(outcome instanceof Stripe.errors.StripeError))
    throw new Error(`expected a Stripe error, got ${outcome}`);
  return outcome;
}

function fidelity(name: string, kind: 'sandbox' | 'stripe', makeTarget: () => Promise<Target>, run: boolean) {
  const describeIt = run ? describe : describe.skip;
  describeIt(name, () => {
    let t: Target;
    let stripe: Stripe;
    const suffix = randomBytes(4).toString('hex');
    const sandboxOnly = kind === 'sandbox' ? it : it.skip;

    beforeAll(async () => {
      t = await makeTarget();
      stripe = t.stripe;
    }, TARGET_START_TIMEOUT_MS);

    afterAll(async () => {
      await t?.close();
    });

    it('a test clock stays advancing for a while, refuses a second advance, then is ready', async () => {
      const start = Math.floor(Date.now() / 1000);
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: start });
      const answer = await stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + DAY });
      expect(answer.status).toBe('advancing');
      const right = await stripe.testHelpers.testClocks.retrieve(clock.id);
      expect(right.status).toBe('advancing');
      const again = await refusal(
        stripe.testHelpers.testClocks.advance(clock.id, { frozen_time: start + 2 * DAY }),
      );
      expect(again).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(again.statusCode).toBe(400);
      // Waits until it is ready, as every caller must.
      await advanceClock(stripe, clock.id, start + 2 * DAY);
      const ready = await stripe.testHelpers.testClocks.retrieve(clock.id);
      expect(ready).toMatchObject({ status: 'ready', frozen_time: start + 2 * DAY });
      const events = await stripe.events.list({ type: 'test_helpers.test_clock.ready', limit: 10 });
      expect(events.data.some((event) => (event.data.object as { id: string }).id === clock.id)).toBe(true);
      await stripe.testHelpers.testClocks.del(clock.id).catch(() => undefined);
    });

    it('refuses payment intent amounts below the minimum, negative or not whole', async () => {
      const intent = (amount: number) =>
        stripe.paymentIntents.create({ amount, currency: 'usd', allowed_payment_method_types: ['card'] });
      const small = await refusal(intent(10));
      expect(small).toMatchObject({ statusCode: 400, code: 'amount_too_small', param: 'amount' });
      const zero = await refusal(intent(0));
      expect(zero.statusCode).toBe(400);
      expect(['amount_too_small', 'parameter_invalid_integer']).toContain(zero.code);
      const negative = await refusal(intent(-5));
      expect(negative).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'amount' });
      const fraction = await refusal(intent(10.5));
      expect(fraction).toMatchObject({ statusCode: 400, code: 'parameter_invalid_integer', param: 'amount' });
      const enough = await intent(50);
      expect(enough.amount).toBe(50);
    });

    it('names an unknown parameter with parameter_unknown and its doc page', async () => {
      const error = await refusal(stripe.customers.create({ foo: 'bar' } as Stripe.CustomerCreateParams));
      expect(error).toMatchObject({
        statusCode: 400,
        type: 'StripeInvalidRequestError',
        code: 'parameter_unknown',
        param: 'foo',
        doc_url: 'https://stripe.com/docs/error-codes/parameter-unknown',
        message: 'Received unknown parameter: foo',
      });
    });

    it('lists prices by recurring interval', async () => {
      const product = await stripe.products.create({ name: `Intervals ${suffix}` });
      const recurring = (interval: 'month' | 'year') =>
        stripe.prices.create({
          product: product.id,
          currency: 'usd',
          unit_amount: 900,
          recurring: { interval },
        });
      const monthly = await recurring('month');
      const yearly = await recurring('year');
      const listed = await stripe.prices.list({ product: product.id, recurring: { interval: 'month' } });
      expect(listed.data.map((p) => p.id)).toEqual([monthly.id]);
      const yearlyListed = await stripe.prices.list({ product: product.id, recurring: { interval: 'year' } });
      expect(yearlyListed.data.map((p) => p.id)).toEqual([yearly.id]);
    });

    it('expands the customer fields Stripe lets you expand', async () => {
      const customer = await stripe.customers.create({
        email: `expand-${suffix}@example.com`,
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
        address: { country: 'US', state: 'CA', postal_code: '94107' },
      });
      const expanded = await stripe.customers.retrieve(customer.id, {
        expand: [
          'default_source',
          'invoice_settings.default_payment_method',
          'tax_ids',
          'subscriptions',
          'sources',
          'test_clock',
          'cash_balance',
          'tax',
        ],
      });
      if (expanded.deleted) throw new Error('customer deleted');
      expect(expanded.default_source).toBeNull();
      expect((expanded.invoice_settings.default_payment_method as Stripe.PaymentMethod).object).toBe(
        'payment_method',
      );
      expect(expanded.tax_ids).toMatchObject({ object: 'list', data: [] });
      expect(expanded.subscriptions).toMatchObject({ object: 'list', data: [] });
      expect(expanded.sources).toMatchObject({ object: 'list', data: [] });
      expect(expanded.test_clock).toBeNull();
      expect(expanded.tax?.location?.country).toBe('US');
      const plain = await stripe.customers.retrieve(customer.id);
      expect(plain).not.toHaveProperty('subscriptions');
      expect(plain).not.toHaveProperty('tax_ids');
    });

    it('refuses an invalid Stripe-Version and accepts a valid one', async () => {
      const error = await refusal(stripe.customers.list({ limit: 1 }, { apiVersion: 'foo' }));
      expect(error).toMatchObject({ statusCode: 400, message: 'Invalid Stripe API version: foo' });
      const impossible = await refusal(stripe.customers.list({ limit: 1 }, { apiVersion: '2024-13-45' }));
      expect(impossible).toMatchObject({
        statusCode: 400,
        message: 'Invalid Stripe API version: 2024-13-45',
      });
      const older = await stripe.customers.list({ limit: 1 }, { apiVersion: '2024-06-20' });
      expect(older.object).toBe('list');
    });

    it('names the request in every answer, an unrecognized URL too', async () => {
      const error = await refusal(stripe.rawRequest('GET', '/v1/no_such_things'));
      expect(error.statusCode).toBe(404);
      expect(error.message).toMatch(/^Unrecognized request URL \(GET: \/v1\/no_such_things\)/);
      expect(error.requestId).toMatch(/^req_/);
    });

    it('searches customers by email, name and metadata', async () => {
      const email = `search-${suffix}@example.com`;
      const ada = await stripe.customers.create({
        email,
        name: `Ada ${suffix}`,
        metadata: { team: `t_${suffix}` },
      });
      const bob = await stripe.customers.create({
        email: `bob-${suffix}@example.com`,
        name: `Bob ${suffix}`,
      });
      // Stripe's search index lags writes by up to a minute; the sandbox answers at once.
      const search = async (query: string) => {
        for (let tries = 0; ; tries++) {
          const result = await stripe.customers.search({ query });
          if (result.data.length > 0 || tries >= (kind === 'stripe' ? 30 : 0)) return result;
          await new Promise((resolve) => setTimeout(resolve, 2_000));
        }
      };
      const byEmail = await search(`email:'${email}'`);
      expect(byEmail).toMatchObject({ object: 'search_result', has_more: false, next_page: null });
      expect(byEmail.url).toBe('/v1/customers/search');
      expect(byEmail.data.map((c) => c.id)).toEqual([ada.id]);
      expect((await search(`name:'Bob ${suffix}'`)).data.map((c) => c.id)).toEqual([bob.id]);
      expect((await search(`metadata['team']:'t_${suffix}'`)).data.map((c) => c.id)).toEqual([ada.id]);
      const either = await search(`email:'${email}' OR name:'Bob ${suffix}'`);
      expect(either.data.map((c) => c.id).sort()).toEqual([ada.id, bob.id].sort());
      const both = await search(`email:'${email}' AND name:'Bob ${suffix}'`);
      expect(both.data).toEqual([]);
    });

    sandboxOnly('pages a customer search with next_page', async () => {
      for (const n of [1, 2, 3])
        await stripe.customers.create({ email: `page-${suffix}@example.com`, name: `Page ${n}` });
      const first = await stripe.customers.search({ query: `email:'page-${suffix}@example.com'`, limit: 2 });
      expect(first.data).toHaveLength(2);
      expect(first.has_more).toBe(true);
      const second = await stripe.customers.search({
        query: `email:'page-${suffix}@example.com'`,
        limit: 2,
        page: first.next_page ?? '',
      });
      expect(second.data).toHaveLength(1);
      expect(second.has_more).toBe(false);
      const bad = await refusal(stripe.customers.search({ query: 'nonsense' }));
      expect(bad.statusCode).toBe(400);
      const mixed = await refusal(stripe.customers.search({ query: "email:'a' AND name:'b' OR name:'c'" }));
      expect(mixed.statusCode).toBe(400);
      const long = await refusal(stripe.customers.search({ query: `email:'${'a'.repeat(5_000)}'` }));
      expect(long.statusCode).toBe(400);
    });

    /** The newest event of `type` about object `id`, as the webhook endpoint would get it. */
    async function eventAbout(type: string, id: string): Promise<Stripe.Event | undefined> {
      const { data } = await stripe.events.list({ type, limit: 30 });
      return data.find((event) => (event.data.object as { id: string }).id === id);
    }

    it('announces the catalogue: products, prices, coupons, promotion codes and tax rates', async () => {
      const product = await stripe.products.create({ name: `Events ${suffix}` });
      const price = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 700,
        recurring: { interval: 'month' },
      });
      await stripe.products.update(product.id, { name: `Events renamed ${suffix}` });
      await stripe.prices.update(price.id, { nickname: 'monthly' });
      const coupon = await stripe.coupons.create({ percent_off: 10, duration: 'once' });
      const promo = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: `EV${suffix}`.toUpperCase(),
      });
      await stripe.promotionCodes.update(promo.id, { active: false });
      const rate = await stripe.taxRates.create({ display_name: 'VAT', inclusive: false, percentage: 20 });
      await stripe.taxRates.update(rate.id, { display_name: 'Sales tax' });
      expect(await eventAbout('product.created', product.id)).toBeDefined();
      expect(await eventAbout('price.created', price.id)).toBeDefined();
      expect(await eventAbout('coupon.created', coupon.id)).toBeDefined();
      expect(await eventAbout('promotion_code.created', promo.id)).toBeDefined();
      expect(await eventAbout('tax_rate.created', rate.id)).toBeDefined();
      const renamed = await eventAbout('product.updated', product.id);
      expect(renamed?.data.previous_attributes).toMatchObject({ name: `Events ${suffix}` });
      const nicknamed = await eventAbout('price.updated', price.id);
      expect(nicknamed?.data.previous_attributes).toMatchObject({ nickname: null });
      const deactivated = await eventAbout('promotion_code.updated', promo.id);
      expect(deactivated?.data.previous_attributes).toMatchObject({ active: true });
      const retitled = await eventAbout('tax_rate.updated', rate.id);
      expect(retitled?.data.previous_attributes).toMatchObject({ display_name: 'VAT' });
    });

    it('gives invoice.updated and payment_method.updated the old values', async () => {
      const customer = await stripe.customers.create({
        email: `events-${suffix}@example.com`,
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      const pm = customer.invoice_settings.default_payment_method as string;
      await stripe.paymentMethods.update(pm, { metadata: { label: 'work' } });
      const pmEvent = await eventAbout('payment_method.updated', pm);
      expect(pmEvent?.data.previous_attributes).toHaveProperty('metadata');
      expect(pmEvent?.data.previous_attributes).not.toHaveProperty('card');
      const invoice = await stripe.invoices.create({ customer: customer.id, auto_advance: false });
      await stripe.invoices.update(invoice.id ?? '', { description: 'Seats' });
      const invoiceEvent = await eventAbout('invoice.updated', invoice.id ?? '');
      expect(invoiceEvent?.data.previous_attributes).toMatchObject({ description: null });
    });

    it('announces a paid InvoicePayment with invoice_payment.paid', async () => {
      const customer = await stripe.customers.create({
        email: `paid-${suffix}@example.com`,
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
      });
      const product = await stripe.products.create({ name: `Paid ${suffix}` });
      const price = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 900,
        recurring: { interval: 'month' },
      });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        expand: ['latest_invoice.payments'],
      });
      const invoice = sub.latest_invoice as Stripe.Invoice;
      expect(invoice.status).toBe('paid');
      const payment = invoice.payments?.data[0];
      expect(payment?.status).toBe('paid');
      const event = await eventAbout('invoice_payment.paid', payment?.id ?? '');
      expect(event?.data.object).toMatchObject({
        object: 'invoice_payment',
        invoice: invoice.id,
        status: 'paid',
      });
    });

    sandboxOnly('dates invoice_payment.paid at the time of the customer\u2019s test clock', async () => {
      const frozen = Math.floor(Date.now() / 1000) - 3 * DAY;
      const clock = await stripe.testHelpers.testClocks.create({ frozen_time: frozen });
      const customer = await stripe.customers.create({
        email: `clocked-${suffix}@example.com`,
        payment_method: 'pm_card_visa',
        invoice_settings: { default_payment_method: 'pm_card_visa' },
        test_clock: clock.id,
      });
      const product = await stripe.products.create({ name: `Clocked ${suffix}` });
      const price = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 900,
        recurring: { interval: 'month' },
      });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id }],
        expand: ['latest_invoice.payments'],
      });
      const payment = (sub.latest_invoice as Stripe.Invoice).payments?.data[0];
      const event = await eventAbout('invoice_payment.paid', payment?.id ?? '');
      expect(event?.created).toBe(frozen);
    });

    // Last, so it sees every body the tests above made the sandbox answer (conformance/README.md).
    conformanceTest(recorder, 'fidelity', {
      atLeast: { api: 10, webhook: 5 },
      deliver: async () => {
        await t.sandbox?.instance.deliverPendingWebhooks();
      },
      test: sandboxOnly,
    });
  });
}

const recorder = createRecorder();
fidelity('Stripe fidelity: built-in sandbox', 'sandbox', () => sandboxTarget(recorder.observe), true);
fidelity(
  realStripeKey
    ? 'Stripe fidelity: real Stripe test mode'
    : 'Stripe fidelity: real Stripe test mode (skipped: STRIPE_TEST_SECRET_KEY is not set)',
  'stripe',
  realStripeTarget,
  Boolean(realStripeKey),
);
