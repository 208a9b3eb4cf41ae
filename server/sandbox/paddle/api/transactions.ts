import { invoicePath } from '../billing/invoice-pdf';
import type { TransactionEntity } from '../billing/transaction-entity';
import { createTransaction, itemsFrom, priceItems } from '../billing/transactions';
import { sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidField, PaddleError } from '../errors';
import { type Body, customData, oneOf, optionalObject, optionalText } from '../fields';
import { listParam, paginate } from '../pagination';
import type { RouteDef } from '../router';
import { findRow, get, list } from '../store';
import type { AddressEntity, BusinessEntity } from './addresses-and-businesses';
import type { CustomerEntity } from './customers';

// Transactions: create, preview, get, list, and the invoice PDF's link.

const STATUSES = ['draft', 'ready', 'billed', 'paid', 'completed', 'canceled', 'past_due'] as const;

/** A customer, and an address or business of that customer, as a body names them. */
async function owners(ctx: Ctx, body: Body) {
  const customerId = optionalText(body, 'customer_id') ?? null;
  if (customerId) await get<CustomerEntity>(ctx, customerId, 'customer');
  const owned = async <T extends { customer_id: string }>(field: string, type: string) => {
    const id = optionalText(body, field) ?? null;
    if (!id) return null;
    const entity = await get<T>(ctx, id, type);
    if (entity.customer_id !== customerId) throw invalidField(field, 'must belong to customer_id');
    return id;
  };
  return {
    customerId,
    addressId: await owned<AddressEntity>('address_id', 'address'),
    businessId: await owned<BusinessEntity>('business_id', 'business'),
  };
}

function billingPeriod(body: Body) {
  const period = optionalObject(body, 'billing_period');
  if (!period) return null;
  const starts = optionalText(period, 'starts_at');
  const ends = optionalText(period, 'ends_at');
  if (!starts || Number.isNaN(Date.parse(starts)))
    throw invalidField('billing_period.starts_at', 'must be a time');
  if (!ends || Number.isNaN(Date.parse(ends))) throw invalidField('billing_period.ends_at', 'must be a time');
  return { starts_at: starts, ends_at: ends };
}

/** `include=customer,address,business`: the related entities beside the transaction. */
async function withIncludes(ctx: Ctx, transaction: TransactionEntity, query: URLSearchParams) {
  const include = listParam(query, 'include') ?? [];
  const related = async (wanted: string, id: string | null, type: string) =>
    include.includes(wanted) && id ? { [wanted]: (await findRow(ctx, id, type))?.data ?? null } : {};
  return {
    ...transaction,
    ...(await related('customer', transaction.customer_id, 'customer')),
    ...(await related('address', transaction.address_id, 'address')),
    ...(await related('business', transaction.business_id, 'business')),
  };
}

// Ids and ISO times sort by their code units, as Paddle's do; localeCompare would load ICU's collation data.
const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Paddle's `order_by`: a field and a direction, `id[ASC]` by default. */
function ordered(items: TransactionEntity[], orderBy: string | null): TransactionEntity[] {
  if (orderBy === null) return items;
  const match = /^(id|created_at|updated_at|billed_at)\[(ASC|DESC)\]$/.exec(orderBy);
  if (!match)
    throw invalidField('order_by', 'must be id, created_at, updated_at or billed_at, with [ASC] or [DESC]');
  const field = match[1] as 'id' | 'created_at' | 'updated_at' | 'billed_at';
  const sorted = [...items].sort((a, b) => byCodeUnits(String(a[field] ?? ''), String(b[field] ?? '')));
  return match[2] === 'DESC' ? sorted.reverse() : sorted;
}

export const transactionRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/transactions',
    async handler(ctx, { body, query }) {
      const { customerId, addressId, businessId } = await owners(ctx, body);
      const transaction = await createTransaction(ctx, {
        items: await itemsFrom(ctx, body.items),
        customerId,
        addressId,
        businessId,
        customData: customData(body) ?? null,
        origin: 'api',
        collectionMode: oneOf(body, 'collection_mode', ['automatic', 'manual'] as const) ?? 'automatic',
        billingPeriod: billingPeriod(body),
      });
      return { data: await withIncludes(ctx, transaction, query), status: 201 };
    },
  },
  {
    method: 'POST',
    path: '/transactions/preview',
    async handler(ctx, { body }) {
      const { customerId, addressId, businessId } = await owners(ctx, body);
      const items = await itemsFrom(ctx, body.items);
      const address = optionalObject(body, 'address');
      const countryCode = address ? (optionalText(address, 'country_code') ?? null) : undefined;
      const priced = await priceItems(ctx, {
        items,
        addressId,
        businessId,
        ...(address ? { countryCode } : {}),
      });
      return {
        data: {
          customer_id: customerId,
          address_id: addressId,
          business_id: businessId,
          currency_code: priced.currency_code,
          discount_id: null,
          customer_ip_address: null,
          address: address
            ? { country_code: countryCode, postal_code: optionalText(address, 'postal_code') ?? null }
            : null,
          ignore_trials: false,
          items: priced.items.map((item) => ({ ...item, include_in_totals: true })),
          details: {
            tax_rates_used: priced.details.tax_rates_used,
            totals: priced.details.totals,
            line_items: priced.details.line_items.map(({ id: _id, ...line }) => line),
          },
          available_payment_methods: ['card'],
        },
      };
    },
  },
  {
    method: 'GET',
    path: '/transactions',
    async handler(ctx, { query, url }) {
      const ids = listParam(query, 'id');
      const customers = listParam(query, 'customer_id');
      const subscriptions = listParam(query, 'subscription_id');
      const statuses = listParam(query, 'status');
      const origins = listParam(query, 'origin');
      if (statuses?.some((status) => !(STATUSES as readonly string[]).includes(status))) {
        throw invalidField('status', `must be among ${STATUSES.join(', ')}`);
      }
      const all = await list<TransactionEntity>(
        ctx,
        'transaction',
        customers?.length === 1 ? customers[0] : undefined,
      );
      const items = all.filter(
        (transaction) =>
          (!ids || ids.includes(transaction.id)) &&
          (!customers || (transaction.customer_id !== null && customers.includes(transaction.customer_id))) &&
          (!subscriptions ||
            (transaction.subscription_id !== null && subscriptions.includes(transaction.subscription_id))) &&
          (!statuses || statuses.includes(transaction.status)) &&
          (!origins || origins.includes(transaction.origin)),
      );
      const page = paginate(ordered(items, query.get('order_by')), query, url);
      return {
        data: await Promise.all(page.data.map((item) => withIncludes(ctx, item, query))),
        pagination: page.pagination,
      };
    },
  },
  {
    method: 'GET',
    path: '/transactions/:transaction_id',
    async handler(ctx, { params, query }) {
      const transaction = await get<TransactionEntity>(ctx, params.transaction_id as string, 'transaction');
      return { data: await withIncludes(ctx, transaction, query) };
    },
  },
  {
    method: 'GET',
    path: '/transactions/:transaction_id/invoice',
    async handler(ctx, { params }) {
      const transaction = await get<TransactionEntity>(ctx, params.transaction_id as string, 'transaction');
      if (!transaction.invoice_number) {
        throw new PaddleError(
          400,
          'transaction_not_billed',
          'The transaction has no invoice: it has not been billed.',
        );
      }
      const nowS = Math.floor((await sandboxNow(ctx)).getTime() / 1000);
      return {
        data: { url: `${ctx.config.publicUrl()}${invoicePath(ctx.config.apiKey, transaction.id, nowS)}` },
      };
    },
  },
];
