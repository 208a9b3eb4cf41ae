// Types for the tests that import the browser module checkout-events.js from TypeScript.
import type { CheckoutEventsData } from '@paddle/paddle-js';

export interface PreviewItem {
  priceId: string;
  productName: string;
  description: string;
  quantity: number;
  unitPrice: string;
  billingCycle: { interval: string; frequency: number } | null;
  trialDays: number | null;
}
export interface Preview {
  currencyCode: string;
  items: PreviewItem[];
  totals: { subtotal: string; tax: string; total: string };
  recurringTotals: { subtotal: string; tax: string; total: string } | null;
}
export interface CheckoutState {
  checkoutId: string;
  status: 'draft' | 'ready' | 'completed';
  preview: Preview | null;
  transactionId: string | null;
  customer: {
    id?: string | null;
    email?: string | null;
    address?: { countryCode: string; postalCode: string } | null;
  } | null;
  customData: Record<string, unknown> | null;
  card: { brand: string; last4: string; expiryMonth: number; expiryYear: number } | null;
  settings: { displayMode?: string; theme?: string } | null;
}
export function toUnits(amount: string | number | null | undefined, currency: string): number;
export function checkoutEventData(state: CheckoutState): CheckoutEventsData;
export function checkoutEvent(name: string, state: CheckoutState): { name: string; data: CheckoutEventsData };
export function paymentFailedEvent(
  state: CheckoutState,
  message: string,
): { name: string; data: CheckoutEventsData; type: string; code: string; detail: string };
