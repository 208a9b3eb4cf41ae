import type { Period } from './subscription-entity';
import type { ItemInput } from './transactions';

// How Paddle prorates a change mid-period: the part of the period left, to the second, credits what
// the old items were paid for that part and charges what the new items cost for it.

/** The part of `period` still to come at `now`, as Paddle writes a proration rate ('0.483871'). */
export function remainingRate(period: Period, now: Date): string {
  const start = Date.parse(period.starts_at);
  const end = Date.parse(period.ends_at);
  const left = Math.min(Math.max(end - now.getTime(), 0), end - start);
  return (end > start ? left / (end - start) : 0).toFixed(6);
}

/** What `items` cost for a whole period, before tax. */
export function periodAmount(items: ItemInput[]): number {
  return items.reduce((sum, item) => sum + Number(item.price.unit_price.amount) * item.quantity, 0);
}
