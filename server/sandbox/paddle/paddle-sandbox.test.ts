import { type Environment, Paddle } from '@paddle/paddle-node-sdk';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, type TestDb } from '../../test/helper';
import { createPaddleSandbox, type PaddleSandbox } from './paddle-sandbox';

/** The skeleton: keys, auth, Paddle's answer and error shapes, pagination, through the official SDK. */
describe('Paddle sandbox', () => {
  let testDb: TestDb;
  let sandbox: PaddleSandbox;
  let app: FastifyInstance;
  let paddle: Paddle;
  let baseUrl = '';

  async function http(method: string, path: string, options: { key?: string | null; body?: unknown } = {}) {
    const key = options.key === undefined ? sandbox.apiKey : options.key;
    const response = await fetch(`${sandbox.apiBaseUrl()}${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    // biome-ignore lint/suspicious/noExplicitAny: raw answers, checked field by field
    return { status: response.status, headers: response.headers, body: (await response.json()) as any };
  }

  beforeAll(async () => {
    testDb = await createTestDb();
    sandbox = createPaddleSandbox({
      db: testDb.db,
      publicUrl: () => baseUrl,
      webhookUrl: () => `${baseUrl}/hooks`,
    });
    await sandbox.migrate();
    await sandbox.migrate(); // twice: a restart finds its tables
    app = Fastify({ logger: false });
    await app.register(sandbox.plugin);
    baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
    paddle = new Paddle(sandbox.apiKey, { environment: sandbox.apiBaseUrl() as Environment });
  });

  afterAll(async () => {
    await sandbox?.close();
    await app?.close();
    await testDb?.close();
  });

  it('makes Paddle-shaped keys once, and a second process on the database adopts them', async () => {
    expect(sandbox.apiKey).toMatch(/^pdl_sdbx_apikey_/);
    expect(sandbox.clientToken).toMatch(/^test_/);
    expect(sandbox.webhookSecret).toMatch(/^pdl_ntfset_/);
    const second = createPaddleSandbox({ db: testDb.db, publicUrl: () => baseUrl, webhookUrl: () => '' });
    await second.migrate();
    expect([second.apiKey, second.clientToken, second.webhookSecret]).toEqual([
      sandbox.apiKey,
      sandbox.clientToken,
      sandbox.webhookSecret,
    ]);
  });

  it('creates, gets, updates and lists products through the SDK, custom_data included', async () => {
    const created = await paddle.products.create({
      name: 'Plus',
      taxCategory: 'standard',
      customData: { planCode: 'plus' },
    });
    expect(created.id).toMatch(/^pro_[0-9a-z]{26}$/);
    expect(created.customData).toEqual({ planCode: 'plus' });
    expect(created.status).toBe('active');
    const fetched = await paddle.products.get(created.id);
    expect(fetched.name).toBe('Plus');
    const updated = await paddle.products.update(created.id, {
      name: 'Plus team',
      customData: { planCode: 'plus2' },
    });
    expect(updated.name).toBe('Plus team');
    expect(updated.customData).toEqual({ planCode: 'plus2' });
    const seen: string[] = [];
    for await (const product of paddle.products.list({ id: [created.id] })) seen.push(product.id);
    expect(seen).toEqual([created.id]);
  });

  it('pages lists with meta.pagination, and the SDK follows next to the end', async () => {
    for (const name of ['A', 'B', 'C']) await paddle.products.create({ name, taxCategory: 'standard' });
    const first = await http('GET', '/products?per_page=2');
    expect(first.status).toBe(200);
    expect(first.body.data).toHaveLength(2);
    expect(first.body.meta.pagination).toMatchObject({ per_page: 2, has_more: true, estimated_total: 4 });
    expect(first.body.meta.pagination.next).toContain(`after=${first.body.data[1].id}`);
    const names: string[] = [];
    for await (const product of paddle.products.list({ perPage: 2 })) names.push(product.name);
    expect(names).toEqual(['Plus team', 'A', 'B', 'C']);
  });

  it("answers Paddle's error shape with a request id: missing key, wrong key, unknown id, bad field", async () => {
    const missing = await http('GET', '/products', { key: null });
    expect(missing.status).toBe(401);
    expect(missing.body.error).toMatchObject({ type: 'request_error', code: 'authentication_missing' });
    expect(missing.body.meta.request_id).toMatch(/^[0-9a-f-]{36}$/);
    const wrong = await http('GET', '/products', { key: 'pdl_sdbx_apikey_wrong' });
    expect(wrong.status).toBe(403);
    const unknown = await http('GET', '/products/pro_00000000000000000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatchObject({ code: 'not_found', type: 'request_error' });
    expect(unknown.body.error.documentation_url).toMatch(/^https:\/\/developer\.paddle\.com\//);
    const bad = await http('POST', '/products', { body: { name: 'No tax category' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.errors).toEqual([{ field: 'tax_category', message: 'is required' }]);
    const route = await http('GET', '/nothing-here');
    expect(route.status).toBe(404);
    expect(route.body.error.code).toBe('not_found');
    await expect(paddle.products.get('pro_00000000000000000000000000')).rejects.toMatchObject({
      code: 'not_found',
    });
  });
});
