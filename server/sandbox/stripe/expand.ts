import type { Ctx } from './context';
import { invalidRequest } from './errors';
import { includableValue } from './includable-values';
import { isIncludable, stripIncludables } from './includables';
import { findAny } from './store';

async function expandAt(ctx: Ctx, value: unknown, segments: string[], fullPath: string): Promise<unknown> {
  if (segments.length === 0) return value;
  if (Array.isArray(value)) return Promise.all(value.map((item) => expandAt(ctx, item, segments, fullPath)));
  if (!value || typeof value !== 'object') return value;
  const [head, ...rest] = segments as [string, ...string[]];
  const record = value as Record<string, unknown>;
  if (head === '*') {
    for (const key of Object.keys(record))
      record[key] = await expandAt(ctx, record[key], [key, ...rest], fullPath);
    return record;
  }
  if (!(head in record)) {
    const includable = isIncludable(String(record.object), head);
    if (!includable) throw invalidRequest(`This property cannot be expanded (${fullPath}).`, 'expand');
    const made = await includableValue(ctx, record, head);
    if (made !== undefined) record[head] = await expandAt(ctx, made, rest, fullPath);
    return record;
  }
  let field = record[head];
  if (typeof field === 'string' && /^[a-z]+(_[a-z]+)?_[A-Za-z0-9]+$/.test(field)) {
    const found = (await findAny(ctx, field)) as { id: string; object: string } | null;
    // A deleted customer expands to Stripe's tombstone.
    if (found?.object === 'deleted_customer') field = { id: found.id, object: 'customer', deleted: true };
    else if (found) field = found;
  }
  record[head] = await expandAt(ctx, field, rest, fullPath);
  return record;
}

/** Applies expand[] paths (`customer`, `latest_invoice.payments`, `data.customer`) to an answer. */
export async function expandResponse(ctx: Ctx, value: unknown, paths: string[]): Promise<unknown> {
  let result = structuredClone(value);
  for (const path of paths) {
    if (path.split('.').filter((segment) => segment !== 'data').length > 4)
      throw invalidRequest('You cannot expand more than 4 levels of a property.', 'expand');
    result = await expandAt(ctx, result, path.split('.'), path);
  }
  return stripIncludables(result, new Set(paths));
}
