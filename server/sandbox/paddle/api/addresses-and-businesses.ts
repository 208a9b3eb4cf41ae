import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { invalidField, notFound } from '../errors';
import { recordEvent } from '../events';
import { type Body, customData, oneOf, optionalText, requiredText } from '../fields';
import { newId } from '../ids';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';
import { findRow, get, list, put } from '../store';
import type { CustomerEntity } from './customers';

interface Owned {
  id: string;
  customer_id: string;
  status: 'active' | 'archived';
  custom_data: Record<string, unknown> | null;
  created_at: string;
  updated_at: string;
  import_meta: null;
}

/** Paddle's address entity: where tax is worked out from. */
export interface AddressEntity extends Owned {
  description: string | null;
  first_line: string | null;
  second_line: string | null;
  city: string | null;
  postal_code: string | null;
  region: string | null;
  country_code: string;
}

/** Paddle's business entity: a VAT number (tax_identifier) for reverse charge. */
export interface BusinessEntity extends Owned {
  name: string;
  company_number: string | null;
  tax_identifier: string | null;
  contacts: { name: string; email: string }[];
}

const ADDRESS_TEXT = ['description', 'first_line', 'second_line', 'city', 'postal_code', 'region'] as const;
const BUSINESS_TEXT = ['company_number', 'tax_identifier'] as const;

function countryCode(body: Body, required: boolean): string | undefined {
  const value = required ? requiredText(body, 'country_code') : optionalText(body, 'country_code');
  if (value !== undefined && !/^[A-Z]{2}$/.test(value))
    throw invalidField('country_code', 'must be an ISO 3166-1 alpha-2 code');
  return value;
}

/** The customer's own one: another customer's id answers 404, as Paddle does. */
async function owned<T extends Owned>(ctx: Ctx, type: string, customerId: string, id: string): Promise<T> {
  const row = await findRow<T>(ctx, id, type);
  if (!row || row.data.customer_id !== customerId)
    throw notFound(type === 'address' ? 'Address' : 'Business', id);
  return row.data;
}

function texts<K extends string>(
  body: Body,
  fields: readonly K[],
  base: Record<K, string | null>,
): Record<K, string | null> {
  const out = { ...base };
  for (const field of fields) {
    if (body[field] === null) out[field] = null;
    else out[field] = optionalText(body, field) ?? base[field];
  }
  return out;
}

/** Also what the checkout uses to make an address; events are recorded by the caller. */
export async function createAddress(ctx: Ctx, customerId: string, body: Body): Promise<AddressEntity> {
  await get<CustomerEntity>(ctx, customerId, 'customer');
  const now = await sandboxIso(ctx);
  const blank = Object.fromEntries(ADDRESS_TEXT.map((field) => [field, null])) as Record<
    (typeof ADDRESS_TEXT)[number],
    null
  >;
  return put(ctx, 'address', {
    id: newId('address'),
    customer_id: customerId,
    ...texts(body, ADDRESS_TEXT, blank),
    country_code: countryCode(body, true) as string,
    status: 'active',
    custom_data: customData(body) ?? null,
    created_at: now,
    updated_at: now,
    import_meta: null,
  });
}

async function createBusiness(ctx: Ctx, customerId: string, body: Body): Promise<BusinessEntity> {
  await get<CustomerEntity>(ctx, customerId, 'customer');
  const now = await sandboxIso(ctx);
  return put(ctx, 'business', {
    id: newId('business'),
    customer_id: customerId,
    name: requiredText(body, 'name'),
    ...texts(body, BUSINESS_TEXT, { company_number: null, tax_identifier: null }),
    contacts: Array.isArray(body.contacts) ? (body.contacts as BusinessEntity['contacts']) : [],
    status: 'active',
    custom_data: customData(body) ?? null,
    created_at: now,
    updated_at: now,
    import_meta: null,
  });
}

async function update<T extends Owned>(
  ctx: Ctx,
  type: string,
  params: Record<string, string>,
  body: Body,
  fields: readonly string[],
) {
  const current = await owned<T>(ctx, type, params.customer_id as string, params.id as string);
  const data = customData(body);
  const changed = {
    ...current,
    ...texts(body, fields, current as unknown as Record<string, string | null>),
    status: oneOf(body, 'status', ['active', 'archived'] as const) ?? current.status,
    custom_data: data === undefined ? current.custom_data : data,
    updated_at: await sandboxIso(ctx),
  };
  if (type === 'address')
    Object.assign(changed, {
      country_code: countryCode(body, false) ?? (current as unknown as AddressEntity).country_code,
    });
  if (type === 'business')
    Object.assign(changed, {
      name: optionalText(body, 'name') ?? (current as unknown as BusinessEntity).name,
    });
  return put(ctx, type, changed);
}

function ownedRoutes(
  type: 'address' | 'business',
  segment: string,
  create: (ctx: Ctx, customerId: string, body: Body) => Promise<Owned>,
  fields: readonly string[],
): RouteDef[] {
  return [
    {
      method: 'POST',
      path: `/customers/:customer_id/${segment}`,
      async handler(ctx, { params, body }) {
        const made = await create(ctx, params.customer_id as string, body);
        await recordEvent(ctx, `${type}.created`, made);
        return { data: made, status: 201 };
      },
    },
    {
      method: 'GET',
      path: `/customers/:customer_id/${segment}`,
      async handler(ctx, { params, query, url }) {
        await get<CustomerEntity>(ctx, params.customer_id as string, 'customer');
        const ids = listParam(query, 'id');
        const statuses = listParam(query, 'status');
        const items = (await list<Owned>(ctx, type, params.customer_id)).filter(
          (item) => (!ids || ids.includes(item.id)) && (!statuses || statuses.includes(item.status)),
        );
        return paginate(items, query, url);
      },
    },
    {
      method: 'GET',
      path: `/customers/:customer_id/${segment}/:id`,
      async handler(ctx, { params }) {
        return { data: await owned(ctx, type, params.customer_id as string, params.id as string) };
      },
    },
    {
      method: 'PATCH',
      path: `/customers/:customer_id/${segment}/:id`,
      async handler(ctx, { params, body }) {
        const changed = await update(ctx, type, params, body, fields);
        await recordEvent(ctx, `${type}.updated`, changed);
        return { data: changed };
      },
    },
  ];
}

export const addressAndBusinessRoutes: RouteDef[] = [
  ...ownedRoutes('address', 'addresses', createAddress, ADDRESS_TEXT),
  ...ownedRoutes('business', 'businesses', createBusiness, BUSINESS_TEXT),
];
