import type { TransactionEntity } from '../billing/transaction-entity';
import { type ItemInput, itemsFrom } from '../billing/transactions';
import type { Ctx } from '../context';
import { invalidField, PaddleError } from '../errors';
import { type Body, optionalObject } from '../fields';
import { get } from '../store';

// What the overlay checkout sends (camelCase, as Paddle.js's own API takes it), read into the
// sandbox's terms with Paddle's 400 naming the field.

/** The overlay's `items: [{priceId, quantity}]`, as the API's `items: [{price_id, quantity}]`. */
export async function checkoutItems(ctx: Ctx, body: Body): Promise<ItemInput[]> {
  if (!Array.isArray(body.items)) throw invalidField('items', 'must be a non-empty list');
  const items = body.items.map((item: { priceId?: unknown; quantity?: unknown }) => ({
    price_id: item?.priceId,
    quantity: item?.quantity,
  }));
  return itemsFrom(ctx, items);
}

const PAYABLE: ReadonlySet<string> = new Set(['ready', 'billed', 'past_due']);

/** Paid, canceled or not ready: the buyer reads why, and nothing is charged. */
export function notPayable(transaction: TransactionEntity): PaddleError {
  const why =
    transaction.status === 'paid' || transaction.status === 'completed'
      ? 'is already paid'
      : transaction.status === 'canceled'
        ? 'was canceled'
        : 'is not ready to be paid';
  const detail = `Transaction ${transaction.id} ${why}: there is nothing to pay.`;
  return new PaddleError(400, 'transaction_not_payable', detail, [
    { field: 'transactionId', message: `is ${transaction.status}` },
  ]);
}

/** Whether the checkout may take money for it: it is waiting for its money (ready, billed or past due). */
export const isPayable = (transaction: TransactionEntity): boolean => PAYABLE.has(transaction.status);

/**
 * A transaction the checkout may pay. A checkout opened for a customer pays only that customer's
 * transactions, as Paddle's checkout keeps a transaction's customer.
 */
export async function payableTransaction(ctx: Ctx, body: Body): Promise<TransactionEntity> {
  if (typeof body.transactionId !== 'string') throw invalidField('transactionId', 'is required');
  const transaction = await get<TransactionEntity>(ctx, body.transactionId, 'transaction');
  const customerId = (body.customer as { id?: unknown } | undefined)?.id;
  if (customerId !== undefined && customerId !== transaction.customer_id) {
    throw new PaddleError(
      400,
      'transaction_customer_mismatch',
      'This transaction is another customer\u2019s.',
      [{ field: 'customer.id', message: 'is not the transaction\u2019s customer' }],
    );
  }
  if (!isPayable(transaction)) throw notPayable(transaction);
  return transaction;
}

export interface CheckoutAddress {
  countryCode: string;
  postalCode: string;
}

/** The buyer's country and postcode: what Paddle's checkout asks for tax. */
export function checkoutAddress(body: Body, required: boolean): CheckoutAddress | null {
  const address = optionalObject(body, 'address');
  if (!address) {
    if (required) throw invalidField('address', 'is required');
    return null;
  }
  const countryCode = typeof address.countryCode === 'string' ? address.countryCode.toUpperCase() : '';
  if (!/^[A-Z]{2}$/.test(countryCode)) throw invalidField('address.countryCode', 'must be an ISO 3166 code');
  const postalCode = typeof address.postalCode === 'string' ? address.postalCode.trim() : '';
  if (postalCode.length > 20 || (required && postalCode === '')) {
    throw invalidField('address.postalCode', 'is required, at most 20 characters');
  }
  return { countryCode, postalCode };
}

/** `customData`: an object, or nothing. */
export function checkoutCustomData(body: Body): Record<string, unknown> | null {
  const value = body.customData;
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidField('customData', 'must be an object');
  return value as Record<string, unknown>;
}
