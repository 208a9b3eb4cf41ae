import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecorder } from './conformance/conformance';
import { conformanceTest } from './conformance/conformance-test';
import {
  API_VERSION,
  advanceClock,
  DAY,
  publishable,
  realStripeKey,
  realStripeTarget,
  sandboxTarget,
  TARGET_START_TIMEOUT_MS,
  type Target,
} from './test-support/contract-target';

/**
 * The provider contract: what the product relies on, written only against the official SDK. It runs
 * against the built-in sandbox, and against Stripe's test mode when STRIPE_TEST_SECRET_KEY is set, with
 * the same assertions. A few sandbox-only steps (completing 3-D Secure, the hosted checkout page,
 * receiving webhooks) run on the sandbox alone.
 */

function contract(name: string, kind: 'sandbox' | 'stripe', makeTarget: () => Promise<Target>, run: boolean) {
  const describeIt = run ? describe : describe.skip;
  describeIt(name, () => {
    let t: Target;
    let stripe: Stripe;
    const suffix = randomBytes(4).toString('hex');
    let monthly: Stripe.Price;
    let monthlyPlus: Stripe.Price;
    let yearly: Stripe.Price;
    let clock: Stripe.TestHelpers.TestClock;
    let start: number;
    const sandboxOnly = kind === 'sandbox' ? it : it.skip;

    /** A customer on the shared test clock with a default card. */
    async function customerWithCard(
      card = 'pm_card_visa',
    ): Promise<{ customer: Stripe.Customer; pm: Stripe.PaymentMethod }> {
      const customer = await stripe.customers.create({
        email: `c-${suffix}@example.com`,
        test_clock: clock.id,
      });
      const pm = await stripe.paymentMethods.attach(card, { customer: customer.id });
      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm.id } });
      return { customer, pm };
    }

    beforeAll(async () => {
      t = await makeTarget();
      stripe = t.stripe;
      const product = await stripe.products.create({ name: `Team ${suffix}` });
      monthly = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 1000,
        recurring: { interval: 'month' },
        lookup_key: `team_monthly_${suffix}`,
      });
      monthlyPlus = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 2000,
        recurring: { interval: 'month' },
        lookup_key: `team_plus_monthly_${suffix}`,
      });
      yearly = await stripe.prices.create({
        product: product.id,
        currency: 'usd',
        unit_amount: 10000,
        recurring: { interval: 'year' },
        lookup_key: `team_yearly_${suffix}`,
      });
      start = Math.floor(Date.now() / 1000);
      clock = await stripe.testHelpers.testClocks.create({ frozen_time: start, name: `contract ${suffix}` });
    }, TARGET_START_TIMEOUT_MS);

    afterAll(async () => {
      if (clock && kind === 'stripe')
        await stripe.testHelpers.testClocks.del(clock.id).catch(() => undefined);
      await t?.close();
    });

    it('lists prices by lookup key, with the product expanded', async () => {
      const list = await stripe.prices.list({
        lookup_keys: [`team_monthly_${suffix}`, `team_yearly_${suffix}`],
        expand: ['data.product'],
      });
      expect(list.object).toBe('list');
      expect(list.data.map((p) => p.id).sort()).toEqual([monthly.id, yearly.id].sort());
      const product = list.data[0]?.product as Stripe.Product;
      expect(product.name).toBe(`Team ${suffix}`);
      expect(list.data.find((p) => p.id === yearly.id)?.recurring?.interval).toBe('year');
    });

    it('keeps a customer address and an EU VAT id, and refuses a malformed one', async () => {
      const customer = await stripe.customers.create({
        name: 'Acme GmbH',
        email: `acme-${suffix}@example.com`,
        address: { line1: 'Hauptstr. 1', city: 'Berlin', postal_code: '10115', country: 'DE' },
        metadata: { teamId: '42' },
      });
      expect(customer.address?.country).toBe('DE');
      expect(customer.metadata.teamId).toBe('42');
      const taxId = await stripe.customers.createTaxId(customer.id, { type: 'eu_vat', value: 'DE123456789' });
      expect(taxId).toMatchObject({ object: 'tax_id', type: 'eu_vat', value: 'DE123456789', country: 'DE' });
      const list = await stripe.customers.listTaxIds(customer.id);
      expect(list.data.map((x) => x.id)).toEqual([taxId.id]);
      const error = await stripe.customers
        .createTaxId(customer.id, { type: 'eu_vat', value: 'XX123' })
        .catch((e) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(error.code).toBe('tax_id_invalid');
      expect(error.param).toBe('value');
      const deleted = await stripe.customers.deleteTaxId(customer.id, taxId.id);
      expect(deleted.deleted).toBe(true);
      const missing = await stripe.customers.retrieve('cus_doesnotexist').catch((e) => e);
      expect(missing).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
      expect(missing.statusCode).toBe(404);
      expect(missing.code).toBe('resource_missing');
    });

    it('creates a card, attaches it and makes it the default', async () => {
      const customer = await stripe.customers.create({ email: `pm-${suffix}@example.com` });
      const pm = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
      expect(pm.card).toMatchObject({ brand: 'visa', last4: '4242' });
      await stripe.paymentMethods.attach(pm.id, { customer: customer.id });
      const updated = await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: pm.id },
        expand: ['invoice_settings.default_payment_method'],
      });
      const card = updated.invoice_settings.default_payment_method as Stripe.PaymentMethod;
      expect(card.id).toBe(pm.id);
      expect(card.customer).toBe(customer.id);
      const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
      expect(listed.data.map((x) => x.id)).toEqual([pm.id]);
      await stripe.paymentMethods.detach(pm.id);
      const after = await stripe.customers.retrieve(customer.id);
      expect((after as Stripe.Customer).invoice_settings.default_payment_method).toBeNull();
    });

    it('declines 4000 0000 0000 0002 and 9995 with Stripe\u2019s messages and decline codes', async () => {
      const pay = (card: string) =>
        stripe.paymentIntents
          .create({
            amount: 1500,
            currency: 'usd',
            payment_method: card,
            allowed_payment_method_types: ['card'],
            confirm: true,
          })
          .catch((e) => e);
      const generic = await pay('pm_card_chargeDeclined');
      expect(generic).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(generic).toMatchObject({
        statusCode: 402,
        code: 'card_declined',
        decline_code: 'generic_decline',
      });
      expect(generic.message).toBe('Your card was declined.');
      const funds = await pay('pm_card_chargeDeclinedInsufficientFunds');
      expect(funds).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect(funds).toMatchObject({ code: 'card_declined', decline_code: 'insufficient_funds' });
      expect(funds.message).toBe('Your card has insufficient funds.');
      const ok = await pay('pm_card_visa');
      expect(ok.status).toBe('succeeded');
    });

    it('asks 4000 0025 0000 3155 for 3-D Secure on a setup intent', async () => {
      const customer = await stripe.customers.create({ email: `3ds-${suffix}@example.com` });
      const si = await stripe.setupIntents.create({
        customer: customer.id,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
      });
      const confirmed = await stripe.setupIntents.confirm(si.id, {
        payment_method: 'pm_card_authenticationRequiredOnSetup',
        return_url: 'https://example.com/back',
      });
      expect(confirmed.status).toBe('requires_action');
      expect(confirmed.next_action?.type).toBe('redirect_to_url');
      expect(confirmed.next_action?.redirect_to_url?.url).toBeTruthy();
    });

    sandboxOnly('completes or fails the 3-D Secure challenge (sandbox call)', async () => {
      const customer = await stripe.customers.create({ email: `3ds2-${suffix}@example.com` });
      const pm = await publishable(t, 'POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': '4000002500003155',
        'card[exp_month]': '12',
        'card[exp_year]': String(new Date().getUTCFullYear() + 2),
        'card[cvc]': '123',
      });
      expect(pm.status).toBe(200);
      const challenge = async (outcome: 'complete' | 'fail') => {
        const si = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
        const confirm = await publishable(t, 'POST', `/v1/setup_intents/${si.id}/confirm`, {
          client_secret: si.client_secret as string,
          payment_method: pm.body.id,
          return_url: 'http://console.test/back',
        });
        expect(confirm.body.status).toBe('requires_action');
        expect(confirm.body.next_action.redirect_to_url.url).toContain(
          `/sandbox/stripe/3ds/${si.id}?client_secret=`,
        );
        return publishable(t, 'POST', `/v1/sandbox/three_d_secure/${si.id}`, {
          client_secret: si.client_secret as string,
          outcome,
        });
      };
      const failed = await challenge('fail');
      expect(failed.body.status).toBe('requires_payment_method');
      expect(failed.body.last_setup_error.code).toBe('setup_intent_authentication_failure');
      const done = await challenge('complete');
      expect(done.body.status).toBe('succeeded');
      // Set up: it now pays off-session without a challenge.
      await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: pm.body.id },
      });
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id }],
      });
      expect(sub.status).toBe('active');
    });

    it('bills a trial on a test clock: trialing, then active with a paid invoice', async () => {
      const { customer } = await customerWithCard();
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id, quantity: 2 }],
        trial_period_days: 7,
        metadata: { teamId: '7' },
      });
      expect(sub.status).toBe('trialing');
      expect(sub.trial_end).toBe(start + 7 * DAY);
      expect(sub.items.data[0]?.current_period_end).toBe(start + 7 * DAY);
      await advanceClock(stripe, clock.id, start + 8 * DAY);
      const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
      expect(after.status).toBe('active');
      const invoice = after.latest_invoice as Stripe.Invoice;
      expect(invoice).toMatchObject({
        status: 'paid',
        amount_paid: 2000,
        billing_reason: 'subscription_cycle',
        currency: 'usd',
      });
      expect(invoice.lines.data[0]?.description).toContain('2 × Team');
      const invoices = await stripe.invoices.list({ subscription: sub.id });
      expect(invoices.data.length).toBe(2);
    });

    it('prorates a quantity change and an upgrade exactly as previewed', async () => {
      const { customer } = await customerWithCard();
      const now = (await stripe.testHelpers.testClocks.retrieve(clock.id)).frozen_time;
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id, quantity: 1 }],
      });
      expect(sub.status).toBe('active');
      const item = sub.items.data[0] as Stripe.SubscriptionItem;
      const prorationDate = now + 10 * DAY;
      await advanceClock(stripe, clock.id, prorationDate);
      const preview = await stripe.invoices.createPreview({
        customer: customer.id,
        subscription: sub.id,
        subscription_details: {
          items: [{ id: item.id, price: monthlyPlus.id, quantity: 3 }],
          proration_behavior: 'always_invoice',
          proration_date: prorationDate,
        },
      });
      const updated = await stripe.subscriptions.update(sub.id, {
        items: [{ id: item.id, price: monthlyPlus.id, quantity: 3 }],
        proration_behavior: 'always_invoice',
        proration_date: prorationDate,
        payment_behavior: 'pending_if_incomplete',
        expand: ['latest_invoice'],
      });
      const invoice = updated.latest_invoice as Stripe.Invoice;
      expect(invoice.billing_reason).toBe('subscription_update');
      expect(invoice.status).toBe('paid');
      expect(invoice.total).toBe(preview.total);
      expect(invoice.amount_paid).toBe(preview.amount_due);
      const length = item.current_period_end - item.current_period_start;
      const left = item.current_period_end - prorationDate;
      const expected = Math.round((6000 * left) / length) - Math.round((1000 * left) / length);
      expect(preview.total).toBe(expected);
      const descriptions = invoice.lines.data.map((l) => l.description ?? '');
      expect(descriptions.some((d) => d.startsWith('Unused time on Team'))).toBe(true);
      expect(descriptions.some((d) => d.startsWith('Remaining time on 3 × Team'))).toBe(true);
      expect(updated.items.data[0]).toMatchObject({ quantity: 3, price: { id: monthlyPlus.id } });
    });

    it('applies a promotion code and a tax rate (tax on the discounted amount)', async () => {
      const coupon = await stripe.coupons.create({ percent_off: 20, duration: 'once' });
      const promo = await stripe.promotionCodes.create({
        promotion: { type: 'coupon', coupon: coupon.id },
        code: `SAVE${suffix}`.toUpperCase(),
      });
      const found = await stripe.promotionCodes.list({ code: promo.code, active: true });
      expect(found.data.map((p) => p.id)).toEqual([promo.id]);
      const vat = await stripe.taxRates.create({
        display_name: 'VAT',
        percentage: 19,
        inclusive: false,
        country: 'DE',
      });
      const { customer } = await customerWithCard();
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id }],
        discounts: [{ promotion_code: promo.id }],
        default_tax_rates: [vat.id],
        expand: ['latest_invoice'],
      });
      const invoice = sub.latest_invoice as Stripe.Invoice;
      expect(invoice.subtotal).toBe(1000);
      expect(invoice.total_discount_amounts?.[0]?.amount).toBe(200);
      expect(invoice.total_taxes?.[0]).toMatchObject({ amount: 152, taxable_amount: 800 });
      expect(invoice.total).toBe(952);
      expect(invoice.status).toBe('paid');
    });

    it('cancels at period end, resumes, and ends at the period end', async () => {
      const { customer } = await customerWithCard();
      const sub = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: monthly.id }],
      });
      const periodEnd = sub.items.data[0]?.current_period_end as number;
      const scheduled = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      expect(scheduled.cancel_at_period_end).toBe(true);
      expect(scheduled.cancel_at).toBe(periodEnd);
      const resumed = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: false });
      expect(resumed.cancel_at_period_end).toBe(false);
      expect(resumed.cancel_at).toBeNull();
      await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      await advanceClock(stripe, clock.id, periodEnd + 3600);
      const ended = await stripe.subscriptions.retrieve(sub.id);
      expect(ended.status).toBe('canceled');
      expect(ended.ended_at).toBe(periodEnd);
    });

    it('keeps the old price when an upgrade payment is declined (pending_if_incomplete)', async () => {
      const { customer } = await customerWithCard();
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
        items: [{ id: item.id, price: monthlyPlus.id }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'pending_if_incomplete',
        expand: ['latest_invoice'],
      });
      expect(updated.items.data[0]?.price.id).toBe(monthly.id);
      expect(updated.pending_update).not.toBeNull();
      const invoice = updated.latest_invoice as Stripe.Invoice;
      expect(invoice.status).toBe('open');
      await stripe.invoices.voidInvoice(invoice.id);
      const after = await stripe.subscriptions.retrieve(sub.id);
      expect(after.pending_update).toBeNull();
      expect(after.items.data[0]?.price.id).toBe(monthly.id);
    });

    it('replays an idempotent request and refuses the key with other parameters', async () => {
      const key = `contract-${suffix}-${randomBytes(4).toString('hex')}`;
      const first = await stripe.customers.create(
        { email: `idem-${suffix}@example.com` },
        { idempotencyKey: key },
      );
      const again = await stripe.customers.create(
        { email: `idem-${suffix}@example.com` },
        { idempotencyKey: key },
      );
      expect(again.id).toBe(first.id);
      expect(again.lastResponse.headers['idempotent-replayed']).toBe('true');
      const other = await stripe.customers
        .create({ email: `other-${suffix}@example.com` }, { idempotencyKey: key })
        .catch((e) => e);
      expect(other).toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
    });

    it('creates a hosted checkout session for a subscription', async () => {
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer_email: `checkout-${suffix}@example.com`,
        client_reference_id: 'team-9',
        line_items: [{ price: monthly.id, quantity: 3 }],
        subscription_data: { trial_period_days: 14, metadata: { teamId: '9' } },
        success_url: 'https://example.com/done?session={CHECKOUT_SESSION_ID}',
        cancel_url: 'https://example.com/cancel',
      });
      expect(session).toMatchObject({
        object: 'checkout.session',
        mode: 'subscription',
        status: 'open',
        client_reference_id: 'team-9',
      });
      expect(session.url).toBeTruthy();
      if (kind !== 'sandbox') return;
      expect(session.url).toBe(`${t.sandbox?.baseUrl}/sandbox/stripe/checkout/${session.id}`);
      const page = await publishable(t, 'GET', `/v1/payment_pages/${session.id}`);
      expect(page.body).toMatchObject({
        mode: 'subscription',
        status: 'open',
        amount_subtotal: 3000,
        trial_days: 14,
      });
      const pm = await publishable(t, 'POST', '/v1/payment_methods', {
        type: 'card',
        'card[number]': '4242424242424242',
        'card[exp_month]': '12',
        'card[exp_year]': String(new Date().getUTCFullYear() + 2),
        'card[cvc]': '123',
        'billing_details[name]': 'Olivia',
      });
      const confirm = await publishable(t, 'POST', `/v1/payment_pages/${session.id}/confirm`, {
        payment_method: pm.body.id,
        email: `checkout-${suffix}@example.com`,
      });
      expect(confirm.body).toEqual({
        status: 'complete',
        redirect_url: `https://example.com/done?session=${session.id}`,
      });
      const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['subscription'] });
      expect(done.status).toBe('complete');
      const sub = done.subscription as Stripe.Subscription;
      expect(sub).toMatchObject({ status: 'trialing', metadata: { teamId: '9' } });
      expect(sub.items.data[0]?.quantity).toBe(3);
    });

    sandboxOnly('delivers signed webhooks the SDK verifies, in order', async () => {
      const sandbox = t.sandbox as NonNullable<Target['sandbox']>;
      const customer = await stripe.customers.create({ email: `hook-${suffix}@example.com` });
      await sandbox.instance.deliverPendingWebhooks();
      expect(sandbox.rejectedSignatures).toBe(0);
      const created = sandbox.received.find(
        (e) => e.type === 'customer.created' && (e.data.object as Stripe.Customer).id === customer.id,
      );
      expect(created).toMatchObject({ object: 'event', api_version: API_VERSION, livemode: false });
      const types = new Set(sandbox.received.map((e) => e.type));
      for (const type of [
        'customer.subscription.created',
        'invoice.paid',
        'checkout.session.completed',
        'customer.subscription.updated',
      ]) {
        expect(types.has(type as Stripe.Event.Type)).toBe(true);
      }
      const createdTimes = sandbox.received.map((e) => e.id);
      const listed = await stripe.events.list({ limit: 100 });
      expect(listed.data.length).toBeGreaterThan(0);
      expect(createdTimes).toContain(listed.data[0]?.id);
    });

    // Last, so it sees every body the tests above made the sandbox answer (conformance/README.md).
    conformanceTest(recorder, 'contract', {
      atLeast: { api: 21, webhook: 21 },
      deliver: async () => {
        await t.sandbox?.instance.deliverPendingWebhooks();
      },
      test: sandboxOnly,
    });
  });
}

const recorder = createRecorder();
contract('Stripe contract: built-in sandbox', 'sandbox', () => sandboxTarget(recorder.observe), true);
contract(
  realStripeKey
    ? 'Stripe contract: real Stripe test mode'
    : 'Stripe contract: real Stripe test mode (skipped: STRIPE_TEST_SECRET_KEY is not set)',
  'stripe',
  realStripeTarget,
  Boolean(realStripeKey),
);
