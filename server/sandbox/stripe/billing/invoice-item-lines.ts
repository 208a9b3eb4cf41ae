import type Stripe from 'stripe';
import type { Ctx } from '../context';
import { listRows } from '../store';
import type { DraftLine } from './amounts';

/**
 * A customer's invoice items as draft lines, oldest first: the prorations waiting for a
 * subscription's next invoice, or the items of a one-off draft.
 */
export async function invoiceItemLines(
  ctx: Ctx,
  customer: string,
  wanted: (item: Stripe.InvoiceItem) => boolean,
): Promise<DraftLine[]> {
  const rows = await listRows<Stripe.InvoiceItem>(ctx, 'invoiceitem', customer);
  return rows
    .filter((row) => wanted(row.data))
    .reverse()
    .map((row) => ({
      description: row.data.description ?? '',
      amount: row.data.amount,
      quantity: row.data.quantity,
      price: row.internal.price as Stripe.Price,
      period: row.data.period,
      proration: row.data.proration,
      // null for a one-off item (no parent); buildInvoice reads it only on lines without an invoice item.
      subscriptionItem: row.data.parent?.subscription_details?.subscription_item ?? null,
      invoiceItem: row.data.id,
    }));
}
