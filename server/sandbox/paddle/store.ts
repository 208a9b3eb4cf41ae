import type { Ctx } from './context';
import { notFound } from './errors';

/** A stored entity: its public shape plus what only the sandbox knows about it. */
export interface Row<T> {
  data: T;
  internal: Record<string, unknown>;
}

interface DbRow {
  data: unknown;
  internal: Record<string, unknown> | null;
  seq: string;
}

/** Paddle's words in a 404's detail: 'Entity ctm_... not found'. */
const KIND_NAMES: Record<string, string> = {
  product: 'Product',
  price: 'Price',
  customer: 'Customer',
  address: 'Address',
  business: 'Business',
  transaction: 'Transaction',
  subscription: 'Subscription',
  notification_setting: 'Notification setting',
};

export async function findRow<T>(ctx: Ctx, id: string, type: string): Promise<Row<T> | null> {
  const rows = await ctx.tx.query<DbRow>(
    'SELECT data, internal, seq FROM paddle_sandbox_entities WHERE id = $1 AND type = $2',
    [id, type],
  );
  const row = rows[0];
  return row ? { data: row.data as T, internal: row.internal ?? {} } : null;
}

export async function getRow<T>(ctx: Ctx, id: string, type: string): Promise<Row<T>> {
  const row = await findRow<T>(ctx, id, type);
  if (!row) throw notFound(KIND_NAMES[type] ?? 'Entity', id);
  return row;
}

export async function get<T>(ctx: Ctx, id: string, type: string): Promise<T> {
  return (await getRow<T>(ctx, id, type)).data;
}

/** Inserts or replaces; internal is kept when not given. */
export async function put<T extends { id: string }>(
  ctx: Ctx,
  type: string,
  data: T,
  options: { customerId?: string | null; internal?: Record<string, unknown> } = {},
): Promise<T> {
  const customerId =
    options.customerId ?? ((data as { customer_id?: unknown }).customer_id as string | undefined) ?? null;
  await ctx.tx.query(
    `INSERT INTO paddle_sandbox_entities (id, type, customer_id, data, internal)
     VALUES ($1, $2, $3, $4::jsonb, COALESCE($5::jsonb, '{}'::jsonb))
     ON CONFLICT (id) DO UPDATE SET data = EXCLUDED.data, customer_id = EXCLUDED.customer_id,
       internal = COALESCE($5::jsonb, paddle_sandbox_entities.internal)`,
    [
      data.id,
      type,
      customerId,
      JSON.stringify(data),
      options.internal ? JSON.stringify(options.internal) : null,
    ],
  );
  return data;
}

/**
 * In creation order, as Paddle's default `order_by=id[ASC]` lists (its ids sort by time). The
 * optional customer narrows in SQL; callers filter the rest and page with pagination.ts.
 */
export async function listRows<T>(ctx: Ctx, type: string, customerId?: string): Promise<Row<T>[]> {
  const rows = customerId
    ? await ctx.tx.query<DbRow>(
        'SELECT data, internal, seq FROM paddle_sandbox_entities WHERE type = $1 AND customer_id = $2 ORDER BY seq',
        [type, customerId],
      )
    : await ctx.tx.query<DbRow>(
        'SELECT data, internal, seq FROM paddle_sandbox_entities WHERE type = $1 ORDER BY seq',
        [type],
      );
  return rows.map((row) => ({ data: row.data as T, internal: row.internal ?? {} }));
}

export async function list<T>(ctx: Ctx, type: string, customerId?: string): Promise<T[]> {
  return (await listRows<T>(ctx, type, customerId)).map((row) => row.data);
}

export async function getState<T>(ctx: Ctx, key: string, fallback: T): Promise<T> {
  const rows = await ctx.tx.query<{ value: T }>('SELECT value FROM paddle_sandbox_state WHERE key = $1', [
    key,
  ]);
  return rows[0] ? rows[0].value : fallback;
}

export async function setState(ctx: Ctx, key: string, value: unknown): Promise<void> {
  await ctx.tx.query(
    `INSERT INTO paddle_sandbox_state (key, value) VALUES ($1, $2::jsonb)
     ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
    [key, JSON.stringify(value)],
  );
}
