// What the billing page says under the next payment about the prorations it includes: a seat added
// mid-period is charged for the rest of the period on the next invoice, and
// without a word the next payment looks wrong ('$396.66' where 4 seats cost $319.96).

import { formatBillingDate } from './billing-summary';
import type { ProrationLine } from './entities';
import { formatPrice } from './price';

const seatsText = (count: number) => (count === 1 ? '1 seat' : `${count} seats`);

/**
 * 'Includes $76.70 for 1 seat added on Nov 25, 2026'; a credit for seats removed, 'Includes a credit
 * of $20.00 for 1 seat removed on ...'; any other change, 'Includes $5.00 for a change on ...'.
 */
export function prorationNoteText(line: ProrationLine, currency = 'USD'): string {
  const date = formatBillingDate(line.at);
  const price = formatPrice(Math.abs(line.amount), currency);
  if (line.amount > 0 && line.seats > 0)
    return `Includes ${price} for ${seatsText(line.seats)} added on ${date}`;
  if (line.amount < 0 && line.seats < 0) {
    return `Includes a credit of ${price} for ${seatsText(-line.seats)} removed on ${date}`;
  }
  return line.amount > 0
    ? `Includes ${price} for a change on ${date}`
    : `Includes a credit of ${price} for a change on ${date}`;
}

/**
 * 'Includes $46.44 tax (24%)': the tax the next payment adds on top of the price, which otherwise
 * makes it look 24% too dear beside the plan table's prices.
 */
export function taxNoteText(tax: { amount: number; percent: number }, currency = 'USD'): string {
  return `Includes ${formatPrice(tax.amount, currency)} tax (${tax.percent}%)`;
}
