import type { Db } from '../../../src/db/db';
import { paddleIso } from '../clock';
import type { PaddleSandboxConfig } from '../context';
import { randomToken } from '../ids';
import { paddleSignature } from '../signature';
import { DELIVERY_TIMEOUT_MS, MAX_ATTEMPTS, retryDelaySeconds } from './retry-schedule';
import { readChoices } from './setting';

/**
 * The subscription an event is about (a subscription's own id, or a transaction's subscription_id),
 * in SQL; null for the rest, which nothing holds back.
 */
const SUBSCRIPTION_OF = (event: string) =>
  `(CASE WHEN ${event}.event_type LIKE 'subscription.%' THEN ${event}.data->>'id' ELSE ${event}.data->>'subscription_id' END)`;

/** A claimed delivery is hidden from other workers this long: a process may die mid-POST. */
const LEASE_SECONDS = 60;

interface Claimed {
  id: string;
  seq: string;
  attempts: number;
  event_id: string;
  event_type: string;
  occurred_at: string | Date;
  data: unknown;
}

interface Attempt {
  code: number;
  contentType: string | null;
  body: string;
  error: string | null;
}

/** What a log keeps of the destination's answer: enough to see why it refused. */
const LOGGED_BODY_CHARS = 2_000;

/** The body Paddle POSTs: the event, and which notification carries it. */
export function notificationPayload(delivery: Claimed): string {
  return JSON.stringify({
    event_id: delivery.event_id,
    event_type: delivery.event_type,
    occurred_at: paddleIso(new Date(delivery.occurred_at)),
    notification_id: delivery.id,
    data: delivery.data,
  });
}

export interface WebhookDeliverer {
  /** Starts a pass over due deliveries unless one runs; never throws. */
  kick(): void;
  /** Delivers everything pending now (backoff ignored), in order; resolves when a pass finds none. */
  deliverAll(): Promise<number>;
  idle(): Promise<void>;
  /** Ends passes after the delivery in flight and starts no more (shutdown); the rest stays pending. */
  stop(): Promise<void>;
  /** Deliveries still to be made by any process (due or backing off; failed ones are not counted). */
  pendingCount(): Promise<number>;
}

/**
 * Delivers recorded events to the webhook destination after the transaction that recorded them has
 * committed, signed afresh with real time on every attempt, retried on Paddle's sandbox schedule.
 * Paddle guarantees no order; this sandbox keeps one per subscription: an event about a subscription
 * waits while an earlier one about it is undelivered and has attempts left (in flight on another
 * server too), so a receiver never sees `subscription.updated` before its `subscription.created`.
 * State is in the database, so a restart or another server on it carries on; a row is claimed by
 * one update that skips rows another server holds, which needs no sandbox-wide lock.
 */
