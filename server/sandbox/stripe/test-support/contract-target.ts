import Fastify, { type FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { createTestDb, type TestDb } from '../../../test/helper';
import { createStripeSandbox, type ObservedBody, type StripeSandbox } from '../stripe-sandbox';

/**
 * Where the provider contract runs: the built-in sandbox, or Stripe's test mode when
 * STRIPE_TEST_SECRET_KEY is set (a test-mode key only, never the product's STRIPE_SECRET_KEY).
 */
export const API_VERSION = '2026-10-28.endive';
export const DAY = 86_400;
/** A fresh database and a few catalogue objects; a loaded machine (or Stripe's network) takes a while. */
export const TARGET_START_TIMEOUT_MS = 180_000;

export interface Target {
  stripe: Stripe;
  /** Sandbox-only helpers; null against real Stripe. */
  sandbox: {
    instance: StripeSandbox;
    baseUrl: string;
    received: Stripe.Event[];
    rejectedSignatures: number;
  } | null;
  close(): Promise<void>;
}

export async function sandboxTarget(observe?: (body: ObservedBody) => void): Promise<Target> {
  const testDb: TestDb = await createTestDb();
  const received: Stripe.Event[] = [];
  let rejectedSignatures = 0;
  let baseUrl = '';
  const instance = createStripeSandbox({
    db: testDb.db,
    publicUrl: () => baseUrl,
    webhookUrl: () => `${baseUrl}/test-webhooks`,
    observe,
  });
  await instance.migrate();
  const app: FastifyInstance = Fastify({ logger: false });
  await app.register(instance.plugin);
  const verifier = new Stripe('sk_test_unused');
  await app.register(async (receiver) => {
    // The signature is over the raw body, so this receiver keeps it as a string.
    receiver.removeContentTypeParser('application/json');
    receiver.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) =>
      done(null, body),
    );
    receiver.post('/test-webhooks', async (request, reply) => {
      try {
        const event = verifier.webhooks.constructEvent(
          request.body as string,
          request.headers['stripe-signature'] as string,
          instance.webhookSecret,
        );
        received.push(event);
        return reply.code(200).send({ received: true });
      } catch {
        rejectedSignatures++;
        return reply.code(400).send({ error: 'bad signature' });
      }
    });
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  baseUrl = `http://127.0.0.1:${port}`;
  const stripe = new Stripe(instance.secretKey, {
    apiVersion: API_VERSION as Stripe.LatestApiVersion,
    host: '127.0.0.1',
    port,
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    stripe,
    sandbox: {
      instance,
      baseUrl,
      received,
      get rejectedSignatures() {
        return rejectedSignatures;
      },
    },
    async close() {
      await instance.close();
      await app.close();
      await testDb.close();
    },
  };
}

export const realStripeKey = process.env.STRIPE_TEST_SECRET_KEY ?? '';
if (realStripeKey && !realStripeKey.startsWith('sk_test_'))
  throw new Error('STRIPE_TEST_SECRET_KEY must be a test-mode key (sk_test_…)');
// Said out loud as well as in the skipped suite's name, which vitest's default reporter hides.
if (!realStripeKey)
  console.info(
    'Stripe contract: real Stripe test mode skipped: STRIPE_TEST_SECRET_KEY is not set (sandbox only)',
  );

export async function realStripeTarget(): Promise<Target> {
  const stripe = new Stripe(realStripeKey, {
    apiVersion: API_VERSION as Stripe.LatestApiVersion,
  });
  return { stripe, sandbox: null, close: async () => {} };
}

/** A publishable-key call as Stripe.js makes it (form-encoded), for the sandbox-only steps. */
export async function publishable(
  target: Target,
  method: string,
  path: string,
  form: Record<string, string> = {},
) {
  const sandbox = target.sandbox as NonNullable<Target['sandbox']>;
  const body = new URLSearchParams(form).toString();
  const response = await fetch(`${sandbox.baseUrl}${path}${method === 'GET' && body ? `?${body}` : ''}`, {
    method,
    headers: {
      authorization: `Bearer ${sandbox.instance.publishableKey}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/x-www-form-urlencoded' }),
    },
    body: method === 'GET' ? undefined : body,
  });
  // biome-ignore lint/suspicious/noExplicitAny: the sandbox-only calls answer untyped JSON
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const CLOCK_WAIT_MS = 120_000;
const CLOCK_POLL_MS = 100;

/** Polls a test clock until it is ready: Stripe and the sandbox both advance in the background. */
export async function waitForClock(stripe: Stripe, clockId: string): Promise<Stripe.TestHelpers.TestClock> {
  const deadline = Date.now() + CLOCK_WAIT_MS;
  while (Date.now() < deadline) {
    const clock = await stripe.testHelpers.testClocks.retrieve(clockId);
    if (clock.status === 'ready') return clock;
    await new Promise((resolve) => setTimeout(resolve, CLOCK_POLL_MS));
  }
  throw new Error('test clock did not become ready');
}

/**
 * Advances a test clock and waits until it is ready (an advance while one runs is refused, so it
 * waits for that first). Answers the advance call's own answer, `advancing`.
 */
export async function advanceClock(
  stripe: Stripe,
  clockId: string,
  frozenTime: number,
): Promise<Stripe.TestHelpers.TestClock> {
  await waitForClock(stripe, clockId);
  const answer = await stripe.testHelpers.testClocks.advance(clockId, { frozen_time: frozenTime });
  await waitForClock(stripe, clockId);
  return answer;
}
