import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import {
  amountText,
  type Body,
  customData,
  oneOf,
  optionalObject,
  optionalText,
  positiveInt,
  requiredText,
} from '../fields';
import { newId } from '../ids';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';
import { get, list, put } from '../store';
import type { ProductEntity } from './products';

const INTERVALS = ['day', 'week', 'month', 'year'] as const;

export interface Cycle {
  interval: (typeof INTERVALS)[number];
  frequency: number;
}

/** Paddle's price entity, as the API answers it (with `product` only when `include=product`). */
export interface PriceEntity {
  id: string;
  product_id: string;
  name: string | null;
  description: string;
  type: 'standard' | 'custom';
  billing_cycle: Cycle | null;
  trial_period: Cycle | null;
  tax_mode: 'account_setting' | 'external' | 'internal';
  unit_price: { amount: string; currency_code: string };
  unit_price_overrides: { country_codes: string[]; unit_price: { amount: string; currency_code: string } }[];
  quantity: { minimum: number; maximum: number };
  status: 'active' | 'archived';
  custom_data: Record<string, unknown> | null;
  import_meta: null;
  created_at: string;
  updated_at: string;
}

function cycle(body: Body, field: string): Cycle | null | undefined {
  const value = optionalObject(body, field);
  if (!value) return value;
  const interval = oneOf(value, 'interval', INTERVALS);
  if (!interval) throw invalidField(`${field}.interval`, 'is required');
  return { interval, frequency: positiveInt(value.frequency, `${field}.frequency`) };
}

function unitPrice(body: Body): PriceEntity['unit_price'] | undefined {
  const value = optionalObject(body, 'unit_price');
  if (!value) return undefined;
  const currency = requiredText(value, 'currency_code');
  if (!/^[A-Z]{3}$/.test(currency))
    throw invalidField('unit_price.currency_code', 'must be an ISO 4217 code');
  return { amount: amountText(value.amount, 'unit_price.amount'), currency_code: currency };
}

function quantity(body: Body): PriceEntity['quantity'] | undefined {
  const value = optionalObject(body, 'quantity');
  if (!value) return undefined;
  const minimum = positiveInt(value.minimum ?? 1, 'quantity.minimum');
  const maximum = positiveInt(value.maximum ?? 100, 'quantity.maximum');
  if (maximum < minimum) throw invalidField('quantity.maximum', 'must be at least quantity.minimum');
  return { minimum, maximum };
}

async function createPrice(ctx: Ctx, body: Body): Promise<PriceEntity> {
  const product = await get<ProductEntity>(ctx, requiredText(body, 'product_id'), 'product');
  const price = unitPrice(body);
  if (!price) throw invalidField('unit_price', 'is required');
  const now = await sandboxIso(ctx);
  return put(ctx, 'price', {
    id: newId('price'),
    product_id: product.id,
    name: optionalText(body, 'name') ?? null,
    description: requiredText(body, 'description'),
    type: body.type === 'custom' ? 'custom' : 'standard',
    billing_cycle: cycle(body, 'billing_cycle') ?? null,
    trial_period: cycle(body, 'trial_period') ?? null,
    tax_mode:
      oneOf(body, 'tax_mode', ['account_setting', 'external', 'internal'] as const) ?? 'account_setting',
    unit_price: price,
    unit_price_overrides: [],
    quantity: quantity(body) ?? { minimum: 1, maximum: 100 },
    status: 'active',
    custom_data: customData(body) ?? null,
    import_meta: null,
    created_at: now,
    updated_at: now,
  });
}

async function updatePrice(ctx: Ctx, id: string, body: Body): Promise<PriceEntity> {
  const price = await get<PriceEntity>(ctx, id, 'price');
  const data = customData(body);
  const billingCycle = cycle(body, 'billing_cycle');
  const trial = cycle(body, 'trial_period');
  return put(ctx, 'price', {
    ...price,
    name: body.name === null ? null : (optionalText(body, 'name') ?? price.name),
    description: optionalText(body, 'description') ?? price.description,
    billing_cycle: billingCycle === undefined ? price.billing_cycle : billingCycle,
    trial_period: trial === undefined ? price.trial_period : trial,
    unit_price: unitPrice(body) ?? price.unit_price,
    quantity: quantity(body) ?? price.quantity,
    status: oneOf(body, 'status', ['active', 'archived'] as const) ?? price.status,
    custom_data: data === undefined ? price.custom_data : data,
    updated_at: await sandboxIso(ctx),
  });
}

/** `include=product` puts the product beside each price, as Paddle does. */
async function withIncludes(ctx: Ctx, price: PriceEntity, query: URLSearchParams) {
  if (!listParam(query, 'include')?.includes('product')) return price;
  return { ...price, product: await get<ProductEntity>(ctx, price.product_id, 'product') };
}

export const priceRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/prices',
    async handler(ctx, { body }) {
      return { data: await createPrice(ctx, body), status: 201 };
    },
  },
  {
    method: 'GET',
    path: '/prices',
    async handler(ctx, { query, url }) {
      const ids = listParam(query, 'id');
      const products = listParam(query, 'product_id');
      const statuses = listParam(query, 'status');
      const recurring = query.get('recurring');
      const items = (await list<PriceEntity>(ctx, 'price')).filter(
        (price) =>
          (!ids || ids.includes(price.id)) &&
          (!products || products.includes(price.product_id)) &&
          (!statuses || statuses.includes(price.status)) &&
          (recurring === null || (recurring === 'true') === (price.billing_cycle !== null)),
      );
      const page = paginate(items, query, url);
      const data = await Promise.all(page.data.map((price) => withIncludes(ctx, price, query)));
      return { data, pagination: page.pagination };
    },
  },
  {
    method: 'GET',
    path: '/prices/:price_id',
    async handler(ctx, { params, query }) {
      const price = await get<PriceEntity>(ctx, params.price_id as string, 'price');
      return { data: await withIncludes(ctx, price, query) };
    },
  },
  {
    method: 'PATCH',
    path: '/prices/:price_id',
    async handler(ctx, { params, body }) {
      return { data: await updatePrice(ctx, params.price_id as string, body) };
    },
  },
];