export function createWebhookDeliverer(
  db: Db,
  config: PaddleSandboxConfig,
  webhookUrl: () => string,
): WebhookDeliverer {
  let running: Promise<number> | null = null;
  /** Deliveries made by any pass of this process: deliverAll counts a pass it waited for, too. */
  let deliveredTotal = 0;
  let stopped = false;

  /** Deliveries of unsubscribed types, or made while the setting is off, are dropped as Paddle makes none. */
  async function dropUnwanted(): Promise<void> {
    const choices = await readChoices(db);
    await db.query(
      `DELETE FROM paddle_sandbox_deliveries d USING paddle_sandbox_events e
        WHERE d.event_id = e.id AND d.delivered_at IS NULL AND d.attempts = 0 AND d.origin = 'event'
          AND NOT ($1::boolean AND e.event_type = ANY($2::text[]))`,
      [choices.active, choices.subscribed_events],
    );
  }

  async function claim(ignoreBackoff: boolean, afterSeq: string): Promise<Claimed | null> {
    const rows = await db.query<Claimed>(
      `UPDATE paddle_sandbox_deliveries d
          SET leased_until = now() + make_interval(secs => $1)
         FROM paddle_sandbox_events e
        WHERE e.id = d.event_id AND d.id = (
          SELECT d0.id FROM paddle_sandbox_deliveries d0 JOIN paddle_sandbox_events e0 ON e0.id = d0.event_id
           WHERE d0.delivered_at IS NULL AND d0.attempts < $2 AND d0.seq > $3::bigint
             AND (d0.leased_until IS NULL OR d0.leased_until <= now())
             AND ($4::boolean OR d0.next_attempt_at <= now())
             AND NOT EXISTS (
               SELECT 1 FROM paddle_sandbox_deliveries p JOIN paddle_sandbox_events pe ON pe.id = p.event_id
                WHERE p.seq < d0.seq AND p.delivered_at IS NULL AND p.attempts < $2
                  AND ${SUBSCRIPTION_OF('pe')} = ${SUBSCRIPTION_OF('e0')})
           ORDER BY d0.seq LIMIT 1 FOR UPDATE OF d0 SKIP LOCKED)
        RETURNING d.id, d.seq::text AS seq, d.attempts, d.event_id, e.event_type, e.occurred_at, e.data`,
      [LEASE_SECONDS, MAX_ATTEMPTS, afterSeq, ignoreBackoff],
    );
    return rows[0] ?? null;
  }

  /** One attempt: what the destination answered (code 0 when it did not answer in time, or at all). */
  async function post(delivery: Claimed): Promise<Attempt> {
    const body = notificationPayload(delivery);
    try {
      const response = await fetch(webhookUrl(), {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Paddle',
          // Real time, never the sandbox clock: the receiver refuses a signature over 5 s old.
          'paddle-signature': paddleSignature(config.webhookSecret, body),
        },
        body,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      const answer = await response.text().catch(() => '');
      const ok = response.status >= 200 && response.status < 300;
      return {
        code: response.status,
        contentType: response.headers.get('content-type'),
        body: answer.slice(0, LOGGED_BODY_CHARS),
        error: ok ? null : `HTTP ${response.status}`,
      };
    } catch (e) {
      const error = e instanceof Error ? e.message : String(e);
      return { code: 0, contentType: null, body: error, error };
    }
  }

  async function deliver(delivery: Claimed): Promise<boolean> {
    const attempt = await post(delivery);
    const error = attempt.error;
    await db.query(
      `INSERT INTO paddle_sandbox_delivery_logs (id, delivery_id, response_code, response_content_type, response_body)
       VALUES ($1, $2, $3, $4, $5)`,
      [`ntflog_${randomToken(26)}`, delivery.id, attempt.code, attempt.contentType, attempt.body],
    );
    const attempts = delivery.attempts + 1;
    if (error === null) {
      await db.query(
        `UPDATE paddle_sandbox_deliveries SET delivered_at = now(), last_attempt_at = now(), attempts = $2,
           last_error = NULL, leased_until = NULL WHERE id = $1`,
        [delivery.id, attempts],
      );
      return true;
    }
    config.log('paddle sandbox: webhook delivery failed', {
      notification: delivery.id,
      type: delivery.event_type,
      attempts,
      error,
    });
    // With no retry left the row keeps attempts = MAX_ATTEMPTS: `failed`, out of every pass.
    const delay = retryDelaySeconds(attempts) ?? 0;
    await db.query(
      `UPDATE paddle_sandbox_deliveries SET attempts = $2, last_error = $3, last_attempt_at = now(),
         leased_until = NULL, next_attempt_at = now() + make_interval(secs => $4) WHERE id = $1`,
      [delivery.id, attempts, error, delay],
    );
    return false;
  }

  async function pass(ignoreBackoff: boolean): Promise<number> {
    await dropUnwanted();
    let delivered = 0;
    let afterSeq = '0';
    while (!stopped) {
      const next = await claim(ignoreBackoff, afterSeq);
      if (!next) return delivered;
      // A failed one waits for its retry; later ones about other subscriptions still go.
      afterSeq = next.seq;
      if (await deliver(next)) {
        delivered++;
        deliveredTotal++;
      }
    }
    return delivered;
  }

  function run(ignoreBackoff: boolean): Promise<number> {
    const previous = running ?? Promise.resolve(0);
    const current = previous
      .catch(() => 0)
      .then(() => pass(ignoreBackoff))
      .finally(() => {
        if (running === current) running = null;
      });
    running = current;
    return current;
  }

  return {
    kick() {
      if (running || stopped) return;
      run(false).catch((error) =>
        config.log('paddle sandbox: webhook pass failed', { error: String(error) }),
      );
    },
    async deliverAll() {
      const start = deliveredTotal;
      for (;;) {
        const before = deliveredTotal;
        await run(true);
        // Counted by the total, not by run's answer: run first waits for a pass already under way
        // (a kick), and what that pass delivered is part of the drain too (see the Stripe sandbox's).
        // The receiver may call the API back and cause new events; go round until a pass finds none.
        if (deliveredTotal === before) return deliveredTotal - start;
      }
    },
    async pendingCount() {
      const rows = await db.query<{ count: number }>(
        'SELECT count(*)::int AS count FROM paddle_sandbox_deliveries WHERE delivered_at IS NULL AND attempts < $1',
        [MAX_ATTEMPTS],
      );
      return rows[0]?.count ?? 0;
    },
    async idle() {
      while (running) await running.catch(() => 0);
    },
    async stop() {
      stopped = true;
      while (running) await running.catch(() => 0);
    },
  };
}
