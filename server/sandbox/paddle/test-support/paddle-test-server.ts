import { type Environment, Paddle } from '@paddle/paddle-node-sdk';
import Fastify from 'fastify';
import { createTestDb, type TestDb } from '../../../test/helper';
import { createPaddleSandbox, type PaddleSandbox } from '../paddle-sandbox';

export interface PaddleTestServer {
  testDb: TestDb;
  sandbox: PaddleSandbox;
  /** The official SDK, pointed at the sandbox by its `environment` option. */
  paddle: Paddle;
  /** Plain HTTP to the API, for what the SDK hides (status codes, error bodies, headers). */
  http(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: raw answers, checked field by field by the tests
  ): Promise<{ status: number; headers: Headers; body: any }>;
  close(): Promise<void>;
}

/** The sandbox on its own database and port, as a test file needs it. */
export async function startPaddleTestServer(
  options: { webhookUrl?: () => string; defaultPaymentLink?: () => string | null } = {},
): Promise<PaddleTestServer> {
  let baseUrl = '';
  const testDb = await createTestDb();
  const sandbox = createPaddleSandbox({
    db: testDb.db,
    publicUrl: () => baseUrl,
    webhookUrl: options.webhookUrl ?? (() => `${baseUrl}/hooks`),
    defaultPaymentLink: options.defaultPaymentLink,
  });
  await sandbox.migrate();
  const app = Fastify({ logger: false });
  await app.register(sandbox.plugin);
  baseUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  const paddle = new Paddle(sandbox.apiKey, { environment: sandbox.apiBaseUrl() as Environment });
  return {
    testDb,
    sandbox,
    paddle,
    async http(method, path, options = {}) {
      const key = options.key === undefined ? sandbox.apiKey : options.key;
      const response = await fetch(`${sandbox.apiBaseUrl()}${path}`, {
        method,
        headers: {
          ...(key ? { authorization: `Bearer ${key}` } : {}),
          ...(options.body ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body ? JSON.stringify(options.body) : undefined,
      });
      return { status: response.status, headers: response.headers, body: await response.json() };
    },
    async close() {
      await sandbox.close();
      await app.close();
      await testDb.close();
    },
  };
}
