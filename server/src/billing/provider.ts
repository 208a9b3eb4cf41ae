import type { Card, Customer, Invoice, Preview, ProrationLine } from '@domain/entities';
import type { CataloguePrice, CatalogueProduct } from '../db/repositories/billing.repository';
import type { PersonalPrice } from '../db/repositories/personal-billing.repository';

/** A team's subscription as the provider holds it, in the terms the product needs. */
export interface ProviderSubscription {
  id: string;
  customerId: string;
  /** The provider's status: trialing, active, past_due, incomplete, incomplete_expired, canceled, unpaid… */
  status: string;
  /** Our plan id ('pro_365'): the price's lookup key. */
  planId: string | null;
  itemId: string;
  quantity: number;
  /** Seconds since epoch, as everywhere in the API. */
  trialEndAt: number | null;
  /** When the subscription ends: its cancel_at, or its period end when cancelling at period end. */
  cancelAt: number | null;
  currentPeriodEnd: number | null;
  created: number;
  /** A change waiting for its payment (pending update). */
  hasPendingUpdate: boolean;
  /** The open invoice's payment while it waits for the customer (3-D Secure); null otherwise. */
  pendingPaymentIntentSecret: string | null;
  /** The latest invoice, when it is open (unpaid). */
  openInvoiceId: string | null;
  taxRateIds: string[];
  /** The percentage of the tax charged on top of the price (the sum of its tax rates); 0 for none. */
  taxPercent: number;
  promotionCodeId: string | null;
}

/** The upcoming invoice: cents due, the tax charged on top within them, and its proration lines (one per change). */
export interface NextPayment {
  amount: number;
  tax: number;
  prorations: ProrationLine[];
}

export interface PreviewRequest {
  customerId: string | null;
  subscription: ProviderSubscription | null;
  priceId: string;
  quantity: number;
  promotionCodeId: string | null;
  taxRateIds: string[];
  /** Country of a customer not created yet, so tax can still be shown. */
  country: string | null;
}

export interface PlanChangeRequest {
  subscription: ProviderSubscription;
  priceId: string;
  quantity: number;
  promotionCodeId: string | null;
}

export type QuantityProration = 'create_prorations' | 'always_invoice' | 'none';

/**
 * What became of a plan change that charges at once. `codeSpent`: the promotion code asked for took
 * something off the change's invoice; one that took nothing (a change that comes to a credit) is taken
 * off the subscription again, so it is not spent.
 */
export type PlanChangeOutcome =
  | { outcome: 'applied'; codeSpent: boolean }
  | { outcome: 'needs_authentication'; clientSecret: string; codeSpent: boolean }
  | { outcome: 'declined'; message: string; code: string | null; declineCode: string | null };

export interface CheckoutRequest {
  teamId: number;
  customerId: string;
  priceId: string;
  quantity: number;
  trialDays: number | null;
  taxRateIds: string[];
  successUrl: string;
  cancelUrl: string;
}

export interface InvoiceDetail extends Invoice {
  customerId: string | null;
  customerName: string | null;
  lines: { description: string; amount: number; quantity: number | null }[];
  subtotal: number;
  tax: number;
  discount: number;
  total: number;
  periodStart: number | null;
  periodEnd: number | null;
}

/** A person's own subscription bought through the hosted checkout (personal billing). */
export interface PersonalCheckoutRequest {
  accountId: number;
  customerId: string;
  /** The provider price's lookup key: our price id without its coupon suffix. */
  priceId: string;
  /** Our price id as sold, coupon suffix included: kept on the session to reuse it for the same price. */
  catalogueId: string;
  /** The promotion code the price id's suffix names, already looked up; null: none. */
  promotionCodeId: string | null;
  successUrl: string;
  cancelUrl: string;
}

/** A verified webhook event, reduced to what names the team it concerns. */
export interface ProviderEvent {
  id: string;
  type: string;
  customerId: string | null;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  teamId: number | null;
}

/**
 * The payment provider as team billing uses it. Every call that changes something takes an
 * idempotency key, so a retried request or a double click never charges or subscribes twice.
 * Card problems throw PaymentFailedError (the provider's message), an unreachable provider
 * ProviderUnavailableError.
 */
export interface BillingProvider {
  readonly name: 'stripe';
  /** What the browser's card library starts with. */
  publishableKey(): string;
  /** Makes sure every catalogue price exists at the provider (matched by lookup key). */
  syncCatalogue(products: CatalogueProduct[], prices: CataloguePrice[]): Promise<void>;
  /** The provider's id of a tax rate, created on first use. */
  ensureTaxRate(rate: { country: string; percent: number; displayName: string }): Promise<string>;

