import type Stripe from 'stripe';
import { customerNow } from './clock';
import { API_VERSION, type Ctx } from './context';
import { newId } from './ids';
import { stripIncludables } from './includables';
import { list, put } from './store';

/**
 * Records an event in the request's transaction, with one delivery row for the server's webhook URL
 * and one per matching webhook endpoint. Delivery happens after commit (webhooks.ts).
 */
export async function emit(
  ctx: Ctx,
  type: string,
  object: { id: string; object: string; customer?: unknown },
  previousAttributes?: Record<string, unknown>,
  /** Whose clock dates the event, for objects that do not name their customer (an InvoicePayment). */
  ofCustomer?: string | null,
): Promise<Stripe.Event> {
  const customerId =
    ofCustomer ??
    (object.object === 'customer' ? object.id : typeof object.customer === 'string' ? object.customer : null);
  const endpoints = (await list<Stripe.WebhookEndpoint>(ctx, 'webhook_endpoint')).filter(
    (endpoint) =>
      endpoint.status === 'enabled' &&
      (endpoint.enabled_events.includes('*') || endpoint.enabled_events.includes(type)),
  );
  const event = {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: await customerNow(ctx, customerId),
    data: {
      // Events never carry includable fields (invoice.payments, a session's line_items).
      object: stripIncludables(structuredClone(object), new Set()),
      ...(previousAttributes && Object.keys(previousAttributes).length > 0
        ? { previous_attributes: previousAttributes }
        : {}),
    },
    livemode: false,
    pending_webhooks: endpoints.length + 1,
    request: ctx.request,
    type,
  } as unknown as Stripe.Event;
  await ctx.tx.query(
    'INSERT INTO stripe_sandbox_events (id, type, created, data) VALUES ($1, $2, $3, $4::jsonb)',
    [event.id, type, event.created, JSON.stringify(event)],
  );
  await ctx.tx.query('INSERT INTO stripe_sandbox_deliveries (event_id, endpoint) VALUES ($1, NULL)', [
    event.id,
  ]);
  for (const endpoint of endpoints) {
    await ctx.tx.query('INSERT INTO stripe_sandbox_deliveries (event_id, endpoint) VALUES ($1, $2)', [
      event.id,
      endpoint.id,
    ]);
  }
  return event;
}

/**
 * The attributes of before that differ in after, as Stripe's previous_attributes: each changed
 * top-level field's old value, null for one that is new. Stripe gives a nested object's changed keys
 * only (`metadata: {label: null}`), which the SDK's types cannot hold, so the whole old value is given.
 */
export function changedAttributes(before: object, after: object): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) changed[key] = a[key] ?? null;
  }
  return changed;
}

type Announced = { id: string; object: string; customer?: unknown };

/** Stores a new object and announces it (`product.created`), as Stripe does for every object it makes. */
export async function putCreated<T extends Announced>(ctx: Ctx, object: T): Promise<T> {
  await put(ctx, object);
  await emit(ctx, `${object.object}.created`, object);
  return object;
}

/** Stores a changed object and announces what changed (`price.updated`); nothing when nothing did. */
export async function putUpdated<T extends Announced>(ctx: Ctx, before: T, after: T): Promise<T> {
  await put(ctx, after);
  const changed = changedAttributes(before, after);
  if (Object.keys(changed).length > 0) await emit(ctx, `${after.object}.updated`, after, changed);
  return after;
}
