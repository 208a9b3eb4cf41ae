import type { AddressEntity, BusinessEntity } from '../api/addresses-and-businesses';
import type { PriceEntity } from '../api/prices';
import type { ProductEntity } from '../api/products';
import { sandboxIso } from '../clock';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import { recordEvent } from '../events';
import { newId, randomToken } from '../ids';
import { findRow, get, getState, put, setState } from '../store';
import { taxOn, taxRateFor } from './tax';
import type {
  CardDetails,
  LineItem,
  PaymentAttempt,
  Proration,
  TransactionEntity,
  TransactionOrigin,
  TransactionStatus,
} from './transaction-entity';

/** One item of a transaction to be: a price, its quantity, and for a part period its proration. */
export interface ItemInput {
  price: PriceEntity;
  quantity: number;
  proration?: Proration | null;
  /** The first transaction of a trial: the item is listed, nothing is charged for it. */
  trial?: boolean;
}

export interface NewTransaction {
  items: ItemInput[];
  customerId: string | null;
  addressId: string | null;
  businessId?: string | null;
  customData?: Record<string, unknown> | null;
  origin: TransactionOrigin;
  subscriptionId?: string | null;
  collectionMode?: 'automatic' | 'manual';
  billingPeriod?: { starts_at: string; ends_at: string } | null;
}

/** `items: [{price_id, quantity}]` of a request body, each price checked as Paddle checks it. */
export async function itemsFrom(ctx: Ctx, value: unknown, field = 'items'): Promise<ItemInput[]> {
  if (!Array.isArray(value) || value.length === 0) throw invalidField(field, 'must be a non-empty list');
  const items: ItemInput[] = [];
  for (const [index, item] of value.entries()) {
    const entry = item as { price_id?: unknown; quantity?: unknown };
    if (typeof entry?.price_id !== 'string') throw invalidField(`${field}[${index}].price_id`, 'is required');
    const price = await get<PriceEntity>(ctx, entry.price_id, 'price');
    if (price.status !== 'active')
      throw invalidField(`${field}[${index}].price_id`, 'must be an active price');
    const quantity = entry.quantity ?? 1;
    if (
      typeof quantity !== 'number' ||
      !Number.isInteger(quantity) ||
      quantity < price.quantity.minimum ||
      quantity > price.quantity.maximum
    ) {
      throw invalidField(
        `${field}[${index}].quantity`,
        `must be between ${price.quantity.minimum} and ${price.quantity.maximum}`,
      );
    }
    items.push({ price, quantity });
  }
  const currencies = new Set(items.map((item) => item.price.unit_price.currency_code));
  if (currencies.size > 1) throw invalidField(field, 'prices must share one currency');
  return items;
}

const text = (amount: number) => String(amount);
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** The tax rate for the customer's address and business: VAT-registered businesses pay none. */
async function taxRateOf(ctx: Ctx, addressId: string | null, businessId: string | null): Promise<string> {
  const address = addressId ? (await findRow<AddressEntity>(ctx, addressId, 'address'))?.data : null;
  const business = businessId ? (await findRow<BusinessEntity>(ctx, businessId, 'business'))?.data : null;
  return taxRateFor(address?.country_code ?? null, Boolean(business?.tax_identifier));
}

/**
 * Items, line items and totals, as Paddle prices a transaction (tax per line, half up), for the
 * customer's address, or for a country a checkout was given before there is an address.
 */
export async function priceItems(
  ctx: Ctx,
  input: Pick<NewTransaction, 'items' | 'addressId' | 'businessId'> & { countryCode?: string | null },
) {
  const taxRate =
    input.countryCode !== undefined
      ? taxRateFor(input.countryCode)
      : await taxRateOf(ctx, input.addressId, input.businessId ?? null);
  const lines: LineItem[] = [];
  for (const item of input.items) {
    const unit = Number(item.price.unit_price.amount);
    const rate = item.trial ? 0 : item.proration ? Number(item.proration.rate) : 1;
    const subtotal = Math.round(unit * item.quantity * rate);
    const tax = taxOn(subtotal, taxRate);
    const unitTax = taxOn(unit, taxRate);
    lines.push({
      id: `txnitm_${randomToken(26)}`,
      price_id: item.price.id,
      quantity: item.quantity,
      proration: item.proration ?? null,
      tax_rate: taxRate,
      unit_totals: { subtotal: text(unit), discount: '0', tax: text(unitTax), total: text(unit + unitTax) },
      totals: { subtotal: text(subtotal), discount: '0', tax: text(tax), total: text(subtotal + tax) },
      product: await get<ProductEntity>(ctx, item.price.product_id, 'product'),
    });
  }
  const subtotal = sum(lines.map((line) => Number(line.totals.subtotal)));
  const tax = sum(lines.map((line) => Number(line.totals.tax)));
  const currency = input.items[0]?.price.unit_price.currency_code ?? 'USD';
  const totals = { subtotal: text(subtotal), discount: '0', tax: text(tax), total: text(subtotal + tax) };
  return {
    currency_code: currency,
    items: input.items.map((item) => ({
      price_id: item.price.id,
      price: item.price,
      quantity: item.quantity,
      proration: item.proration ?? null,
    })),
    details: {
      tax_rates_used: [{ tax_rate: taxRate, totals }],
      totals: {
        ...totals,
        credit: '0',
        credit_to_balance: '0',
        balance: text(subtotal + tax),
        grand_total: text(subtotal + tax),
        grand_total_tax: text(tax),
        // Paddle's fee as merchant of record: 5% and 50 cents, what its sandbox reports.
        fee: text(subtotal + tax === 0 ? 0 : Math.round((subtotal + tax) * 0.05) + 50),
        earnings: text(subtotal + tax === 0 ? 0 : subtotal - Math.round((subtotal + tax) * 0.05) - 50),
        currency_code: currency,
      },
      adjusted_totals: null,
      payout_totals: null,
      adjusted_payout_totals: null,
      line_items: lines,
    },
  };
}

