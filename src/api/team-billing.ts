// Team billing (spec section 7): the card provider's calls under /api/v1 and /api/v2, and the second
// provider's settings (its other calls are in team-billing-paddle.ts).

import type { ApiClient } from '@/api/client';
import type { Billing, Card, Customer, Invoice, PaymentProvider, Preview, Product } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { formatTeamUserRef } from '@/domain/team-user-ref';

const v1 = (ref: TeamUserRef, path = '') => `/api/v1/collab/${formatTeamUserRef(ref)}/billing${path}`;
const v2 = (ref: TeamUserRef, path: string) => `/api/v2/collab/${formatTeamUserRef(ref)}/billing${path}`;

export interface PlanChoice {
  planId: string;
  coupon?: string | null;
}

const withSignal = (signal: AbortSignal | undefined) => (signal ? { signal } : {});

export const getBilling = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<Billing>(v1(ref), withSignal(signal));

export const getBillingUsage = (api: ApiClient, ref: TeamUserRef) =>
  api.get<Billing['usage']>(v1(ref, '/usage'));

export const getPlans = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<Product[]>(v1(ref, '/plans'), withSignal(signal));

export const getInvoices = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<Invoice[]>(v1(ref, '/invoices'), withSignal(signal));

/** The invoice as an HTML page, for the browser to open. */
export const invoiceHtmlUrl = (api: ApiClient, ref: TeamUserRef, invoiceId: string) =>
  api.url(v1(ref, `/invoices/${encodeURIComponent(invoiceId)}.html`));

/** What the card provider's browser library needs to start. */
export const getStripeToken = (api: ApiClient, ref: TeamUserRef) =>
  api.get<{ token: string }>(v1(ref, '/stripe-token'));

export const previewPlan = (api: ApiClient, ref: TeamUserRef, choice: PlanChoice) =>
  api.post<Preview>(v1(ref, '/preview'), { json: choice });

export const updateCustomer = (api: ApiClient, ref: TeamUserRef, customer: Customer) =>
  api.put<Customer>(v1(ref, '/customer'), { json: customer });

export const updateCard = (api: ApiClient, ref: TeamUserRef, paymentMethodId: string) =>
  api.put<Card>(v1(ref, '/card'), { json: { paymentMethodId } });

export const requestFreeUpgrade = (api: ApiClient, ref: TeamUserRef, planId: string) =>
  api.post<void>(v1(ref, '/request-free'), { json: { planId } });

export const changePlan = (api: ApiClient, ref: TeamUserRef, choice: PlanChoice) =>
  api.put<Billing>(v2(ref, '/plan'), { json: choice });

/** A hosted checkout session for a team without a subscription; the browser goes to its URL. */
export const createCheckout = (api: ApiClient, ref: TeamUserRef, planId: string) =>
  api.post<{ url: string }>(v2(ref, '/checkout'), { json: { planId, redirectParams: { planId } } });

export const createSetupIntent = (api: ApiClient, ref: TeamUserRef) =>
  api.post<{ clientSecret: string }>(v2(ref, '/setup-intent'));

/** The payment-provider switch's data (docs/api.md); the rest of the answer is Paddle.js's. */
export interface PaymentProviderSettings {
  currentProvider: PaymentProvider | null;
  allowedProviders: PaymentProvider[];
}

/** What Paddle.js needs to start, with the provider switch's data. */
export interface PaddleSettings extends PaymentProviderSettings {
  enabled: boolean;
  environment: 'sandbox' | 'production';
  clientToken: string | null;
  /** The sandbox's Paddle.js stand-in to load first; null with real Paddle (its CDN). */
  scriptUrl: string | null;
}

const paddle = (ref: TeamUserRef, path: string) =>
  `/api/v1/collab/${formatTeamUserRef(ref)}/billing-paddle${path}`;

/** The provider switch's data and Paddle.js's settings, which every billing page reads. */
export const getPaddleSettings = (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  api.get<PaddleSettings>(paddle(ref, '/settings'), withSignal(signal));