  createCustomer(
    input: { teamId: number; name: string; email: string },
    idempotencyKey: string,
  ): Promise<string>;
  getCustomer(
    customerId: string,
  ): Promise<{ customer: Customer | null; card: Card | null; email: string | null }>;
  /** Name, address and VAT id; a VAT id the provider refuses is a field error on vatId. */
  updateCustomer(customerId: string, customer: Customer): Promise<void>;
  createSetupIntent(customerId: string, idempotencyKey: string): Promise<string>;
  /** Makes the payment method the customer's (and the subscription's) card; pays an open invoice. */
  setDefaultCard(
    customerId: string,
    paymentMethodId: string,
    subscription: ProviderSubscription | null,
  ): Promise<Card>;

  listSubscriptions(customerId: string): Promise<ProviderSubscription[]>;
  getSubscription(subscriptionId: string): Promise<ProviderSubscription | null>;
  /** What the next invoice will charge (tax and discounts included), and the prorations within it. */
  nextPayment(subscription: ProviderSubscription): Promise<NextPayment | null>;
  /** The active promotion code with this customer-facing code, or null. */
  findPromotionCode(code: string): Promise<string | null>;
  preview(request: PreviewRequest): Promise<Preview>;
  changePlan(request: PlanChangeRequest, idempotencyKey: string): Promise<PlanChangeOutcome>;
  setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean, idempotencyKey: string): Promise<void>;
  /**
   * The seat count. `proration`: 'create_prorations' (the default) bills the change on the next
   * invoice, 'always_invoice' charges it now, 'none' changes nothing already paid.
   */
  setQuantity(
    subscription: ProviderSubscription,
    quantity: number,
    idempotencyKey: string,
    proration?: QuantityProration,
  ): Promise<void>;
  /** Ends the subscription now, without a refund (the team is gone). */
  cancelNow(subscriptionId: string, idempotencyKey: string): Promise<void>;
  /**
   * Gives back `share` (0 to 1) of what the subscription's latest paid invoice took from the card;
   * answers the cents refunded (0 when it took nothing).
   */
  refundLatestInvoice(subscriptionId: string, share: number, idempotencyKey: string): Promise<number>;
  setTaxRates(subscriptionId: string, taxRateIds: string[]): Promise<void>;

  createCheckout(request: CheckoutRequest, idempotencyKey: string): Promise<{ id: string; url: string }>;
  /** Closes a checkout that is still open, so it can no longer be paid. */
  expireCheckout(id: string): Promise<void>;
  getCheckout(id: string): Promise<{
    status: string;
    customerId: string | null;
    subscriptionId: string | null;
    url: string | null;
    /** What it was made for (its metadata): reused for the same plan and seats. */
    planId: string | null;
    quantity: number | null;
  } | null>;

  listInvoices(customerId: string): Promise<Invoice[]>;
  getInvoice(invoiceId: string): Promise<InvoiceDetail | null>;

  // Personal billing: a person's own plan, on the same provider.
  /** Makes sure every personal price (by lookup key) and the promotion codes of their suffixes exist. */
  syncPersonalCatalogue(prices: PersonalPrice[]): Promise<void>;
  /** A customer for a person (metadata accountId, never teamId). */
  createPersonCustomer(
    input: { accountId: number; name: string; email: string },
    idempotencyKey: string,
  ): Promise<string>;
  /** A hosted checkout (subscription mode) for one personal price. */
  createPersonalCheckout(
    request: PersonalCheckoutRequest,
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }>;
  /** A hosted checkout in setup mode: the card is saved as the customer's default, nothing charged. */
  createSetupCheckout(
    request: { accountId: number; customerId: string; successUrl: string; cancelUrl: string },
    idempotencyKey: string,
  ): Promise<{ id: string; url: string }>;
  /** The provider's hosted customer portal (card, cancellation, invoices) for one customer. */
  createPortalSession(request: { customerId: string; returnUrl: string }): Promise<{ url: string }>;
  /** A subscription trialing for `trialDays` with no card; it is cancelled when the trial ends without one. */
  startTrialSubscription(
    request: { accountId: number; customerId: string; priceId: string; trialDays: number },
    idempotencyKey: string,
  ): Promise<ProviderSubscription>;

  /** Checks the signature; throws WebhookSignatureError when it does not hold. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): ProviderEvent;
}
