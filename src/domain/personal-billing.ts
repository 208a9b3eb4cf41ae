// Personal plan rules of the console (spec section 2 'Personal pages'). Pure.

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
