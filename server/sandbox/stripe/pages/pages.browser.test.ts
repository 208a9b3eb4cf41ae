// No Postgres database: the Stripe pages in a browser against a fake Stripe API.
import Fastify from 'fastify';
import { stripeSandboxPages } from './pages-plugin';
import { describeBrowserFlows } from './test-support/browser-flows';
import { createFakeStripeApi } from './test-support/fake-stripe-api';
import { registerMerchantPage } from './test-support/merchant-page';

// The pages and the Stripe.js stand-in in Chromium against a fake of the few /v1 calls they make
// (pages.sandbox.test.ts runs the same flows against the real sandbox).
describeBrowserFlows('pages and Stripe.js stand-in (fake API)', async () => {
  const publishableKey = 'pk_test_sandbox_fake';
  const fake = createFakeStripeApi(publishableKey);
  const app = Fastify();
  fake.register(app);
  let baseUrl = '';
  await app.register(stripeSandboxPages, { publishableKey, publicUrl: () => baseUrl });
  registerMerchantPage(app);
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl,
    publishableKey,
    setupIntentSecret: async () => fake.setupIntent(),
    checkoutSessionId: async () =>
      fake.checkoutSession({ success_url: `${baseUrl}/done`, cancel_url: `${baseUrl}/cancelled` }).id,
    setupCheckoutSessionId: async () =>
      fake.checkoutSession({
        success_url: `${baseUrl}/done`,
        cancel_url: `${baseUrl}/cancelled`,
        mode: 'setup',
        line_items: { object: 'list', data: [] },
        subscription_data: { trial_period_days: null },
      }).id,
    expiredCheckoutSessionId: async () =>
      fake.checkoutSession({
        success_url: `${baseUrl}/done`,
        cancel_url: `${baseUrl}/cancelled`,
        status: 'expired',
      }).id,
    openInvoiceId: async () => fake.invoice().id,
    close: () => app.close(),
  };
});
