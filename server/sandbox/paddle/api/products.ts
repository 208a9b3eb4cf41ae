import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import { newId } from '../ids';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';
import { get, list, put } from '../store';

/** Paddle's product entity, as the API answers it. */
export interface ProductEntity {
  id: string;
  name: string;
  description: string | null;
  type: 'standard' | 'custom';
  tax_category: string;
  image_url: string | null;
  custom_data: Record<string, unknown> | null;
  status: 'active' | 'archived';
  import_meta: null;
  created_at: string;
  updated_at: string;
}

function text(body: Record<string, unknown>, field: string, required: boolean): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) {
    if (required) throw invalidField(field, 'is required');
    return undefined;
  }
  if (typeof value !== 'string' || value.length === 0)
    throw invalidField(field, 'must be a non-empty string');
  return value;
}

export function customData(body: Record<string, unknown>): Record<string, unknown> | null | undefined {
  const value = body.custom_data;
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidField('custom_data', 'must be an object');
  return value as Record<string, unknown>;
}

async function createProduct(ctx: Ctx, body: Record<string, unknown>): Promise<ProductEntity> {
  const now = await sandboxIso(ctx);
  return put(ctx, 'product', {
    id: newId('product'),
    name: text(body, 'name', true) as string,
    description: text(body, 'description', false) ?? null,
    type: body.type === 'custom' ? 'custom' : 'standard',
    tax_category: text(body, 'tax_category', true) as string,
    image_url: text(body, 'image_url', false) ?? null,
    custom_data: customData(body) ?? null,
    status: 'active',
    import_meta: null,
    created_at: now,
    updated_at: now,
  });
}

export const productRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/products',
    async handler(ctx, { body }) {
      return { data: await createProduct(ctx, body), status: 201 };
    },
  },
  {
    method: 'GET',
    path: '/products',
    async handler(ctx, { query, url }) {
      const ids = listParam(query, 'id');
      const statuses = listParam(query, 'status');
      const items = (await list<ProductEntity>(ctx, 'product')).filter(
        (product) => (!ids || ids.includes(product.id)) && (!statuses || statuses.includes(product.status)),
      );
      return paginate(items, query, url);
    },
  },
  {
    method: 'GET',
    path: '/products/:product_id',
    async handler(ctx, { params }) {
      return { data: await get<ProductEntity>(ctx, params.product_id as string, 'product') };
    },
  },
  {
    method: 'PATCH',
    path: '/products/:product_id',
    async handler(ctx, { params, body }) {
      const product = await get<ProductEntity>(ctx, params.product_id as string, 'product');
      const data = customData(body);
      const updated: ProductEntity = {
        ...product,
        name: text(body, 'name', false) ?? product.name,
        description:
          body.description === null ? null : (text(body, 'description', false) ?? product.description),
        tax_category: text(body, 'tax_category', false) ?? product.tax_category,
        custom_data: data === undefined ? product.custom_data : data,
        status: body.status === 'archived' || body.status === 'active' ? body.status : product.status,
        updated_at: await sandboxIso(ctx),
      };
      return { data: await put(ctx, 'product', updated) };
    },
  },
];
