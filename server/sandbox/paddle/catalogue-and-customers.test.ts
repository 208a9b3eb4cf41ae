import type { Paddle } from '@paddle/paddle-node-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetPaddleSandbox } from './reset';
import { type PaddleTestServer, startPaddleTestServer } from './test-support/paddle-test-server';

/** Prices and customers through the official SDK, and the reset `seed --reset` calls. */
describe('Paddle sandbox: prices, customers, reset', () => {
  let server: PaddleTestServer;
  let paddle: Paddle;

  beforeAll(async () => {
    server = await startPaddleTestServer();
    paddle = server.paddle;
  });
  afterAll(() => server?.close());

  it('creates a monthly price with the plan id in custom_data, lists it by product and gets it with its product', async () => {
    const product = await paddle.products.create({
      name: 'Plus',
      taxCategory: 'saas',
      customData: { planCode: 'plus' },
    });
    const price = await paddle.prices.create({
      productId: product.id,
      description: 'Plus monthly',
      unitPrice: { amount: '3000', currencyCode: 'EUR' },
      billingCycle: { interval: 'month', frequency: 1 },
      trialPeriod: { interval: 'day', frequency: 14 },
      customData: { planId: 'plus_30' },
    });
    expect(price.id).toMatch(/^pri_[0-9a-z]{26}$/);
    expect(price.unitPrice).toEqual({ amount: '3000', currencyCode: 'EUR' });
    expect(price.billingCycle).toEqual({ interval: 'month', frequency: 1 });
    expect(price.customData).toEqual({ planId: 'plus_30' });
    const once = await paddle.prices.create({
      productId: product.id,
      description: 'Setup',
      unitPrice: { amount: '500', currencyCode: 'EUR' },
    });
    const recurring: string[] = [];
    for await (const item of paddle.prices.list({ productId: [product.id], recurring: true }))
      recurring.push(item.id);
    expect(recurring).toEqual([price.id]);
    const withProduct = await paddle.prices.get(once.id, { include: ['product'] });
    expect(withProduct.product?.customData).toEqual({ planCode: 'plus' });
    const archived = await paddle.prices.update(once.id, {
      status: 'archived',
      customData: { planId: 'old' },
    });
    expect(archived.status).toBe('archived');
    expect(archived.customData).toEqual({ planId: 'old' });
  });

  it('refuses a price without a product it knows, or with a bad amount, naming the field', async () => {
    const unknown = await server.http('POST', '/prices', {
      body: {
        product_id: 'pro_00000000000000000000000000',
        description: 'x',
        unit_price: { amount: '1', currency_code: 'EUR' },
      },
    });
    expect(unknown.status).toBe(404);
    const product = await paddle.products.create({ name: 'X', taxCategory: 'standard' });
    const bad = await server.http('POST', '/prices', {
      body: { product_id: product.id, description: 'x', unit_price: { amount: 12, currency_code: 'EUR' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors[0].field).toBe('unit_price.amount');
  });

  it('creates, finds by email, gets and updates customers; one customer per email', async () => {
    const pat = await paddle.customers.create({
      email: 'Pat@Press.test',
      name: 'Pat Press',
      customData: { teamId: 7 },
    });
    expect(pat.id).toMatch(/^ctm_[0-9a-z]{26}$/);
    expect(pat.email).toBe('pat@press.test');
    await paddle.customers.create({ email: 'olivia@acme.test' });
    const found: string[] = [];
    for await (const customer of paddle.customers.list({ email: ['pat@press.test'] }))
      found.push(customer.id);
    expect(found).toEqual([pat.id]);
    expect((await paddle.customers.get(pat.id)).customData).toEqual({ teamId: 7 });
    const renamed = await paddle.customers.update(pat.id, { name: 'Pat P.' });
    expect(renamed.name).toBe('Pat P.');
    const twice = await server.http('POST', '/customers', { body: { email: 'pat@press.test' } });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toMatchObject({
      code: 'customer_already_exists',
      detail: expect.stringContaining(pat.id),
    });
    const invalid = await server.http('POST', '/customers', { body: { email: 'not an email' } });
    expect(invalid.body.error.errors).toEqual([{ field: 'email', message: 'must be a valid email address' }]);
  });

  it("keeps a customer's addresses and businesses (VAT number), and hides them from other customers", async () => {
    const bella = await paddle.customers.create({ email: 'bella@bakery.test' });
    const other = await paddle.customers.create({ email: 'other@bakery.test' });
    const address = await paddle.addresses.create(bella.id, { countryCode: 'DE', postalCode: '10115' });
    expect(address.id).toMatch(/^add_[0-9a-z]{26}$/);
    expect(address).toMatchObject({ customerId: bella.id, countryCode: 'DE', postalCode: '10115' });
    const business = await paddle.businesses.create(bella.id, {
      name: 'Basic Bakery',
      taxIdentifier: 'DE123456789',
    });
    expect(business.id).toMatch(/^biz_[0-9a-z]{26}$/);
    expect(business.taxIdentifier).toBe('DE123456789');
    const moved = await paddle.addresses.update(bella.id, address.id, { postalCode: '10117' });
    expect(moved.postalCode).toBe('10117');
    const ids: string[] = [];
    for await (const item of paddle.businesses.list(bella.id)) ids.push(item.id);
    expect(ids).toEqual([business.id]);
    const elsewhere = await server.http('GET', `/customers/${other.id}/addresses/${address.id}`);
    expect(elsewhere.status).toBe(404);
    const noCountry = await server.http('POST', `/customers/${bella.id}/addresses`, {
      body: { postal_code: '1' },
    });
    expect(noCountry.body.error.errors).toEqual([{ field: 'country_code', message: 'is required' }]);
  });

  it('records an event for each customer, address and business it makes or changes, as Paddle does; none for a refused one', async () => {
    const events = async () => {
      const rows = await server.testDb.db.query<{ event_type: string; id: string }>(
        "SELECT event_type, data->>'id' AS id FROM paddle_sandbox_events ORDER BY seq",
      );
      return rows.map((row) => `${row.event_type} ${row.id}`);
    };
    const before = (await events()).length;
    const sam = await paddle.customers.create({ email: 'sam@events.test' });
    await paddle.customers.update(sam.id, { name: 'Sam' });
    const address = await paddle.addresses.create(sam.id, { countryCode: 'FR' });
    await paddle.addresses.update(sam.id, address.id, { postalCode: '75001' });
    const business = await paddle.businesses.create(sam.id, { name: 'Sam SARL' });
    await paddle.businesses.update(sam.id, business.id, { taxIdentifier: 'FR12345678901' });
    const taken = await server.http('POST', '/customers', { body: { email: 'SAM@events.test' } });
    expect(taken.status).toBe(409);
    const noCountry = await server.http('POST', `/customers/${sam.id}/addresses`, { body: {} });
    expect(noCountry.status).toBe(400);
    expect((await events()).slice(before)).toEqual([
      `customer.created ${sam.id}`,
      `customer.updated ${sam.id}`,
      `address.created ${address.id}`,
      `address.updated ${address.id}`,
      `business.created ${business.id}`,
      `business.updated ${business.id}`,
    ]);
    const [updated] = await server.testDb.db.query<{ data: { name: string } }>(
      "SELECT data FROM paddle_sandbox_events WHERE event_type = 'customer.updated' AND data->>'id' = $1",
      [sam.id],
    );
    expect(updated?.data.name).toBe('Sam');
    const deliveries = await server.testDb.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM paddle_sandbox_deliveries d JOIN paddle_sandbox_events e ON e.id = d.event_id',
    );
    expect(deliveries[0]?.count).toBe((await events()).length);
  });

  it('reset empties the sandbox and keeps its keys', async () => {
    const key = server.sandbox.apiKey;
    await resetPaddleSandbox(server.testDb.db);
    const products = await server.http('GET', '/products');
    expect(products.status).toBe(200);
    expect(products.body.data).toEqual([]);
    const customers = await server.http('GET', '/customers');
    expect(customers.body.data).toEqual([]);
    expect(server.sandbox.apiKey).toBe(key);
  });
});
