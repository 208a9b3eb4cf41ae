import Fastify from 'fastify';
import Stripe from 'stripe';
import { createTestDb } from '../../../test/helper';
import { createStripeSandbox } from '../stripe-sandbox';
import { describeBrowserFlows } from './test-support/browser-flows';
import { registerMerchantPage } from './test-support/merchant-page';

// The same browser flows as pages.browser.test.ts, end to end: the real sandbox (its API, its
// pages), driven through the official SDK as the product drives it.
describeBrowserFlows('pages and Stripe.js stand-in (real sandbox)', async () => {
  const testDb = await createTestDb();
  let baseUrl = '';
  const sandbox = createStripeSandbox({
    db: testDb.db,
    publicUrl: () => baseUrl,
    webhookUrl: () => `${baseUrl}/webhooks`,
  });
  await sandbox.migrate();
  const app = Fastify();
  await app.register(sandbox.plugin);
  registerMerchantPage(app);
  // Events are delivered here and dropped: these tests look at the browser side only.
  app.post('/webhooks', async () => ({ received: true }));
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const stripe = new Stripe(sandbox.secretKey, {
    host: '127.0.0.1',
    port: Number(new URL(baseUrl).port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  const product = await stripe.products.create({ name: 'Team' });
  const price = await stripe.prices.create({
    product: product.id,
    currency: 'usd',
    unit_amount: 1200,
    recurring: { interval: 'month' },
  });
  const newCustomer = () => stripe.customers.create({ email: 'olivia@acme.test', name: 'Acme Inc' });

  return {
    baseUrl,
    publishableKey: sandbox.publishableKey,
    async setupIntentSecret() {
      const customer = await newCustomer();
      const intent = await stripe.setupIntents.create({ customer: customer.id, usage: 'off_session' });
      return intent.client_secret ?? '';
    },
    async checkoutSessionId() {
      const customer = await newCustomer();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 3 }],
        subscription_data: { trial_period_days: 14 },
        success_url: `${baseUrl}/done?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/cancelled`,
      });
      return session.id;
    },
    async setupCheckoutSessionId() {
      const customer = await newCustomer();
      const session = await stripe.checkout.sessions.create({
        mode: 'setup',
        customer: customer.id,
        currency: 'usd',
        success_url: `${baseUrl}/done?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/cancelled`,
      });
      return session.id;
    },
    async expiredCheckoutSessionId() {
      const customer = await newCustomer();
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        customer: customer.id,
        line_items: [{ price: price.id, quantity: 3 }],
        success_url: `${baseUrl}/done?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${baseUrl}/cancelled`,
      });
      await stripe.checkout.sessions.expire(session.id);
      return session.id;
    },
    async openInvoiceId() {
      // default_incomplete: the first invoice stays open with a payment intent for the browser.
      const customer = await newCustomer();
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: price.id, quantity: 3 }],
        payment_behavior: 'default_incomplete',
      });
      const invoice = subscription.latest_invoice;
      return typeof invoice === 'string' ? invoice : (invoice?.id ?? '');
    },
    async close() {
      await app.close();
      await sandbox.close();
      await testDb.close();
    },
  };
});
