import type { Queryable } from '../../src/db/db';

/** What the sandbox is configured with; the keys are replaced once by the stored ones. */
export interface PaddleSandboxConfig {
  apiKey: string;
  clientToken: string;
  webhookSecret: string;
  notificationSettingId: string;
  publicUrl: () => string;
  /** The seller's default payment link (an absolute URL), or null for the sandbox's own page. */
  defaultPaymentLink: () => string | null;
  /** Real time; the sandbox clock adds its stored offset. */
  realNow: () => Date;
  log: (msg: string, data?: unknown) => void;
}

/**
 * One unit of work: a request or a clock run, inside one transaction holding the sandbox lock.
 * Handlers use only ctx.tx (PGlite is one connection).
 */
export interface Ctx {
  tx: Queryable;
  config: PaddleSandboxConfig;
  requestId: string;
  /** Words for the advance summary. */
  notes: string[];
  /** Per-unit cache of the sandbox clock offset. */
  offsetSeconds?: number;
}

/** Any constant, different from the Stripe sandbox's: the same for every process sharing the database. */
export const PADDLE_SANDBOX_LOCK_KEY = 5_170_422_911;

export async function lockSandbox(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [PADDLE_SANDBOX_LOCK_KEY]);
}
