import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import type { Db } from '../../src/db/db';
import { lockSandbox, type SandboxConfig } from './context';

/**
 * Delivers recorded events, oldest first and one at a time, after the transaction that recorded
 * them has committed: signed as Stripe signs, retried with backoff, state in the database so a
 * restart (or another process) carries on.
 */
const TIMEOUT_MS = 10_000;
/** Claimed deliveries are hidden from other pumps for this long (a process may die mid-POST). */
const LEASE_SECONDS = 60;
const MAX_ATTEMPTS = 12;

export function signPayload(payload: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** 5 s, 15 s, 45 s, ... capped at an hour, as a gentler version of Stripe's three-day schedule. */
function backoffSeconds(attempts: number): number {
  return Math.min(3600, 5 * 3 ** (attempts - 1));
}

interface Claimed {
  id: number;
  event_id: string;
  endpoint: string | null;
  attempts: number;
  data: Stripe.Event;
}

export interface WebhookDeliverer {
  /** Starts a pump for due deliveries unless one runs; never throws. */
  kick(): void;
  /** Delivers everything queued now (backoff ignored), in order; resolves when nothing is left. */
  deliverAll(): Promise<number>;
  idle(): Promise<void>;
  /** Deliveries made so far by this process (any pump): advance() reports the difference. */
  deliveredCount(): number;
  /** Deliveries still to be made, by any process (those that ran out of attempts are not counted). */
  pendingCount(): Promise<number>;
}

export function createWebhookDeliverer(
  db: Db,
  config: SandboxConfig,
  webhookUrl: () => string,
  /** Read at each delivery: the sandbox adopts the database's shared keys after it is created. */
  secret: () => string,
  /** Sees each payload as it is sent (the conformance suite's recorder). */
  observe: (event: Stripe.Event) => void = () => {},
): WebhookDeliverer {
  let running: Promise<number> | null = null;
  let deliveredTotal = 0;

  async function claim(options: { ignoreBackoff: boolean; after: number }): Promise<Claimed | null> {
    return db.transaction(async (tx) => {
      await lockSandbox(tx);
      const rows = await tx.query<Claimed>(
        `SELECT d.id::int AS id, d.event_id, d.endpoint, d.attempts, e.data
           FROM stripe_sandbox_deliveries d JOIN stripe_sandbox_events e ON e.id = d.event_id
          WHERE d.delivered_at IS NULL AND d.id > $1 AND d.attempts < $2
            AND ($3::boolean OR d.next_attempt_at <= now())
          ORDER BY d.id LIMIT 1`,
        [options.after, MAX_ATTEMPTS, options.ignoreBackoff],
      );
      const row = rows[0];
      if (!row) return null;
      await tx.query(
        `UPDATE stripe_sandbox_deliveries SET next_attempt_at = now() + interval '${LEASE_SECONDS} seconds' WHERE id = $1`,
        [row.id],
      );
      return row;
    });
  }

  async function target(delivery: Claimed): Promise<{ url: string; secret: string } | null> {
    if (!delivery.endpoint) return { url: webhookUrl(), secret: secret() };
    const rows = await db.query<{ data: Stripe.WebhookEndpoint }>(
      "SELECT data FROM stripe_sandbox_objects WHERE id = $1 AND type = 'webhook_endpoint'",
      [delivery.endpoint],
    );
    const endpoint = rows[0]?.data;
    return endpoint?.secret ? { url: endpoint.url, secret: endpoint.secret } : null;
  }

  async function deliver(delivery: Claimed): Promise<boolean> {
    const to = await target(delivery);
    let error: string | null = null;
    if (to) {
      const payload = JSON.stringify(delivery.data, null, 2);
      observe(delivery.data);
      try {
        const response = await fetch(to.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
            // Real time, not the sandbox clock: receivers check the timestamp against their own clock.
            'stripe-signature': signPayload(payload, to.secret, Math.floor(Date.now() / 1000)),
          },
          body: payload,
          signal: AbortSignal.timeout(TIMEOUT_MS),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (response.status < 200 || response.status >= 300) error = `HTTP ${response.status}`;
      } catch (e) {
        error = e instanceof Error ? e.message : String(e);
      }
    }
    const attempts = delivery.attempts + 1;
    if (error === null) {
      await db.query(
        'UPDATE stripe_sandbox_deliveries SET delivered_at = now(), attempts = $2, last_error = NULL WHERE id = $1',
        [delivery.id, attempts],
      );
      await db.query(
        "UPDATE stripe_sandbox_events SET data = jsonb_set(data, '{pending_webhooks}', to_jsonb(GREATEST((data->>'pending_webhooks')::int - 1, 0))) WHERE id = $1",
        [delivery.event_id],
      );
      return true;
    }
    config.log('stripe sandbox: webhook delivery failed', {
      event: delivery.event_id,
      type: delivery.data.type,
      attempts,
      error,
    });
    await db.query(
      `UPDATE stripe_sandbox_deliveries SET attempts = $2, last_error = $3,
         next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [delivery.id, attempts, error, backoffSeconds(attempts)],
    );
    return false;
  }

  async function pump(ignoreBackoff: boolean): Promise<number> {
    let delivered = 0;
    let after = 0;
    for (;;) {
      const next = await claim({ ignoreBackoff, after });
      if (!next) return delivered;
      // Failed ones are not retried within one pass; the next pass (or the timer) retries them.
      after = next.id;
      if (await deliver(next)) {
        delivered++;
        deliveredTotal++;
      }
    }
  }

  function run(ignoreBackoff: boolean): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    const current = previous
      .catch(() => 0)
      .then(() => pump(ignoreBackoff))
      .finally(() => {
        if (running === current) running = null;
      });
    running = current;
    return current;
  }

  return {
    kick() {
      if (running) return;
      run(false).catch((error) =>
        config.log('stripe sandbox: webhook pump failed', { error: String(error) }),
      );
    },
    async deliverAll() {
      const start = deliveredTotal;
      for (;;) {
        const before = deliveredTotal;
        await run(true);
        // Counted by the total, not by run's answer: run first waits for a pass already under way
        // (a kick), and what that pass delivered is part of the drain too. A caller that drains two
        // sandboxes goes round until both say 0, which is only sound if 0 means nothing was delivered.
        // Handlers may cause new events (they call the API back); go round until a pass finds none.
        if (deliveredTotal === before) return deliveredTotal - start;
      }
    },
    deliveredCount: () => deliveredTotal,
    async pendingCount() {
      const rows = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM stripe_sandbox_deliveries WHERE delivered_at IS NULL AND attempts < $1',
        [MAX_ATTEMPTS],
      );
      return rows[0]?.count ?? 0;
    },
    async idle() {
      while (running) await running.catch(() => 0);
    },
  };
}
