import { randomBytes } from 'node:crypto';
import { ApiError, Environment, Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from './ids';
import { startPaddleTestServer } from './test-support/paddle-test-server';

/**
 * The provider contract: what the product relies on, written only against the official SDK. It runs
 * against the built-in sandbox, and against Paddle's own sandbox when PADDLE_CONTRACT_API_KEY (an API
 * key of a Paddle sandbox account, `pdl_sdbx_apikey_...`) is set, with the same assertions.
 */
const realPaddleKey = process.env.PADDLE_CONTRACT_API_KEY ?? '';

interface Target {
  paddle: Paddle;
  close(): Promise<void>;
}

async function sandboxTarget(): Promise<Target> {
  const server = await startPaddleTestServer();
  return { paddle: server.paddle, close: () => server.close() };
}

async function realPaddleTarget(): Promise<Target> {
  return { paddle: new Paddle(realPaddleKey, { environment: Environment.sandbox }), close: async () => {} };
}

function contract(name: string, makeTarget: () => Promise<Target>, run: boolean) {
  const describeIt = run ? describe : describe.skip;
  describeIt(name, () => {
    let t: Target;
    let paddle: Paddle;
    const suffix = randomBytes(4).toString('hex');
    let productId = '';

    beforeAll(async () => {
      t = await makeTarget();
      paddle = t.paddle;
    }, 30_000);
    afterAll(async () => {
      // Real accounts keep what tests make; archived, it leaves the catalogue's lists.
      if (productId) await paddle.products.update(productId, { status: 'archived' }).catch(() => {});
      await t?.close();
    });

    it('keeps products and prices with our ids in custom_data', async () => {
      const product = await paddle.products.create({
        name: `Contract ${suffix}`,
        taxCategory: 'saas',
        customData: { planCode: `contract_${suffix}` },
      });
      productId = product.id;
      expect(product.id).toMatch(/^pro_[0-9a-z]{26}$/);
      expect(product.status).toBe('active');
      expect(product.customData).toEqual({ planCode: `contract_${suffix}` });
      const price = await paddle.prices.create({
        productId: product.id,
        description: 'Monthly',
        unitPrice: { amount: '3000', currencyCode: 'USD' },
        billingCycle: { interval: 'month', frequency: 1 },
        customData: { planId: `contract_${suffix}_30` },
      });
      expect(price.id).toMatch(/^pri_[0-9a-z]{26}$/);
      expect(price.billingCycle).toEqual({ interval: 'month', frequency: 1 });
      const [listed] = await paddle.prices.list({ productId: [product.id] }).next();
      expect(listed?.customData).toEqual({ planId: `contract_${suffix}_30` });
      const got = await paddle.products.get(product.id);
      expect(got.name).toBe(`Contract ${suffix}`);
    });

    it('keeps customers, their addresses and businesses, and opens portal sessions', async () => {
      const customer = await paddle.customers.create({
        email: `contract-${suffix}@example.com`,
        name: 'Pat',
      });
      expect(customer.id).toMatch(/^ctm_[0-9a-z]{26}$/);
      const updated = await paddle.customers.update(customer.id, { name: 'Pat Press' });
      expect(updated.name).toBe('Pat Press');
      const address = await paddle.addresses.create(customer.id, {
        countryCode: 'GB',
        postalCode: 'SW1A 1AA',
      });
      expect(address.id).toMatch(/^add_/);
      const business = await paddle.businesses.create(customer.id, {
        name: 'Press Ltd',
        taxIdentifier: 'GB123456789',
      });
      expect(business.taxIdentifier).toBe('GB123456789');
      const session = await paddle.customerPortalSessions.create(customer.id, []);
      expect(session.customerId).toBe(customer.id);
      expect(new URL(session.urls.general.overview).protocol).toMatch(/^https?:$/);
      expect(session.urls.subscriptions).toEqual([]);
    });

    it('names event types, lists events, settings and notifications', async () => {
      const types = (await paddle.eventTypes.list()).map((type) => type.name);
      for (const name of ['subscription.updated', 'transaction.completed', 'customer.created'])
        expect(types).toContain(name);
      const events = await paddle.events.list().next();
      expect(Array.isArray(events)).toBe(true);
      const settings = await paddle.notificationSettings.list();
      for (const setting of settings) expect(setting.id).toMatch(/^ntfset_/);
      const notifications = await paddle.notifications.list().next();
      for (const notification of notifications)
        expect(['not_attempted', 'needs_retry', 'delivered', 'failed']).toContain(notification.status);
    });

    it('answers an unknown entity with not_found', async () => {
      const error = await paddle.products.get(newId('product')).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('not_found');
      expect((error as ApiError).type).toBe('request_error');
    });
  });
}

contract('Paddle contract: built-in sandbox', sandboxTarget, true);
contract(
  realPaddleKey
    ? "Paddle contract: Paddle's own sandbox"
    : "Paddle contract: Paddle's own sandbox (skipped: PADDLE_CONTRACT_API_KEY is not set)",
  realPaddleTarget,
  Boolean(realPaddleKey),
);
