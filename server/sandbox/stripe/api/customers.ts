import type Stripe from 'stripe';
import { attachPaymentMethod, resolvePaymentMethod } from '../billing/payment-methods';
import { cancelSubscription } from '../billing/subscription-lifecycle';
import { customerNow, sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { changedAttributes, emit } from '../events';
import type { FormObject } from '../form-body';
import { newId } from '../ids';
import { type ListObject, paginate } from '../lists';
import { metadata, obj, objs, oneOf, reqStr, str } from '../params';
import type { ApiRequest, RouteDef } from '../router';
import { find, get, list, put, remove } from '../store';
import { urlObject } from './retrieve';

/** Customers and their tax ids. */

function addressOf(params: FormObject | undefined): Stripe.Address | null {
  if (!params) return null;
  const field = (key: string) => str(params, key) ?? null;
  return {
    city: field('city'),
    country: field('country'),
    line1: field('line1'),
    line2: field('line2'),
    postal_code: field('postal_code'),
    state: field('state'),
  };
}

// EU VAT: an EU country prefix (EL for Greece, XI for Northern Ireland) and 2..13 letters or digits.
// Stripe checks each country's own pattern; this catches what a person mistypes.
const EU_VAT = /^[A-Z]{2}[0-9A-Z]{2,13}$/;
const EU_VAT_PREFIXES = new Set(
  'AT BE BG CY CZ DE DK EE EL ES FI FR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK XI'.split(' '),
);

export async function createTaxId(ctx: Ctx, customerId: string, params: FormObject): Promise<Stripe.TaxId> {
  const type = reqStr(params, 'type');
  const value = reqStr(params, 'value')
    .replace(/[\s.-]/g, '')
    .toUpperCase();
  if (type === 'eu_vat' && !(EU_VAT.test(value) && EU_VAT_PREFIXES.has(value.slice(0, 2)))) {
    throw invalidRequest(`Invalid value for eu_vat.`, 'value', 'tax_id_invalid');
  }
  const prefix = value.slice(0, 2);
  const taxId: Stripe.TaxId = {
    id: newId('txi'),
    object: 'tax_id',
    country: type === 'eu_vat' ? (prefix === 'EL' ? 'GR' : prefix === 'XI' ? 'GB' : prefix) : null,
    created: await customerNow(ctx, customerId),
    customer: customerId,
    customer_account: null,
    livemode: false,
    owner: {
      account: undefined,
      application: undefined,
      customer: customerId,
      customer_account: null,
      type: 'customer',
    } as Stripe.TaxId.Owner,
    type: type as Stripe.TaxId.Type,
    value,
    verification: { status: 'pending', verified_address: null, verified_name: null },
  };
  await put(ctx, taxId, { customer: customerId });
  await emit(ctx, 'customer.tax_id.created', taxId);
  return taxId;
}

export async function createCustomer(ctx: Ctx, params: FormObject): Promise<Stripe.Customer> {
  const clockId = str(params, 'test_clock') ?? null;
  if (clockId) await get(ctx, clockId, 'test_helpers.test_clock', 'test_clock');
  const id = newId('cus');
  const invoiceSettings = obj(params, 'invoice_settings');
  const customer: Stripe.Customer = {
    id,
    object: 'customer',
    address: addressOf(obj(params, 'address')),
    balance: 0,
    created: clockId
      ? (await get<Stripe.TestHelpers.TestClock>(ctx, clockId, 'test_helpers.test_clock')).frozen_time
      : await sandboxNow(ctx),
    currency: null,
    default_source: null,
    delinquent: false,
    description: str(params, 'description') ?? null,
    discount: null,
    email: str(params, 'email') ?? null,
    invoice_prefix: id.slice(4, 12).toUpperCase(),
    invoice_settings: {
      custom_fields: null,
      default_payment_method: null,
      footer: null,
      rendering_options: null,
    },
    livemode: false,
    metadata: metadata(params),
    name: str(params, 'name') ?? null,
    next_invoice_sequence: 1,
    phone: str(params, 'phone') ?? null,
    preferred_locales: [],
    shipping: null,
    tax_exempt:
      oneOf(str(params, 'tax_exempt'), ['none', 'exempt', 'reverse'] as const, 'tax_exempt') ?? 'none',
    test_clock: clockId,
  };
  await put(ctx, customer);
  const paymentMethod = str(params, 'payment_method');
  let attached: string | null = null;
  if (paymentMethod) {
    const pm = await resolvePaymentMethod(ctx, paymentMethod, 'payment_method');
    attached = (await attachPaymentMethod(ctx, pm.id, id)).id;
  }
  const defaultPm = invoiceSettings ? str(invoiceSettings, 'default_payment_method') : undefined;
  // Stripe's testing docs pass the same test id twice: the default is the card just attached.
  if (defaultPm)
    await setDefaultPaymentMethod(
      ctx,
      customer,
      defaultPm === paymentMethod && attached ? attached : defaultPm,
    );
  for (const taxIdData of objs(params, 'tax_id_data') ?? []) await createTaxId(ctx, id, taxIdData);
  await put(ctx, customer);
  await emit(ctx, 'customer.created', customer);
  return customer;
}

async function setDefaultPaymentMethod(ctx: Ctx, customer: Stripe.Customer, pmId: string): Promise<void> {
  const pm = await find<Stripe.PaymentMethod>(ctx, pmId, 'payment_method');
  if (!pm)
    throw invalidRequest(
      `No such PaymentMethod: '${pmId}'`,
      'invoice_settings[default_payment_method]',
      'resource_missing',
    );
  if (pm.customer !== customer.id) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${pmId}. The payment method must be attached to the customer.`,
      'invoice_settings[default_payment_method]',
    );
  }
  customer.invoice_settings.default_payment_method = pmId;
}

async function updateCustomer(ctx: Ctx, id: string, params: FormObject): Promise<Stripe.Customer> {
  const before = await get<Stripe.Customer>(ctx, id, 'customer');
  const customer: Stripe.Customer = structuredClone(before);
  if (params.name !== undefined) customer.name = str(params, 'name') || null;
  if (params.email !== undefined) customer.email = str(params, 'email') || null;
  if (params.phone !== undefined) customer.phone = str(params, 'phone') || null;
  if (params.description !== undefined) customer.description = str(params, 'description') || null;
  if (params.address !== undefined)
    customer.address = params.address === '' ? null : addressOf(obj(params, 'address'));
  if (params.tax_exempt !== undefined) {
    customer.tax_exempt =
      oneOf(str(params, 'tax_exempt'), ['none', 'exempt', 'reverse'] as const, 'tax_exempt') ?? 'none';
  }
  customer.metadata = metadata(params, customer.metadata);
  const invoiceSettings = obj(params, 'invoice_settings');
  if (invoiceSettings && invoiceSettings.default_payment_method !== undefined) {
    const pmId = str(invoiceSettings, 'default_payment_method');
    if (pmId) await setDefaultPaymentMethod(ctx, customer, pmId);
    else customer.invoice_settings.default_payment_method = null;
  }
  await put(ctx, customer);
  const changed = changedAttributes(before, customer);
  if (Object.keys(changed).length > 0) await emit(ctx, 'customer.updated', customer, changed);
  return customer;
}

const CUSTOMER_PARAMS = [
  'name',
  'email',
  'phone',
  'description',
  'address',
  'metadata',
  'invoice_settings',
  'payment_method',
  'tax_exempt',
  'tax_id_data',
  'test_clock',
  'preferred_locales',
  'shipping',
];

/** The tax id in the path, if it belongs to the customer in the path: another's answers as missing. */
async function taxIdOfCustomer(ctx: Ctx, path: Record<string, string>): Promise<Stripe.TaxId> {
  const taxId = await get<Stripe.TaxId>(ctx, path.taxId ?? '', 'tax_id');
  if (taxId.customer !== path.id)
    throw invalidRequest(`No such tax id: '${path.taxId}'`, 'id', 'resource_missing');
  return taxId;
}

/** GET /v1/customers/:id/<collection>: the customer's objects of one type, paginated. */
async function listOfCustomer<T extends { id: string }>(
  ctx: Ctx,
  { path, params }: ApiRequest,
  type: string,
  collection: string,
): Promise<ListObject<T>> {
  const customer = await urlObject<Stripe.Customer>(ctx, path, 'customer');
  const objects = await list<T>(ctx, type, customer.id);
  return paginate(objects, params, `/v1/customers/${customer.id}/${collection}`);
}

export const customerRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/customers',
    auth: 'secret',
    accepts: CUSTOMER_PARAMS,
    handler: (ctx, { params }) => createCustomer(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/customers/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const id = path.id ?? '';
      const deleted = await find(ctx, id, 'deleted_customer');
      if (deleted) return { id, object: 'customer', deleted: true };
      return get(ctx, id, 'customer');
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id',
    auth: 'secret',
    accepts: CUSTOMER_PARAMS.filter((p) => p !== 'test_clock'),
    handler: (ctx, { path, params }) => updateCustomer(ctx, path.id ?? '', params),
  },
  {
    method: 'DELETE',
    path: '/v1/customers/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const customer = await urlObject<Stripe.Customer>(ctx, path, 'customer');
      // Stripe ends a deleted customer's subscriptions at once.
      for (const sub of await list<Stripe.Subscription>(ctx, 'subscription', customer.id)) {
        if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired')
          await cancelSubscription(ctx, sub.id);
      }
      await remove(ctx, customer.id);
      await put(ctx, { id: customer.id, object: 'deleted_customer' });
      await emit(ctx, 'customer.deleted', customer);
      return { id: customer.id, object: 'customer', deleted: true };
    },
  },
  {
    method: 'GET',
    path: '/v1/customers',
    auth: 'secret',
    async handler(ctx, { params }) {
      const email = str(params, 'email');
      const clock = str(params, 'test_clock');
      const customers = (await list<Stripe.Customer>(ctx, 'customer')).filter(
        (c) => (!email || c.email === email) && (!clock || c.test_clock === clock),
      );
      return paginate(customers, params, '/v1/customers');
    },
  },
  {
    method: 'POST',
    path: '/v1/customers/:id/tax_ids',
    auth: 'secret',
    accepts: ['type', 'value'],
    async handler(ctx, { path, params }) {
      const customer = await urlObject<Stripe.Customer>(ctx, path, 'customer');
      if (!params.type) throw missingParam('type');
      return createTaxId(ctx, customer.id, params);
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/tax_ids',
    auth: 'secret',
    handler: (ctx, request) => listOfCustomer<Stripe.TaxId>(ctx, request, 'tax_id', 'tax_ids'),
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/tax_ids/:taxId',
    auth: 'secret',
    handler: (ctx, { path }) => taxIdOfCustomer(ctx, path),
  },
  {
    method: 'DELETE',
    path: '/v1/customers/:id/tax_ids/:taxId',
    auth: 'secret',
    async handler(ctx, { path }) {
      const taxId = await taxIdOfCustomer(ctx, path);
      await remove(ctx, taxId.id);
      await emit(ctx, 'customer.tax_id.deleted', taxId);
      return { id: taxId.id, object: 'tax_id', deleted: true };
    },
  },
  {
    method: 'GET',
    path: '/v1/customers/:id/payment_methods',
    auth: 'secret',
    handler: (ctx, request) =>
      listOfCustomer<Stripe.PaymentMethod>(ctx, request, 'payment_method', 'payment_methods'),
  },
];
