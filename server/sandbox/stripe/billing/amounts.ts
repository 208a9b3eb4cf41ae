import type Stripe from 'stripe';

/**
 * Invoice arithmetic shared by real invoices and previews, so a preview always equals what the
 * following call charges: per line, discount first, then tax on what remains.
 */
export interface DraftLine {
  description: string;
  amount: number;
  quantity: number;
  price: Stripe.Price;
  period: { start: number; end: number };
  proration: boolean;
  subscriptionItem: string | null;
  /** The invoice item a proration came from (Stripe bills prorations as invoice items). */
  invoiceItem: string | null;
}

export interface LineTotals {
  discountAmounts: { amount: number; discount: string }[];
  taxes: { amount: number; rate: Stripe.TaxRate; taxable: number }[];
}

export interface Totals {
  lines: LineTotals[];
  subtotal: number;
  discountTotal: number;
  discountAmounts: { amount: number; discount: string }[];
  taxes: { amount: number; rate: Stripe.TaxRate; taxable: number }[];
  exclusiveTax: number;
  total: number;
}

export interface AppliedDiscount {
  discount: Stripe.Discount;
  coupon: Stripe.Coupon;
}

/**
 * What one coupon takes off each line. As on Stripe, only positive lines are discounted, so a
 * proration credit keeps its full amount; and a coupon never takes more than the invoice's subtotal,
 * so on an invoice that is a credit overall (a change to a cheaper plan) it takes nothing.
 */
function discountShares(
  lines: DraftLine[],
  coupon: Stripe.Coupon,
  subtotal: number,
): { i: number; amount: number }[] {
  const positives = lines.map((line, i) => ({ line, i })).filter(({ line }) => line.amount > 0);
  const positive = positives.reduce((sum, { line }) => sum + line.amount, 0);
  const cap = Math.max(0, subtotal);
  if (positive === 0) return [];
  if (coupon.percent_off !== null) {
    const shares = positives.map(({ line, i }) => ({
      i,
      amount: Math.round((line.amount * (coupon.percent_off ?? 0)) / 100),
    }));
    if (shares.reduce((sum, s) => sum + s.amount, 0) <= cap) return shares;
    return spread(positives, positive, cap);
  }
  if (coupon.amount_off !== null) return spread(positives, positive, Math.min(coupon.amount_off, cap));
  return [];
}

/** `off` spread over the positive lines in proportion to their amounts, to the cent. */
function spread(
  positives: { line: DraftLine; i: number }[],
  positive: number,
  off: number,
): { i: number; amount: number }[] {
  let left = off;
  return positives.map(({ line, i }, k) => {
    const share = k === positives.length - 1 ? left : Math.round((off * line.amount) / positive);
    left -= share;
    return { i, amount: share };
  });
}

export function computeTotals(
  lines: DraftLine[],
  discounts: AppliedDiscount[],
  taxRates: Stripe.TaxRate[],
  /** A customer who is tax exempt or reverse-charged pays no tax: the rates show, at zero. */
  exempt = false,
): Totals {
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const perLine: LineTotals[] = lines.map(() => ({ discountAmounts: [], taxes: [] }));
  for (const { discount, coupon } of discounts) {
    for (const { i, amount } of discountShares(lines, coupon, subtotal)) {
      perLine[i]?.discountAmounts.push({ amount, discount: discount.id });
    }
  }
  lines.forEach((line, i) => {
    const entry = perLine[i] as LineTotals;
    const discounted = line.amount - entry.discountAmounts.reduce((s, d) => s + d.amount, 0);
    for (const rate of taxRates) {
      const amount = exempt
        ? 0
        : rate.inclusive
          ? discounted - Math.round(discounted / (1 + rate.percentage / 100))
          : Math.round((discounted * rate.percentage) / 100);
      entry.taxes.push({ amount, rate, taxable: rate.inclusive ? discounted - amount : discounted });
    }
  });
  const discountAmounts = discounts.map(({ discount }) => ({
    discount: discount.id,
    amount: perLine.reduce(
      (sum, l) =>
        sum + l.discountAmounts.filter((d) => d.discount === discount.id).reduce((s, d) => s + d.amount, 0),
      0,
    ),
  }));
  const discountTotal = discountAmounts.reduce((s, d) => s + d.amount, 0);
  const taxes = taxRates.map((rate) => {
    const entries = perLine.flatMap((l) => l.taxes.filter((t) => t.rate.id === rate.id));
    return {
      rate,
      amount: entries.reduce((s, t) => s + t.amount, 0),
      taxable: entries.reduce((s, t) => s + t.taxable, 0),
    };
  });
  const exclusiveTax = taxes.filter((t) => !t.rate.inclusive).reduce((s, t) => s + t.amount, 0);
  return {
    lines: perLine,
    subtotal,
    discountTotal,
    discountAmounts,
    taxes,
    exclusiveTax,
    total: subtotal - discountTotal + exclusiveTax,
  };
}

export function formatMoney(amount: number, currency: string): string {
  const symbol = currency === 'usd' ? '$' : currency === 'eur' ? '€' : currency === 'gbp' ? '£' : '';
  const value = (Math.abs(amount) / 100).toFixed(2);
  return `${amount < 0 ? '-' : ''}${symbol || `${currency.toUpperCase()} `}${value}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** Stripe's date in line descriptions: '07 Aug 2026'. */
export function formatDate(seconds: number): string {
  const d = new Date(seconds * 1000);
  return `${String(d.getUTCDate()).padStart(2, '0')} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

function quantityPrefix(quantity: number): string {
  return quantity === 1 ? '' : `${quantity} × `;
}

/** '3 × Team (at $10.00 / month)', as Stripe describes a subscription line. */
export function periodDescription(quantity: number, productName: string, price: Stripe.Price): string {
  const interval = price.recurring?.interval ?? 'month';
  const every =
    (price.recurring?.interval_count ?? 1) > 1
      ? `every ${price.recurring?.interval_count} ${interval}s`
      : interval;
  return `${quantity} × ${productName} (at ${formatMoney(price.unit_amount ?? 0, price.currency)} / ${every})`;
}

export function trialDescription(productName: string): string {
  return `Trial period for ${productName}`;
}

export function unusedTimeDescription(quantity: number, productName: string, after: number): string {
  return `Unused time on ${quantityPrefix(quantity)}${productName} after ${formatDate(after)}`;
}

export function remainingTimeDescription(quantity: number, productName: string, after: number): string {
  return `Remaining time on ${quantityPrefix(quantity)}${productName} after ${formatDate(after)}`;
}

/** The part of a period left after `from`, in seconds, as Stripe prorates (to the second). */
export function prorate(amount: number, from: number, period: { start: number; end: number }): number {
  const length = period.end - period.start;
  if (length <= 0) return 0;
  const left = Math.max(0, Math.min(length, period.end - from));
  return Math.round((amount * left) / length);
}
