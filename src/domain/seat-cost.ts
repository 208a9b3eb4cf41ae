// What one more seat costs a paid team, as the invite form says it before sending. Pure.
import { formatPrice } from './price';

/** What one more seat costs a paid team: the seat-cost route's answer (server/src/billing/seat-costs.ts). */
export interface SeatCost {
  /** Cents per seat per interval, the plan's price. */
  perSeat: number;
  interval: 'month' | 'year';
  /** Cents prorated for one more seat over the rest of the period, invoiced with the next payment. */
  prorated: number;
  currency: string;
  /** Seconds since epoch: the end of the period, when the prorated amount is invoiced. */
  periodEnd: number | null;
}

/**
 * 'Each new member adds a seat: $79.99 a year, $52.10 of it for the rest of this period on the
 * next invoice.' Without a prorated amount (the period just began or ends now) only the price.
 */
export function seatCostText(cost: SeatCost): string {
  const price = `${formatPrice(cost.perSeat, cost.currency)} a ${cost.interval}`;
  const prorated =
    cost.prorated > 0
      ? `, ${formatPrice(cost.prorated, cost.currency)} of it for the rest of this period on the next invoice`
      : '';
  return `Each new member adds a seat: ${price}${prorated}.`;
}
