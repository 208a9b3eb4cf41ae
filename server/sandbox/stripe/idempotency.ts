import { createHash } from 'node:crypto';
import type { Queryable } from '../../src/db/db';
import { StripeError } from './errors';

/** Stripe keeps idempotency keys for 24 hours. */
const KEY_TTL_HOURS = 24;

export interface StoredResponse {
  status: number;
  body: unknown;
  /** The request that first used the key (the Original-Request header); null for old rows. */
  requestId?: string | null;
}

export function fingerprint(method: string, path: string, params: unknown): string {
  return createHash('sha256')
    .update(`${method} ${path} ${stableJson(params)}`)
    .digest('hex');
}

// Code-unit order: any fixed order makes the fingerprint stable, and localeCompare would load ICU's
// collation data (megabytes of memory) for it.
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => byCodeUnits(a, b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** The stored answer for this key, or null; a key reused with other parameters is an error. */
export async function replayed(tx: Queryable, key: string, print: string): Promise<StoredResponse | null> {
  await tx.query(
    `DELETE FROM stripe_sandbox_idempotency_keys WHERE created_at < now() - interval '${KEY_TTL_HOURS} hours'`,
  );
  const rows = await tx.query<{
    request_fingerprint: string;
    status: number;
    body: unknown;
    request_id: string | null;
  }>(
    'SELECT request_fingerprint, status, body, request_id FROM stripe_sandbox_idempotency_keys WHERE key = $1',
    [key],
  );
  const row = rows[0];
  if (!row) return null;
  if (row.request_fingerprint !== print) {
    throw new StripeError(400, {
      type: 'idempotency_error',
      message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
    });
  }
  return { status: row.status, body: row.body, requestId: row.request_id };
}

export async function remember(
  tx: Queryable,
  key: string,
  print: string,
  response: StoredResponse,
): Promise<void> {
  await tx.query(
    `INSERT INTO stripe_sandbox_idempotency_keys (key, request_fingerprint, status, body, request_id)
     VALUES ($1, $2, $3, $4::jsonb, $5) ON CONFLICT (key) DO NOTHING`,
    [key, print, response.status, JSON.stringify(response.body), response.requestId ?? null],
  );
}
