// Price display rules of the billing page (spec section 9). Amounts are integer cents.

import { formatUsdCents } from './english-format';

const formatters = new Map<string, Intl.NumberFormat>();

/** Building an Intl.NumberFormat is costly and the plan table formats many prices, so reuse them. */
function currencyFormatter(currency: string): Intl.NumberFormat {
  const key = currency.toUpperCase();
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency: key });
    formatters.set(key, formatter);
  }
  return formatter;
}

/**
 * '$12.34' for 1234 cents. The console is English-only, hence a fixed en-US locale. US dollars are
 * written without Intl (english-format.ts: the same text, without loading ICU's data).
 */
export function formatPrice(cents: number, currency = 'USD'): string {
  return (
    (currency.toUpperCase() === 'USD' ? formatUsdCents(cents) : null) ??
    currencyFormatter(currency).format(cents / 100)
  );
}

/**
 * The annual discount badge: how much cheaper a month is on the annual plan, rounded up (spec: "the
 * rounded-up percentage of the monthly price versus annual/12"). 0 when there is no saving.
 *
 * Computed as 100 * (12 * monthly - annual) / (12 * monthly) rather than (1 - annual / 12 / monthly) * 100:
 * with integer cents the numerator and denominator are exact, so an exact 20 % stays 20 instead of
 * becoming 20.000000000000004 and rounding up to 21. The small epsilon covers non-integer input.
 */
export function annualDiscountPercent(monthlyCents: number, annualCents: number): number {
  if (!Number.isFinite(monthlyCents) || !Number.isFinite(annualCents) || monthlyCents <= 0) return 0;
  const yearAtMonthly = 12 * monthlyCents;
  if (annualCents >= yearAtMonthly) return 0;
  const percent = (100 * (yearAtMonthly - annualCents)) / yearAtMonthly;
  return Math.min(100, Math.ceil(percent - 1e-9));
}

/** The annual price shown per month, in whole cents (the table shows per-month prices for both toggles). */
export function annualPricePerMonth(annualCents: number): number {
  return Math.round(annualCents / 12);
}

/** Plan ids end with an underscore and a duration in days ('premium_365'); null if the id has none. */
export function planIdDurationDays(planId: string): number | null {
  const suffix = planId.slice(planId.lastIndexOf('_') + 1);
  if (!planId.includes('_') || !/^[1-9][0-9]*$/u.test(suffix)) return null;
  const days = Number(suffix);
  return Number.isSafeInteger(days) ? days : null;
}

export const ANNUAL_PLAN_DAYS = 365;

/** Whether a plan id is billed yearly (duration 365). */
export function isAnnualPlanId(planId: string): boolean {
  return planIdDurationDays(planId) === ANNUAL_PLAN_DAYS;
}
