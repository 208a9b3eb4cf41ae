// A plan change whose preview comes to less than nothing (annual to monthly, a dearer plan for a
// cheaper one): the provider keeps the difference as the customer's credit balance and takes it off
// the next invoices, as Stripe's own portal says. Without a word the preview reads 'Subtotal
// −$203.97 … Total $0.00' and the money seems lost.

import type { Preview } from './entities';
import { formatPrice } from './price';

/** What the change leaves as credit, in cents: the negative total, after discount and tax; 0 when none. */
export function previewCredit(preview: Pick<Preview, 'subtotal' | 'discount' | 'tax'>): number {
  const total = preview.subtotal - preview.discount + preview.tax;
  return total < 0 ? -total : 0;
}

/** 'The $203.97 left over goes to your account balance and comes off your next invoices.'; null without a credit. */
export function previewCreditText(preview: Preview): string | null {
  const credit = previewCredit(preview);
  if (credit === 0) return null;
  return `The ${formatPrice(credit, preview.currency)} left over goes to your account balance and comes off your next invoices.`;
}
