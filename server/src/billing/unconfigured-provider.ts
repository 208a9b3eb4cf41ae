import { ErrorCode } from '@domain/error-codes';
import { AppError } from '../errors';
import type { BillingProvider } from './provider';

/**
 * No payment provider: no STRIPE_* keys, and the Stripe sandbox may not run here (a PUBLIC_URL that
 * is not loopback, without STRIPE_SANDBOX=on). The provider-unavailable code (1910, 503) with a
 * message saying it will not come back by retrying; everything that needs no provider still works.
 */
export class BillingNotConfiguredError extends AppError {
  constructor() {
    super(503, ErrorCode.paymentProviderUnavailable, 'Payments are not configured on this server', {
      reason: 'not_configured',
    });
  }
}

// Every method of the interface, so a method added there without one here fails to compile.
const METHODS: Record<Exclude<keyof BillingProvider, 'name'>, true> = {
  publishableKey: true,
  syncCatalogue: true,
  ensureTaxRate: true,
  createCustomer: true,
  getCustomer: true,
  updateCustomer: true,
  createSetupIntent: true,
  setDefaultCard: true,
  listSubscriptions: true,
  getSubscription: true,
  nextPayment: true,
  findPromotionCode: true,
  preview: true,
  changePlan: true,
  setCancelAtPeriodEnd: true,
  setQuantity: true,
  cancelNow: true,
  refundLatestInvoice: true,
  setTaxRates: true,
  createCheckout: true,
  expireCheckout: true,
  getCheckout: true,
  listInvoices: true,
  getInvoice: true,
  syncPersonalCatalogue: true,
  createPersonCustomer: true,
  createPersonalCheckout: true,
  createSetupCheckout: true,
  createPortalSession: true,
  startTrialSubscription: true,
  verifyWebhook: true,
};

const unconfigured = new WeakSet<BillingProvider>();

/** A provider whose every call answers BillingNotConfiguredError. */
export function createUnconfiguredProvider(): BillingProvider {
  const refuse = () => {
    throw new BillingNotConfiguredError();
  };
  const provider = Object.fromEntries(Object.keys(METHODS).map((method) => [method, refuse]));
  const made = { ...provider, name: 'stripe' } as unknown as BillingProvider;
  unconfigured.add(made);
  return made;
}

/** Whether payments can run at all: false for the provider above, whose every call refuses. */
export const isBillingConfigured = (provider: BillingProvider) => !unconfigured.has(provider);
