// The billing catalogue and demo billing as the server answers them (server migration 003 and the
// demo seed), for tests of the plan table and the billing page.

import type { Billing, Invoice, PlanPrice, Product, TeamPlan } from '@/domain/entities';

function prices(code: TeamPlan, monthly: number, annual: number): PlanPrice[] {
  return [
    { id: `${code}_30`, interval: 'month', amount: monthly, currency: 'USD' },
    { id: `${code}_365`, interval: 'year', amount: annual, currency: 'USD' },
  ];
}

export const basicProduct: Product = {
  code: 'basic',
  title: 'Basic',
  plans: prices('basic', 0, 0),
  storageLim: 5,
  storageLimPerUser: 0,
  draftsLim: 5,
  templatesLim: 0,
  canUseSharedInboxes: false,
  canUseLinkAuth: false,
  delegationsLim: 1,
  canUseRoles: false,
  support: 'Help center',
  showFreeUpgrade: false,
  freeUpgradeText: null,
  successText: null,
};

export const plusProduct: Product = {
  code: 'plus',
  title: 'Plus',
  plans: prices('plus', 500, 4800),
  storageLim: 0,
  storageLimPerUser: 25,
  draftsLim: 0,
  templatesLim: 20,
  canUseSharedInboxes: true,
  canUseLinkAuth: true,
  delegationsLim: 5,
  canUseRoles: true,
  support: 'Email support',
  showFreeUpgrade: false,
  freeUpgradeText: null,
  successText: 'Shared inboxes, templates and link sharing are on for everyone in your team.',
};

export const premiumProduct: Product = {
  code: 'premium',
  title: 'Premium',
  plans: prices('premium', 800, 7999),
  storageLim: 0,
  storageLimPerUser: 100,
  draftsLim: 0,
  templatesLim: 0,
  canUseSharedInboxes: true,
  canUseLinkAuth: true,
  delegationsLim: 0,
  canUseRoles: true,
  support: 'Priority support',
  showFreeUpgrade: false,
  freeUpgradeText: null,
  successText: 'Every Premium feature is on for everyone in your team.',
};

export const proProduct: Product = {
  code: 'pro',
  title: 'Pro',
  plans: prices('pro', 1200, 11500),
  storageLim: 0,
  storageLimPerUser: 0,
  draftsLim: 0,
  templatesLim: 0,
  canUseSharedInboxes: true,
  canUseLinkAuth: true,
  delegationsLim: 0,
  canUseRoles: true,
  support: 'Priority support and onboarding',
  showFreeUpgrade: true,
  freeUpgradeText: 'Nonprofit or education? Request a free upgrade',
  successText: 'Every Pro feature is on for everyone in your team.',
};

/** What a team not on premium is offered. */
export const offeredProducts: Product[] = [basicProduct, plusProduct, proProduct];
/** What Acme (on the legacy premium plan) is answered. */
export const acmeProducts: Product[] = [basicProduct, plusProduct, premiumProduct, proProduct];

// Times at noon UTC, so the shown date is the same in every time zone near UTC.
export const NEXT_PAYMENT_AT = Date.UTC(2027, 0, 15, 12) / 1000;

/** Acme Inc: annual premium, Visa 4242 12 / 30, a German customer with a VAT id. */
export const acmeBilling: Billing = {
  customer: {
    name: 'Acme Inc',
    line1: 'Friedrichstraße 1',
    line2: '',
    city: 'Berlin',
    state: '',
    postalCode: '10117',
    country: 'DE',
    vatId: 'DE123456789',
  },
  card: { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 },
  subscription: {
    status: 'active',
    planId: 'premium_365',
    cancelAt: null,
    nextPaymentAt: NEXT_PAYMENT_AT,
    nextPaymentAmount: 23997,
    nextPaymentProrations: [],
    trialEndAt: null,
    pendingPaymentIntentSecret: null,
  },
  usage: { usersCnt: 3 },
};

export const acmeInvoices: Invoice[] = [
  {
    id: 'in_3',
    date: Date.UTC(2026, 10, 2, 12) / 1000,
    number: 'ACME-0003',
    status: 'open',
    amount: 1999,
    currency: 'EUR',
    payUrl: 'https://pay.example/in_3',
    pdfUrl: null,
  },
  {
    id: 'in_2',
    date: Date.UTC(2026, 0, 15, 12) / 1000,
    number: 'ACME-0002',
    status: 'paid',
    amount: 23997,
    currency: 'USD',
    payUrl: null,
    pdfUrl: 'https://files.example/in_2.pdf',
  },
  {
    id: 'in_1',
    date: Date.UTC(2025, 0, 15, 12) / 1000,
    number: 'ACME-0001',
    status: 'paid',
    amount: 23997,
    currency: 'USD',
    payUrl: null,
    pdfUrl: 'https://files.example/in_1.pdf',
  },
];

/** Basic Bakery: nothing at the provider. */
export const emptyBilling: Billing = {
  customer: null,
  card: null,
  subscription: null,
  usage: { usersCnt: 1 },
};
