import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { invalidField, PaddleError } from '../errors';
import { recordEvent } from '../events';
import { type Body, customData, oneOf, optionalText, requiredText } from '../fields';
import { newId } from '../ids';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';
import { get, list, put } from '../store';

/** Paddle's customer entity, as the API answers it. */
export interface CustomerEntity {
  id: string;
  name: string | null;
  email: string;
  marketing_consent: boolean;
  status: 'active' | 'archived';
  custom_data: Record<string, unknown> | null;
  locale: string;
  created_at: string;
  updated_at: string;
  import_meta: null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function email(body: Body, required: boolean): string | undefined {
  const value = required ? requiredText(body, 'email') : optionalText(body, 'email');
  if (value !== undefined && !EMAIL.test(value)) throw invalidField('email', 'must be a valid email address');
  return value?.toLowerCase();
}

/** Paddle keeps one customer per email, and answers 409 naming the one that has it. */
async function refuseTakenEmail(ctx: Ctx, address: string, self: string | null): Promise<void> {
  const taken = (await list<CustomerEntity>(ctx, 'customer')).find(
    (customer) => customer.email === address && customer.id !== self,
  );
  if (taken)
    throw new PaddleError(
      409,
      'customer_already_exists',
      `customer email conflicts with customer of id ${taken.id}`,
    );
}

/** Also what the checkout uses to make a customer; events are recorded by the caller. */
export async function createCustomer(ctx: Ctx, body: Body): Promise<CustomerEntity> {
  const address = email(body, true) as string;
  await refuseTakenEmail(ctx, address, null);
  const now = await sandboxIso(ctx);
  return put(ctx, 'customer', {
    id: newId('customer'),
    name: optionalText(body, 'name') ?? null,
    email: address,
    marketing_consent: false,
    status: 'active',
    custom_data: customData(body) ?? null,
    locale: optionalText(body, 'locale') ?? 'en',
    created_at: now,
    updated_at: now,
    import_meta: null,
  });
}

async function updateCustomer(ctx: Ctx, id: string, body: Body): Promise<CustomerEntity> {
  const customer = await get<CustomerEntity>(ctx, id, 'customer');
  const address = email(body, false);
  if (address) await refuseTakenEmail(ctx, address, id);
  const data = customData(body);
  return put(ctx, 'customer', {
    ...customer,
    name: body.name === null ? null : (optionalText(body, 'name') ?? customer.name),
    email: address ?? customer.email,
    status: oneOf(body, 'status', ['active', 'archived'] as const) ?? customer.status,
    custom_data: data === undefined ? customer.custom_data : data,
    locale: optionalText(body, 'locale') ?? customer.locale,
    updated_at: await sandboxIso(ctx),
  });
}

export const customerRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/customers',
    async handler(ctx, { body }) {
      const made = await createCustomer(ctx, body);
      await recordEvent(ctx, 'customer.created', made);
      return { data: made, status: 201 };
    },
  },
  {
    method: 'GET',
    path: '/customers',
    async handler(ctx, { query, url }) {
      const ids = listParam(query, 'id');
      const emails = listParam(query, 'email')?.map((value) => value.toLowerCase());
      const statuses = listParam(query, 'status');
      const search = query.get('search')?.toLowerCase();
      const items = (await list<CustomerEntity>(ctx, 'customer')).filter(
        (customer) =>
          (!ids || ids.includes(customer.id)) &&
          (!emails || emails.includes(customer.email)) &&
          (!statuses || statuses.includes(customer.status)) &&
          (!search || `${customer.email} ${customer.name ?? ''}`.toLowerCase().includes(search)),
      );
      return paginate(items, query, url);
    },
  },
  {
    method: 'GET',
    path: '/customers/:customer_id',
    async handler(ctx, { params }) {
      return { data: await get<CustomerEntity>(ctx, params.customer_id as string, 'customer') };
    },
  },
  {
    method: 'PATCH',
    path: '/customers/:customer_id',
    async handler(ctx, { params, body }) {
      const changed = await updateCustomer(ctx, params.customer_id as string, body);
      await recordEvent(ctx, 'customer.updated', changed);
      return { data: changed };
    },
  },
];
