import type { Ctx } from './context';
import { resourceMissing } from './errors';

/** A stored API object: its public shape plus what only the sandbox knows about it. */
export interface Row<T> {
  data: T;
  internal: Record<string, unknown>;
}

interface DbRow {
  data: unknown;
  internal: Record<string, unknown>;
  type: string;
}

/** Stripe's words for the 404 message: 'No such customer', 'No such price', ... */
const KIND_NAMES: Record<string, string> = {
  customer: 'customer',
  payment_method: 'PaymentMethod',
  setup_intent: 'setupintent',
  payment_intent: 'payment_intent',
  charge: 'charge',
  refund: 'refund',
  subscription: 'subscription',
  subscription_item: 'subscription item',
  invoice: 'invoice',
  invoiceitem: 'invoiceitem',
  product: 'product',
  price: 'price',
  tax_rate: 'tax rate',
  coupon: 'coupon',
  promotion_code: 'promotion code',
  tax_id: 'tax id',
  'checkout.session': 'checkout.session',
  'billing_portal.session': 'billing portal session',
  'test_helpers.test_clock': 'test clock',
  webhook_endpoint: 'webhook endpoint',
};

export function kindName(type: string): string {
  return KIND_NAMES[type] ?? type;
}

export async function findRow<T>(ctx: Ctx, id: string, type: string): Promise<Row<T> | null> {
  const rows = await ctx.tx.query<DbRow>(
    'SELECT data, internal, type FROM stripe_sandbox_objects WHERE id = $1 AND type = $2',
    [id, type],
  );
  const row = rows[0];
  return row ? { data: row.data as T, internal: row.internal ?? {} } : null;
}

export async function getRow<T>(ctx: Ctx, id: string, type: string, param = 'id'): Promise<Row<T>> {
  const row = await findRow<T>(ctx, id, type);
  if (!row) throw resourceMissing(kindName(type), id, param);
  return row;
}

export async function get<T>(ctx: Ctx, id: string, type: string, param = 'id'): Promise<T> {
  return (await getRow<T>(ctx, id, type, param)).data;
}

export async function find<T>(ctx: Ctx, id: string, type: string): Promise<T | null> {
  return (await findRow<T>(ctx, id, type))?.data ?? null;
}

/** Any object by id, whatever its type (expansion follows ids without knowing their type). */
export async function findAny(ctx: Ctx, id: string): Promise<unknown | null> {
  const rows = await ctx.tx.query<DbRow>('SELECT data FROM stripe_sandbox_objects WHERE id = $1', [id]);
  return rows[0]?.data ?? null;
}

interface Storable {
  id: string;
  object: string;
}

/** Inserts or replaces; internal is kept when not given. */
export async function put<T extends Storable>(
  ctx: Ctx,
  data: T,
  options: { customer?: string | null; internal?: Record<string, unknown> } = {},
): Promise<T> {
  const customer = options.customer ?? customerOf(data);
  await ctx.tx.query(
    `INSERT INTO stripe_sandbox_objects (id, type, customer, data, internal)
     VALUES ($1, $2, $3, $4::jsonb, COALESCE($5::jsonb, '{}'::jsonb))
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, customer = EXCLUDED.customer,
       internal = COALESCE($5::jsonb, stripe_sandbox_objects.internal)`,
    [
      data.id,
      data.object,
      customer,
      JSON.stringify(data),
      options.internal ? JSON.stringify(options.internal) : null,
    ],
  );
  return data;
}

export async function setInternal(ctx: Ctx, id: string, internal: Record<string, unknown>): Promise<void> {
  await ctx.tx.query('UPDATE stripe_sandbox_objects SET internal = $2::jsonb WHERE id = $1', [
    id,
    JSON.stringify(internal),
  ]);
}

export async function remove(ctx: Ctx, id: string): Promise<void> {
  await ctx.tx.query('DELETE FROM stripe_sandbox_objects WHERE id = $1', [id]);
}

function customerOf(data: unknown): string | null {
  const customer = (data as { customer?: unknown }).customer;
  if (typeof customer === 'string') return customer;
  if (customer && typeof customer === 'object' && 'id' in customer) return String(customer.id);
  return null;
}

/** Newest first, as Stripe lists. The optional customer narrows in SQL; the rest is filtered by callers. */
export async function listRows<T>(ctx: Ctx, type: string, customer?: string): Promise<Row<T>[]> {
  const rows = customer
    ? await ctx.tx.query<DbRow>(
        'SELECT data, internal, type FROM stripe_sandbox_objects WHERE type = $1 AND customer = $2 ORDER BY seq DESC',
        [type, customer],
      )
    : await ctx.tx.query<DbRow>(
        'SELECT data, internal, type FROM stripe_sandbox_objects WHERE type = $1 ORDER BY seq DESC',
        [type],
      );
  return rows.map((row) => ({ data: row.data as T, internal: row.internal ?? {} }));
}

export async function list<T>(ctx: Ctx, type: string, customer?: string): Promise<T[]> {
  return (await listRows<T>(ctx, type, customer)).map((row) => row.data);
}

export async function getState<T>(ctx: Ctx, key: string, fallback: T): Promise<T> {
  const rows = await ctx.tx.query<{ value: T }>('SELECT value FROM stripe_sandbox_state WHERE key = $1', [
    key,
  ]);
  return rows[0] ? rows[0].value : fallback;
}

export async function setState(ctx: Ctx, key: string, value: unknown): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO stripe_sandbox_state (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  );
}