/** The sandbox's default payment link: a page that opens the checkout for the `_ptxn` it is given. */
export const PAY_LINK_PATH = '/sandbox/paddle/pay';

/**
 * Where a buyer pays a transaction, as Paddle's `checkout.url`: the seller's default payment link
 * (else the sandbox's own page) with `?_ptxn=<id>`, where Paddle.js opens the checkout for it.
 */
export function checkoutUrlOf(ctx: Ctx, transactionId: string): string {
  const link = new URL(ctx.config.defaultPaymentLink() ?? `${ctx.config.publicUrl()}${PAY_LINK_PATH}`);
  link.searchParams.set('_ptxn', transactionId);
  return link.href;
}

/** Makes a transaction (ready to pay, or draft without a customer) and records it. */
export async function createTransaction(ctx: Ctx, input: NewTransaction): Promise<TransactionEntity> {
  const now = await sandboxIso(ctx);
  const id = newId('transaction');
  const status: TransactionStatus = input.customerId && input.addressId ? 'ready' : 'draft';
  const transaction = await put<TransactionEntity>(ctx, 'transaction', {
    id,
    status,
    customer_id: input.customerId,
    address_id: input.addressId,
    business_id: input.businessId ?? null,
    custom_data: input.customData ?? null,
    origin: input.origin,
    subscription_id: input.subscriptionId ?? null,
    invoice_id: null,
    invoice_number: null,
    collection_mode: input.collectionMode ?? 'automatic',
    discount_id: null,
    billing_details: null,
    billing_period: input.billingPeriod ?? null,
    ...(await priceItems(ctx, input)),
    payments: [],
    checkout: { url: checkoutUrlOf(ctx, id) },
    created_at: now,
    updated_at: now,
    billed_at: null,
    revised_at: null,
  });
  await recordEvent(ctx, 'transaction.created', transaction);
  if (status === 'ready') await recordEvent(ctx, 'transaction.ready', transaction);
  return transaction;
}

/** Paddle's invoice numbers: the year and a running number, given when a transaction is billed. */
export async function nextInvoiceNumber(ctx: Ctx, now: string): Promise<string> {
  const next = (await getState<number>(ctx, 'invoice_number', 10_000)) + 1;
  await setState(ctx, 'invoice_number', next);
  return `${now.slice(0, 4)}-${next}`;
}

function paymentAttempt(
  amount: string,
  card: CardDetails,
  methodId: string,
  at: string,
  outcome: { status: PaymentAttempt['status']; errorCode: string | null },
): PaymentAttempt {
  return {
    payment_attempt_id: crypto.randomUUID(),
    stored_payment_method_id: crypto.randomUUID(),
    payment_method_id: methodId,
    amount,
    status: outcome.status,
    error_code: outcome.errorCode,
    method_details: {
      type: 'card',
      card,
      paypal: null,
      south_korea_local_card: null,
      underlying_details: null,
    },
    created_at: at,
    captured_at: outcome.status === 'captured' ? at : null,
  };
}

/** The card paid: the transaction is billed, paid and completed, with its invoice number. */
export async function completeTransaction(
  ctx: Ctx,
  transaction: TransactionEntity,
  card: CardDetails,
  methodId: string,
  changes: Partial<Pick<TransactionEntity, 'subscription_id' | 'customer_id' | 'address_id'>> = {},
): Promise<TransactionEntity> {
  const now = await sandboxIso(ctx);
  const captured = paymentAttempt(transaction.details.totals.grand_total, card, methodId, now, {
    status: 'captured',
    errorCode: null,
  });
  const paid = await put<TransactionEntity>(ctx, 'transaction', {
    ...transaction,
    ...changes,
    status: 'paid',
    invoice_id: transaction.invoice_id ?? `inv_${randomToken(26)}`,
    invoice_number: transaction.invoice_number ?? (await nextInvoiceNumber(ctx, now)),
    payments: [captured, ...transaction.payments],
    billed_at: transaction.billed_at ?? now,
    updated_at: now,
  });
  await recordEvent(ctx, 'transaction.paid', paid);
  const completed = await put<TransactionEntity>(ctx, 'transaction', { ...paid, status: 'completed' });
  await recordEvent(ctx, 'transaction.completed', completed);
  return completed;
}

/** The card was declined: the attempt is kept on the transaction, which stays unpaid. */
export async function failTransactionPayment(
  ctx: Ctx,
  transaction: TransactionEntity,
  card: CardDetails,
  methodId: string,
  errorCode: string,
): Promise<TransactionEntity> {
  const now = await sandboxIso(ctx);
  const failed = paymentAttempt(transaction.details.totals.grand_total, card, methodId, now, {
    status: 'error',
    errorCode,
  });
  const updated = await put<TransactionEntity>(ctx, 'transaction', {
    ...transaction,
    payments: [failed, ...transaction.payments],
    updated_at: now,
  });
  await recordEvent(ctx, 'transaction.payment_failed', updated);
  return updated;
}
