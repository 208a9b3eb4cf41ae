// Personal plan rules of the console (spec section 2 'Personal pages'). Pure.
import { formatBillingDate } from './billing-summary';
import type { BillingProduct, PersonalBilling } from './entities';
import { annualDiscountPercent } from './price';

/** The coupon a price id carries after '--' ('personal_premium_365--WELCOME10' -> 'WELCOME10'), or null. */
export function couponOfPriceId(priceId: string): string | null {
  const at = priceId.indexOf('--');
  const coupon = at < 0 ? '' : priceId.slice(at + 2);
  return coupon === '' ? null : coupon;
}

/** 'month' -> 'per month', 'year' -> 'per year'. */
export const perInterval = (interval: string): string => `per ${interval}`;

export const PERSONAL_RESULT_TEXTS = {
  checkoutSuccess: 'Checkout completed successfully. Thanks for your purchase.',
  setupSuccess: 'Billing details updated successfully.',
  checkoutFailure: 'Failed to complete the checkout.',
  setupFailure: 'Failed to update billing details.',
  invalidMode: 'Invalid mode value.',
  invalidResult: 'Invalid result value.',
} as const;

/**
 * The result page's text for its query (spec section 2): result success|failure and mode
 * checkout|setup. An unknown result is named first, so a page with both wrong says the result is.
 */
export function personalResultText(
  result: string | null,
  mode: string | null,
): { text: string; ok: boolean } {
  if (result !== 'success' && result !== 'failure')
    return { text: PERSONAL_RESULT_TEXTS.invalidResult, ok: false };
  if (mode !== 'checkout' && mode !== 'setup') return { text: PERSONAL_RESULT_TEXTS.invalidMode, ok: false };
  const ok = result === 'success';
  const key = `${mode}${ok ? 'Success' : 'Failure'}` as const;
  return { text: PERSONAL_RESULT_TEXTS[key], ok };
}

/** The profile's plan words: 'premium' -> 'Premium'. */
export const planLabel = (plan: string): string =>
  plan ? plan.charAt(0).toUpperCase() + plan.slice(1) : plan;

const STORE_LABELS: Record<string, string> = { apple: 'App Store', google: 'Google Play', stripe: 'Web' };
const PERIOD_LABELS: Record<string, string> = { month: 'Monthly', year: 'Yearly', trial: 'Trial' };

/** Where a premium plan was bought: 'apple' -> 'App Store'; unknown stores as sent. */
export const storeLabel = (store: string): string => STORE_LABELS[store] ?? store;

/** How a premium plan is billed: 'year' -> 'Yearly'; unknown period types as sent. */
export const periodTypeLabel = (periodType: string): string => PERIOD_LABELS[periodType] ?? periodType;

const INTERVAL_TITLES: Record<string, string> = { month: 'Monthly', year: 'Yearly' };

/**
 * A price's card title: the product, how often it is billed, what a year saves against paying monthly
 * and the coupon its id carries ('Spark Premium Yearly, save 38%, with WELCOME10'), so every price of
 * one product, the same price with and without a coupon included, differs at a glance. The saving is
 * the spec's annual discount (section 9, rounded up); none without a monthly price.
 */
export function priceTitle(
  productName: string,
  price: Pick<BillingProduct['prices'][number], 'interval' | 'amount' | 'priceId'>,
  monthlyAmount: number | null,
): string {
  const parts = [`${productName} ${INTERVAL_TITLES[price.interval] ?? price.interval}`];
  const saving =
    price.interval === 'year' && monthlyAmount ? annualDiscountPercent(monthlyAmount, price.amount) : 0;
  if (saving > 0) parts.push(`save ${saving}%`);
  const coupon = couponOfPriceId(price.priceId);
  if (coupon) parts.push(`with ${coupon}`);
  return parts.join(', ');
}

/** The product's monthly price in cents, which a yearly price's saving is measured against. */
export const monthlyAmountOf = (product: BillingProduct): number | null =>
  product.prices.find((price) => price.interval === 'month')?.amount ?? null;

/** A coupon's badge: '10% off'; null when the percentage is unknown. */
export const couponOffText = (percentOff: number | null | undefined): string | null =>
  percentOff && percentOff > 0 ? `${percentOff}% off` : null;

/**
 * What the products page says the person already has: 'Premium trial until Dec 5, 2026',
 * 'You have Premium (Yearly, App Store)', or null on the free plan.
 */
export function currentPlanText(billing: PersonalBilling): string | null {
  if (billing.plan === 'free') return null;
  if (billing.periodType === 'trial' && billing.trialEndAt) {
    return `${planLabel(billing.plan)} trial until ${formatBillingDate(billing.trialEndAt)}`;
  }
  const details = [
    billing.periodType ? periodTypeLabel(billing.periodType) : null,
    billing.store ? storeLabel(billing.store) : null,
  ].filter(Boolean);
  return `You have ${planLabel(billing.plan)}${details.length > 0 ? ` (${details.join(', ')})` : ''}`;
}

/** Said beside a trial: buying is allowed and what it does to the trial. */
export const BUY_DURING_TRIAL_NOTE = 'Buying a plan now ends the trial and starts the paid plan today.';
