import type Stripe from 'stripe';
import type { Queryable } from '../../src/db/db';

/** What the sandbox is configured with; fixed for its lifetime. */
export interface SandboxConfig {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  apiVersion: string;
  publicUrl: () => string;
  /** Real time; the sandbox clock adds its stored offset, a test clock replaces it. */
  realNow: () => Date;
  log: (msg: string, data?: unknown) => void;
  /** How lower layers tell upper ones that something settled (SettleHooks below). */
  hooks: SettleHooks;
}

/**
 * One unit of work: a request or a clock run, inside one transaction holding the sandbox lock.
 * Handlers take it and use only ctx.tx (PGlite is one connection).
 */
export interface Ctx {
  tx: Queryable;
  config: SandboxConfig;
  /** Stripe's event.request: the API request that caused the change, null for clock work. */
  request: { id: string | null; idempotency_key: string | null };
  /** Set while due work runs: the moment being processed, so invoices carry that time. */
  timeOverride?: number;
  /** Words for the advance summary. */
  notes: string[];
  /** Per-unit cache of the sandbox offset. */
  offsetSeconds?: number;
  /** Set when a test clock started advancing: its work runs after commit, in a unit of its own. */
  clockAdvancing?: boolean;
}

export const API_VERSION = '2026-10-28.endive';

/** Any constant: it only has to be the same for every process sharing this database. */
export const SANDBOX_LOCK_KEY = 5_170_422_907;

export async function lockSandbox(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [SANDBOX_LOCK_KEY]);
}

/** What an intent was made for: the object that waits on its outcome. */
export interface IntentLinks {
  invoice?: string;
  checkoutSession?: string;
}

/**
 * How a lower layer tells the layers above that something settled, without importing them: an
 * intent settled (its invoice or checkout session reacts), an invoice was paid, failed or voided
 * (its subscription reacts). stripe-sandbox.ts wires the implementations in (sandbox-hooks.ts) and
 * hands them down in the unit's config.
 */
export interface SettleHooks {
  paymentIntentSettled(ctx: Ctx, pi: Stripe.PaymentIntent, links: IntentLinks): Promise<void>;
  setupIntentSettled(ctx: Ctx, si: Stripe.SetupIntent, links: IntentLinks): Promise<void>;
  invoicePaid(ctx: Ctx, invoice: Stripe.Invoice): Promise<void>;
  invoicePaymentFailed(ctx: Ctx, invoice: Stripe.Invoice): Promise<void>;
  invoiceVoided(ctx: Ctx, invoice: Stripe.Invoice): Promise<void>;
}
