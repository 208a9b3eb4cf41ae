// What the billing page's summary, card and invoice blocks show (spec sections 2 'Team billing', 3 and
// 4), and the result dialog after a checkout or an upgrade. Times are seconds since epoch; the caller
// passes the current time.

import { formatShortDate } from './english-format';
import type { Billing, Card, Invoice, Subscription, TeamPlan } from './entities';
import { isAnnualPlanId } from './price';

/** Spec section 4: "incomplete is treated as none". */
export function liveSubscription(billing: Pick<Billing, 'subscription'>): Subscription | null {
  const { subscription } = billing;
  return subscription && subscription.status !== 'incomplete' ? subscription : null;
}

/** Spec: "Cards and invoices show only when a subscription exists and is not incomplete." */
export function showsCardAndInvoices(billing: Pick<Billing, 'subscription'>): boolean {
  return liveSubscription(billing) !== null;
}

/** 'premium_365' -> 'premium'. */
export function planCodeOfPlanId(planId: string): string {
  const cut = planId.lastIndexOf('_');
  return cut > 0 ? planId.slice(0, cut) : planId;
}

export function intervalName(planId: string): 'annual' | 'monthly' {
  return isAnnualPlanId(planId) ? 'annual' : 'monthly';
}

export function isTrialingSubscription(subscription: Pick<Subscription, 'status'>): boolean {
  return subscription.status === 'trialing';
}

/** Spec section 4: "Cancelled means cancelAt is in the future". */
export function isCancelScheduled(subscription: Pick<Subscription, 'cancelAt'>, nowMs: number): boolean {
  return subscription.cancelAt != null && subscription.cancelAt * 1000 > nowMs;
}

/** The button beside the cancellation date: Renew, or Upgrade while trialing (spec section 4). */
export function cancelledSubscriptionAction(subscription: Pick<Subscription, 'status'>): 'Renew' | 'Upgrade' {
  return isTrialingSubscription(subscription) ? 'Upgrade' : 'Renew';
}

/** 'Jan 15, 2027' (without Intl's ICU data load: english-format.ts). */
export function formatBillingDate(seconds: number): string {
  return formatShortDate(new Date(seconds * 1000));
}

const pad2 = (value: number) => String(value % 100).padStart(2, '0');

/** The card's expiry as the spec writes it, 'MM / YY'. */
export function cardExpiryText(card: Pick<Card, 'expMonth' | 'expYear'>): string {
  return `${pad2(card.expMonth)} / ${pad2(card.expYear)}`;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const BRAND_NAMES: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** The provider's brand code as people write it ('visa' -> 'Visa'). */
export function cardBrandName(brand: string): string {
  return BRAND_NAMES[brand.toLowerCase()] ?? (brand ? capitalized(brand) : 'Card');
}

export const NO_PAYMENT_INFORMATION = 'No payment information';
export const NO_INVOICES = 'No invoices';

export type InvoiceLink = { label: 'Pay'; href: string } | { label: 'Download'; href: string } | null;

/** Spec: a Pay link if open with payUrl, a Download link if not open with pdfUrl. */
export function invoiceLink(invoice: Pick<Invoice, 'status' | 'payUrl' | 'pdfUrl'>): InvoiceLink {
  // Paddle names an unpaid transaction past due, where Stripe's invoice stays open.
  if (invoice.status === 'open' || invoice.status === 'past_due')
    return invoice.payUrl ? { label: 'Pay', href: invoice.payUrl } : null;
  return invoice.pdfUrl ? { label: 'Download', href: invoice.pdfUrl } : null;
}

export function invoiceStatusText(status: string): string {
  return capitalized(status.replaceAll('_', ' '));
}

// The return from the hosted checkout or an upgrade (spec section 2 'Team billing').

export interface CheckoutResult {
  mode: 'checkout' | 'upgrade';
  planId: string;
}

/** The query params removed once the result is read; session_id is the hosted checkout's own. */
export const CHECKOUT_RESULT_PARAMS = ['result', 'mode', 'planId', 'token', 'session_id'] as const;

/** A successful checkout or upgrade named by the address's query, or null. */
export function checkoutResultOf(search: string): CheckoutResult | null {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const planId = query.get('planId');
  if (query.get('result') !== 'success' || !planId) return null;
  return mode === 'checkout' || mode === 'upgrade' ? { mode, planId } : null;
}

/** Whether the query carries any of the result params (then the address is cleaned). */
export function hasCheckoutResultParams(search: string): boolean {
  const query = new URLSearchParams(search);
  return CHECKOUT_RESULT_PARAMS.some((name) => query.has(name));
}

/** The query without the result params: '' or '?other=1'. */
export function withoutCheckoutResultParams(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of CHECKOUT_RESULT_PARAMS) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** 'Your team is now on Spark Pro (annual subscription).' */
export function checkoutResultText(planTitle: string, planId: string): string {
  return `Your team is now on Spark ${planTitle} (${intervalName(planId)} subscription).`;
}

/** The plan the subscription is on, when the team record says otherwise (the registry lags a checkout). */
export function subscribedPlanCode(billing: Pick<Billing, 'subscription'>): TeamPlan {
  const subscription = liveSubscription(billing);
  const code = subscription ? planCodeOfPlanId(subscription.planId) : 'basic';
  return (['basic', 'plus', 'premium', 'pro'] as const).find((plan) => plan === code) ?? 'basic';
}
