import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/helper';
import { createRecorder } from './conformance/conformance';
import { conformanceTest } from './conformance/conformance-test';
import { parseStripeForm } from './form-body';
import { createStripeSandbox, type StripeSandbox } from './stripe-sandbox';

/**
 * What only the sandbox has (its clock, its sandbox-only calls, its webhook queue) and the Stripe
 * behaviours the contract suite does not reach. Real Stripe is the contract suite's business.
 */

const DAY = 86_400;

describe('Stripe form encoding', () => {
  it('builds nested objects and arrays from bracket keys', () => {
    expect(
      parseStripeForm(
        'items[0][price]=p1&items[0][quantity]=2&items[1][price]=p2&expand[]=a&expand[]=b.c&metadata[teamId]=7&name=A%20B',
      ),
    ).toEqual({
      items: [{ price: 'p1', quantity: '2' }, { price: 'p2' }],
      expand: ['a', 'b.c'],
      metadata: { teamId: '7' },
      name: 'A B',
    });
    expect(parseStripeForm('discounts=&cancel_at=')).toEqual({ discounts: '', cancel_at: '' });
  });
});

describe('Stripe sandbox', () => {
  let testDb: TestDb;
  let sandbox: StripeSandbox;
  let app: FastifyInstance;
  let stripe: Stripe;
  let baseUrl = '';
  const received: Stripe.Event[] = [];
  let failNextWebhooks = 0;
  /** The receiver answers this much later: a delivery pass is then still under way when a test goes on. */
  let webhookAnswerDelayMs = 0;
  let price: Stripe.Price;
  let yearly: Stripe.Price;

  async function pk(method: string, path: string, form: Record<string, string> = {}) {
    const body = new URLSearchParams(form).toString();
    const response = await fetch(`${baseUrl}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
      method,
      headers: {
        authorization: `Bearer ${sandbox.publishableKey}`,
        ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body: method === 'GET' ? undefined : body,
    });
    // biome-ignore lint/suspicious/noExplicitAny: the sandbox-only calls answer untyped JSON
    return { status: response.status, body: (await response.json()) as Record<string, any> };
  }

  async function card(number: string) {
    const pm = await pk('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String(new Date().getUTCFullYear() + 2),
      'card[cvc]': '123',
    });
    return pm.body.id as string;
  }

  async function customerWith(number: string | null) {
    const customer = await stripe.customers.create({ email: 'olivia@acme.test' });
    if (number) {
      const pm = await card(number);
      await stripe.paymentMethods.attach(pm, { customer: customer.id });
      await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: pm } });
    }
    return customer;
  }

  const recorder = createRecorder();

  beforeAll(async () => {
    testDb = await createTestDb();
    sandbox = createStripeSandbox({
      db: testDb.db,
      publicUrl: () => baseUrl,
      webhookUrl: () => `${baseUrl}/hooks`,
      observe: recorder.observe,
    });
    await sandbox.migrate();
    await sandbox.migrate(); // twice: a restart finds its tables
    app = Fastify({ logger: false });
    await app.register(sandbox.plugin);
    await app.register(async (receiver) => {
      receiver.removeContentTypeParser('application/json');
      receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
        done(null, body),
      );
      receiver.post('/hooks', async (request, reply) => {
        if (webhookAnswerDelayMs > 0)
          await new Promise((resolve) => setTimeout(resolve, webhookAnswerDelayMs));
        if (failNextWebhooks > 0) {
          failNextWebhooks--;
          return reply.code(500).send({ error: 'down' });
        }
        received.push(
          stripe.webhooks.constructEvent(
            request.body as string,
            request.headers['stripe-signature'] as string,
            sandbox.webhookSecret,
          ),
        );
        return { received: true };
      });
    });
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    stripe = new Stripe(sandbox.secretKey, {
      host: '127.0.0.1',
      port: Number(new URL(baseUrl).port),
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const product = await stripe.products.create({ name: 'Team' });
    price = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 1200,
      recurring: { interval: 'month' },
      lookup_key: 'team_monthly',
    });
    yearly = await stripe.prices.create({
      product: product.id,
      currency: 'usd',
      unit_amount: 12000,
      recurring: { interval: 'year' },
      lookup_key: 'team_yearly',
    });
    // A fresh database: a loaded machine takes a while.
  }, 180_000);

  afterAll(async () => {
    await sandbox?.close();
    await app?.close();
    await testDb?.close();
  });

  it('has keys with the sandbox prefixes and answers a wrong key with 401, masked', async () => {
    expect(sandbox.secretKey).toMatch(/^sk_test_sandbox_/);
    expect(sandbox.publishableKey).toMatch(/^pk_test_sandbox_/);
    expect(sandbox.webhookSecret).toMatch(/^whsec_sandbox_/);
    const response = await fetch(`${baseUrl}/v1/customers`, {
      headers: { authorization: 'Bearer sk_test_wrongwrongwrong1234' },
    });
    expect(response.status).toBe(401);
    const body = (await response.json()) as { error: { type: string; message: string } };
    expect(body.error.type).toBe('invalid_request_error');
    expect(body.error.message).toBe('Invalid API Key provided: sk_test_****1234');
    const withPk = await pk('GET', '/v1/customers');
    expect(withPk.status).toBe(401);
  });

  it('names unknown and missing parameters', async () => {
    const unknown = await stripe.customers.create({ nmae: 'x' } as never).catch((e) => e);
    expect(unknown).toMatchObject({ statusCode: 400, param: 'nmae' });
    expect(unknown.message).toBe('Received unknown parameter: nmae');
    const missing = await stripe.prices.create({ currency: 'usd', unit_amount: 1 } as never).catch((e) => e);
    expect(missing).toMatchObject({ statusCode: 400, param: 'product' });
  });

  it('refuses an invalid card number at creation with Stripe\u2019s message', async () => {
    const bad = await pk('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '4242424242424241',
      'card[exp_month]': '12',
      'card[exp_year]': '2040',
    });
    expect(bad.status).toBe(402);
    expect(bad.body.error).toMatchObject({
      type: 'card_error',
      code: 'incorrect_number',
      message: 'Your card number is incorrect.',
    });
    const mastercard = await pk('POST', '/v1/payment_methods', {
      type: 'card',
      'card[number]': '5555 5555 5555 4444',
      'card[exp_month]': '12',
      'card[exp_year]': '2040',
    });
    expect(mastercard.body.card).toMatchObject({ brand: 'mastercard', last4: '4444', exp_year: 2040 });
  });

  it('replays a declined payment under its idempotency key', async () => {
    const pay = () =>
      stripe.paymentIntents
        .create(
          { amount: 500, currency: 'usd', payment_method: 'pm_card_chargeDeclined', confirm: true },
          { idempotencyKey: 'decline-once' },
        )
        .catch((e) => e);
    const first = await pay();
    const second = await pay();
    expect(second).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(second.requestId).toBeDefined();
    expect(second.payment_intent?.id).toBe(first.payment_intent?.id);
  });

  it('advances the sandbox clock: a trial ends, is invoiced and paid, and the summary says so', async () => {
    const customer = await customerWith('4242424242424242');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
      trial_period_days: 14,
    });
    expect(sub.status).toBe('trialing');
    const summary = await sandbox.advance(15 * DAY);
    expect(summary.happened.some((line) => line.startsWith(`${sub.id}: trial ended, invoice in_`))).toBe(
      true,
    );
    expect(summary.happened.join('\n')).toContain('paid $24.00');
    expect(summary.webhooksDelivered).toBeGreaterThan(0);
    const after = await stripe.subscriptions.retrieve(sub.id, { expand: ['latest_invoice'] });
    expect(after.status).toBe('active');
    expect((after.latest_invoice as Stripe.Invoice).amount_paid).toBe(2400);
    expect(received.some((e) => e.type === 'customer.subscription.trial_will_end')).toBe(true);
    const viaApi = await fetch(`${baseUrl}/v1/sandbox/advance`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${sandbox.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'seconds=60',
    });
    expect(viaApi.status).toBe(200);
    expect(((await viaApi.json()) as { advancedSeconds: number }).advancedSeconds).toBe(60);
  });

  it('ends a trial without a card: canceled when asked, else past_due with an open invoice', async () => {
    const a = await customerWith(null);
    const cancel = await stripe.subscriptions.create({
      customer: a.id,
      items: [{ price: price.id }],
      trial_period_days: 3,
      trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
    });
    const b = await customerWith(null);
    const pastDue = await stripe.subscriptions.create({
      customer: b.id,
      items: [{ price: price.id }],
      trial_period_days: 3,
    });
    await sandbox.advance(4 * DAY);
    expect((await stripe.subscriptions.retrieve(cancel.id)).status).toBe('canceled');
    const due = await stripe.subscriptions.retrieve(pastDue.id, { expand: ['latest_invoice'] });
    expect(due.status).toBe('past_due');
    expect((due.latest_invoice as Stripe.Invoice).status).toBe('open');
  });

  it('default_incomplete: the first invoice waits with a confirmation secret the browser confirms', async () => {
    const customer = await customerWith(null);
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      payment_behavior: 'default_incomplete',
      payment_settings: { save_default_payment_method: 'on_subscription' },
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(sub.status).toBe('incomplete');
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.confirmation_secret?.type).toBe('payment_intent');
    const plain = await stripe.invoices.retrieve(invoice.id);
    expect(plain.confirmation_secret).toBeUndefined();
    const secret = invoice.confirmation_secret?.client_secret as string;
    const intentId = secret.slice(0, secret.indexOf('_secret_'));
    const confirmed = await pk('POST', `/v1/payment_intents/${intentId}/confirm`, {
      client_secret: secret,
      payment_method: await card('4242424242424242'),
    });
    expect(confirmed.body.status).toBe('succeeded');
    const active = await stripe.subscriptions.retrieve(sub.id);
    expect(active.status).toBe('active');
    expect(active.default_payment_method).toBe(confirmed.body.payment_method);
    const paid = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    expect(paid.status).toBe('paid');
    expect(paid.payments?.data[0]?.payment.payment_intent).toBe(intentId);
  });

  it('error_if_incomplete: a declined upgrade is a 402 and changes nothing', async () => {
    const customer = await customerWith('4242424242424242');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const failing = await card('4000000000000341');
    await stripe.paymentMethods.attach(failing, { customer: customer.id });
    await stripe.subscriptions.update(sub.id, { default_payment_method: failing });
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const error = await stripe.subscriptions
      .update(sub.id, {
        items: [{ id: item.id, quantity: 5 }],
        proration_behavior: 'always_invoice',
        payment_behavior: 'error_if_incomplete',
      })
      .catch((e) => e);
    expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(error.decline_code).toBe('generic_decline');
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.items.data[0]?.quantity).toBe(1);
    expect(after.latest_invoice).toBe(sub.latest_invoice);
  });

  it('pending_if_incomplete: needs 3-D Secure, applies once the browser completes it', async () => {
    const customer = await customerWith('4242424242424242');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const needsAuth = await card('4000002500003155');
    await stripe.paymentMethods.attach(needsAuth, { customer: customer.id });
    await stripe.customers.update(customer.id, { invoice_settings: { default_payment_method: needsAuth } });
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    const updated = await stripe.subscriptions.update(sub.id, {
      items: [{ id: item.id, price: yearly.id }],
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
      expand: ['latest_invoice.confirmation_secret'],
    });
    expect(updated.pending_update?.subscription_items?.[0]?.price.id).toBe(yearly.id);
    expect(updated.items.data[0]?.price.id).toBe(price.id);
    const secret = (updated.latest_invoice as Stripe.Invoice).confirmation_secret?.client_secret as string;
    const intentId = secret.slice(0, secret.indexOf('_secret_'));
    const intent = await pk('GET', `/v1/payment_intents/${intentId}`, { client_secret: secret });
    expect(intent.body.status).toBe('requires_action');
    const done = await pk('POST', `/v1/sandbox/three_d_secure/${intentId}`, {
      client_secret: secret,
      outcome: 'complete',
    });
    expect(done.body.status).toBe('succeeded');
    const after = await stripe.subscriptions.retrieve(sub.id);
    expect(after.pending_update).toBeNull();
    expect(after.items.data[0]?.price.id).toBe(yearly.id);
    // The interval changed: the cycle starts again now, a year long.
    const period = after.items.data[0] as Stripe.SubscriptionItem;
    expect(period.current_period_end - period.current_period_start).toBeGreaterThanOrEqual(365 * DAY);
    expect(after.billing_cycle_anchor).toBe(period.current_period_start);
  });

  it('create_prorations: the credit and charge wait for the renewal invoice, as previewed', async () => {
    const customer = await customerWith('4242424242424242');
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id, quantity: 2 }],
    });
    const item = sub.items.data[0] as Stripe.SubscriptionItem;
    await sandbox.advance(10 * DAY);
    await stripe.subscriptions.update(sub.id, { items: [{ id: item.id, quantity: 4 }] });
    const pending = await stripe.invoiceItems.list({ customer: customer.id, pending: true });
    expect(pending.data.length).toBe(2);
    const preview = await stripe.invoices.createPreview({ customer: customer.id, subscription: sub.id });
    expect(preview.id).toMatch(/^upcoming_in_/);
    const summary = await sandbox.advance(25 * DAY);
    expect(summary.happened.some((l) => l.startsWith(`${sub.id}: renewed`))).toBe(true);
    const renewal = (await stripe.invoices.list({ subscription: sub.id, limit: 1 }))
      .data[0] as Stripe.Invoice;
    expect(renewal.billing_reason).toBe('subscription_cycle');
    expect(renewal.total).toBe(preview.total);
    expect(renewal.lines.data.length).toBe(3);
  });

  it('one-off invoices: items, finalize without auto-advance stays open, pay, void, PDF', async () => {
    const customer = await customerWith('4242424242424242');
    const invoice = await stripe.invoices.create({
      customer: customer.id,
      auto_advance: false,
      collection_method: 'charge_automatically',
    });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: invoice.id,
      amount: 1500,
      currency: 'usd',
      description: 'Setup',
    });
    const finalized = await stripe.invoices.finalizeInvoice(invoice.id);
    expect(finalized).toMatchObject({ status: 'open', total: 1500 });
    expect(finalized.number).toMatch(/^SBX-\d{4}$/);
    expect(finalized.hosted_invoice_url).toBe(`${baseUrl}/sandbox/stripe/invoices/${invoice.id}`);
    const paid = await stripe.invoices.pay(invoice.id);
    expect(paid.status).toBe('paid');
    const pdf = await fetch(finalized.invoice_pdf as string);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect((await pdf.text()).startsWith('%PDF-1.4')).toBe(true);
    const other = await stripe.invoices.create({ customer: customer.id, auto_advance: false });
    await stripe.invoiceItems.create({
      customer: customer.id,
      invoice: other.id,
      amount: 700,
      currency: 'usd',
    });
    await stripe.invoices.finalizeInvoice(other.id);
    expect((await stripe.invoices.voidInvoice(other.id)).status).toBe('void');
    const page = await pk('GET', `/v1/sandbox/invoices/${other.id}`);
    expect(page.body.status).toBe('void');
  });

  it('checkout: 3155 goes through 3-D Secure, then completes with a paid first invoice', async () => {
    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer_email: 'new@acme.test',
      line_items: [{ price: price.id, quantity: 2 }],
      success_url: 'http://console.test/ok?id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://console.test/cancel',
    });
    const declined = await pk('POST', `/v1/payment_pages/${session.id}/confirm`, {
      payment_method: await card('4000000000000002'),
      email: 'new@acme.test',
    });
    expect(declined.status).toBe(402);
    expect(declined.body.error).toMatchObject({ code: 'card_declined', message: 'Your card was declined.' });
    const confirm = await pk('POST', `/v1/payment_pages/${session.id}/confirm`, {
      payment_method: await card('4000002500003155'),
      email: 'new@acme.test',
    });
    expect(confirm.body.status).toBe('requires_action');
    const url = new URL(confirm.body.next_action.redirect_to_url.url);
    expect(confirm.body.next_action.redirect_to_url.return_url).toBe(
      `${baseUrl}/sandbox/stripe/checkout/${session.id}`,
    );
    const intentId = url.pathname.split('/').pop() as string;
    await pk('POST', `/v1/sandbox/three_d_secure/${intentId}`, {
      client_secret: url.searchParams.get('client_secret') as string,
      outcome: 'complete',
    });
    const page = await pk('GET', `/v1/payment_pages/${session.id}`);
    expect(page.body).toMatchObject({
      status: 'complete',
      redirect_url: `http://console.test/ok?id=${session.id}`,
    });
    // The way back is handed out once: later reads of the complete checkout show no return URL.
    const later = await pk('GET', `/v1/payment_pages/${session.id}`);
    expect(later.body.status).toBe('complete');
    expect(later.body.redirect_url ?? null).toBeNull();
    expect(later.body).not.toHaveProperty('success_url');
    expect(later.body).not.toHaveProperty('cancel_url');
    const done = await stripe.checkout.sessions.retrieve(session.id, {
      expand: ['subscription.latest_invoice'],
    });
    expect(done.payment_status).toBe('paid');
    const sub = done.subscription as Stripe.Subscription;
    expect(sub.status).toBe('active');
    expect((sub.latest_invoice as Stripe.Invoice).amount_paid).toBe(2400);
    const customer = (await stripe.customers.retrieve(done.customer as string)) as Stripe.Customer;
    expect(customer.email).toBe('new@acme.test');
    expect(customer.invoice_settings.default_payment_method).toBeTruthy();
  });

  it('checkout in setup mode saves the card on the customer', async () => {
    const customer = await customerWith(null);
    const session = await stripe.checkout.sessions.create({
      mode: 'setup',
      customer: customer.id,
      currency: 'usd',
      success_url: 'http://console.test/ok',
    });
    const confirm = await pk('POST', `/v1/payment_pages/${session.id}/confirm`, {
      payment_method: await card('4242424242424242'),
    });
    expect(confirm.body.status).toBe('complete');
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['setup_intent'] });
    expect((done.setup_intent as Stripe.SetupIntent).status).toBe('succeeded');
    const after = (await stripe.customers.retrieve(customer.id)) as Stripe.Customer;
    expect(after.invoice_settings.default_payment_method).toBe(
      (done.setup_intent as Stripe.SetupIntent).payment_method,
    );
  });

  it('counts in a drain what a delivery pass already under way delivered', async () => {
    await sandbox.deliverPendingWebhooks();
    const before = received.length;
    webhookAnswerDelayMs = 150;
    try {
      // The create's commit starts a pass in the background; the drain waits for it.
      await stripe.customers.create({ email: 'drain@acme.test' });
      const drained = await sandbox.deliverPendingWebhooks();
      expect(received.length - before).toBeGreaterThanOrEqual(1);
      // Two servers' drains go round until both say 0: a 0 here would stop them with a webhook just landed.
      expect(drained).toBe(received.length - before);
    } finally {
      webhookAnswerDelayMs = 0;
    }
  });

  it('retries a failed webhook delivery and keeps the events in creation order', async () => {
    await sandbox.deliverPendingWebhooks();
    const before = received.length;
    failNextWebhooks = 1;
    const customer = await stripe.customers.create({ email: 'hooks@acme.test' });
    await stripe.customers.update(customer.id, { name: 'Hooks' });
    await sandbox.deliverPendingWebhooks();
    const mine = received.slice(before).filter((e) => (e.data.object as { id?: string }).id === customer.id);
    expect(mine.map((e) => e.type)).toContain('customer.updated');
    expect(mine.map((e) => e.type)).toContain('customer.created');
    const updated = mine.find((e) => e.type === 'customer.updated');
    expect(updated?.data.previous_attributes).toEqual({ name: null });
    const events = await stripe.events.list({ type: 'customer.*', limit: 3 });
    expect(events.data[0]?.type).toBe('customer.updated');
    const one = await stripe.events.retrieve(events.data[0]?.id as string);
    expect(one.request?.id).toMatch(/^req_/);
  });

  it('shows tax rates at zero for a reverse-charged customer', async () => {
    const vat = await stripe.taxRates.create({
      display_name: 'VAT',
      percentage: 21,
      inclusive: false,
      country: 'NL',
    });
    const customer = await customerWith('4242424242424242');
    await stripe.customers.update(customer.id, { tax_exempt: 'reverse' });
    const sub = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: price.id }],
      default_tax_rates: [vat.id],
      expand: ['latest_invoice'],
    });
    const invoice = sub.latest_invoice as Stripe.Invoice;
    expect(invoice.total).toBe(1200);
    expect(invoice.total_taxes?.[0]).toMatchObject({ amount: 0, taxability_reason: 'reverse_charge' });
  });

  it('schedules a cancellation with cancel_at, clears it with an empty value, and cancels at once on delete', async () => {
    const customer = await customerWith('4242424242424242');
    const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }] });
    const at = sub.start_date + 5 * DAY;
    const scheduled = await stripe.subscriptions.update(sub.id, { cancel_at: at });
    expect(scheduled).toMatchObject({ cancel_at: at, cancel_at_period_end: false });
    const cleared = await stripe.subscriptions.update(sub.id, { cancel_at: '' });
    expect(cleared.cancel_at).toBeNull();
    const canceled = await stripe.subscriptions.cancel(sub.id);
    expect(canceled.status).toBe('canceled');
    expect(canceled.ended_at).not.toBeNull();
    const listed = await stripe.subscriptions.list({ customer: customer.id });
    expect(listed.data).toEqual([]);
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(all.data.map((s) => s.id)).toEqual([sub.id]);
  });

  it('checkout in payment mode charges once', async () => {
    const oneTime = await stripe.prices.create({
      product: price.product as string,
      currency: 'usd',
      unit_amount: 4900,
    });
    const session = await stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [{ price: oneTime.id, quantity: 1 }],
      customer_email: 'buyer@acme.test',
      success_url: 'http://console.test/ok',
    });
    const confirm = await pk('POST', `/v1/payment_pages/${session.id}/confirm`, {
      payment_method: await card('4242424242424242'),
    });
    expect(confirm.body.status).toBe('complete');
    const done = await stripe.checkout.sessions.retrieve(session.id, { expand: ['payment_intent'] });
    expect(done.payment_status).toBe('paid');
    expect((done.payment_intent as Stripe.PaymentIntent).amount_received).toBe(4900);
  });

  it('serialises concurrent writes', async () => {
    const customers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => stripe.customers.create({ email: `c${i}@acme.test` })),
    );
    expect(new Set(customers.map((c) => c.id)).size).toBe(8);
  });

  // Last, so it sees every body the tests above made the sandbox answer (conformance/README.md).
  conformanceTest(recorder, 'sandbox', {
    atLeast: { api: 51, webhook: 51 },
    deliver: async () => {
      await sandbox.deliverPendingWebhooks();
    },
  });
});
