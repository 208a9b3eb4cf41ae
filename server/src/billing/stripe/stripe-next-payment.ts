import type { ProrationLine } from '@domain/entities';
import type Stripe from 'stripe';
import type { NextPayment } from '../provider';

type Line = Stripe.InvoiceLineItem;

const isProration = (line: Line): boolean =>
  line.parent?.subscription_item_details?.proration === true ||
  line.parent?.invoice_item_details?.proration === true;

/** What the line adds to the amount due: its amount less its discounts plus tax charged on top. */
function chargedAmount(line: Line): number {
  const discounts = (line.discount_amounts ?? []).reduce((sum, discount) => sum + discount.amount, 0);
  const tax = (line.taxes ?? [])
    .filter((entry) => entry.tax_behavior === 'exclusive')
    .reduce((sum, entry) => sum + entry.amount, 0);
  return line.amount - discounts + tax;
}

/**
 * The upcoming invoice's proration lines, one entry per change: a seat change prorates as a credit
 * for the unused time at the old quantity and a charge for the remaining time at the new one, both
 * starting at the moment of the change. Summed per moment, they are what that change adds to the
 * next payment ('$76.70 for 1 seat added'); `seats` is the quantity's change.
 */
export function prorationsOf(lines: readonly Line[]): ProrationLine[] {
  const byMoment = new Map<number, ProrationLine>();
  for (const line of lines) {
    if (!isProration(line)) continue;
    const at = line.period.start;
    const entry = byMoment.get(at) ?? { at, amount: 0, seats: 0 };
    entry.amount += chargedAmount(line);
    // The credit line carries the old quantity, the charge line the new one.
    entry.seats += (line.amount < 0 ? -1 : 1) * (line.quantity ?? 0);
    byMoment.set(at, entry);
  }
  return [...byMoment.values()].filter((entry) => entry.amount !== 0).sort((a, b) => a.at - b.at);
}

/** The amount due, the tax charged on top within it, and its proration lines, from the upcoming invoice's preview. */
export function nextPaymentOf(preview: Stripe.Invoice): NextPayment {
  const tax = (preview.total_taxes ?? [])
    .filter((entry) => entry.tax_behavior === 'exclusive')
    .reduce((sum, entry) => sum + entry.amount, 0);
  return { amount: preview.amount_due, tax, prorations: prorationsOf(preview.lines.data) };
}
