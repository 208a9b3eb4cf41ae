import { describe, expect, it } from 'vitest';
import { acmeBilling, emptyBilling } from '@/test/billing-fixtures';
import {
  cancelledSubscriptionAction,
  cardBrandName,
  cardExpiryText,
  checkoutResultOf,
  checkoutResultText,
  formatBillingDate,
  hasCheckoutResultParams,
  intervalName,
  invoiceLink,
  invoiceStatusText,
  isCancelScheduled,
  liveSubscription,
  planCodeOfPlanId,
  showsCardAndInvoices,
  subscribedPlanCode,
  withoutCheckoutResultParams,
} from './billing-summary';
import type { Subscription } from './entities';

const subscription = (fields: Partial<Subscription>): Subscription => ({
  ...(acmeBilling.subscription as Subscription),
  ...fields,
});

describe('the subscription', () => {
  it('treats an incomplete subscription as none', () => {
    const incomplete = { subscription: subscription({ status: 'incomplete' }) };
    expect(liveSubscription(incomplete)).toBeNull();
    expect(showsCardAndInvoices(incomplete)).toBe(false);
    expect(subscribedPlanCode(incomplete)).toBe('basic');
  });

  it('shows cards and invoices for a live subscription only', () => {
    expect(showsCardAndInvoices(acmeBilling)).toBe(true);
    expect(showsCardAndInvoices({ subscription: subscription({ status: 'trialing' }) })).toBe(true);
    expect(showsCardAndInvoices({ subscription: subscription({ status: 'past_due' }) })).toBe(true);
    expect(showsCardAndInvoices(emptyBilling)).toBe(false);
  });

  it('reads the plan and the interval from the plan id', () => {
    expect(planCodeOfPlanId('premium_365')).toBe('premium');
    expect(planCodeOfPlanId('pro_30')).toBe('pro');
    expect(intervalName('premium_365')).toBe('annual');
    expect(intervalName('plus_30')).toBe('monthly');
    expect(subscribedPlanCode(acmeBilling)).toBe('premium');
    expect(subscribedPlanCode({ subscription: subscription({ planId: 'nonsense_30' }) })).toBe('basic');
  });

  it('is cancelled only while cancelAt is ahead', () => {
    const now = 1_800_000_000_000;
    expect(isCancelScheduled(subscription({ cancelAt: now / 1000 + 60 }), now)).toBe(true);
    expect(isCancelScheduled(subscription({ cancelAt: now / 1000 - 60 }), now)).toBe(false);
    expect(isCancelScheduled(subscription({ cancelAt: null }), now)).toBe(false);
  });

  it('offers Renew on a cancelled subscription, Upgrade on a cancelled trial', () => {
    expect(cancelledSubscriptionAction({ status: 'active' })).toBe('Renew');
    expect(cancelledSubscriptionAction({ status: 'trialing' })).toBe('Upgrade');
  });
});

describe('cards, dates and invoices', () => {
  it("writes the expiry as 'MM / YY'", () => {
    expect(cardExpiryText({ expMonth: 12, expYear: 2030 })).toBe('12 / 30');
    expect(cardExpiryText({ expMonth: 3, expYear: 2034 })).toBe('03 / 34');
    expect(cardExpiryText({ expMonth: 1, expYear: 5 })).toBe('01 / 05');
  });

  it('names card brands', () => {
    expect(cardBrandName('visa')).toBe('Visa');
    expect(cardBrandName('amex')).toBe('American Express');
    expect(cardBrandName('elo')).toBe('Elo');
    expect(cardBrandName('')).toBe('Card');
  });

  it('formats dates', () => {
    expect(formatBillingDate(Date.UTC(2027, 0, 15, 12) / 1000)).toBe('Jan 15, 2027');
  });

  it('links Pay while open with a pay URL, Download otherwise with a PDF', () => {
    expect(invoiceLink({ status: 'open', payUrl: 'https://pay', pdfUrl: null })).toEqual({
      label: 'Pay',
      href: 'https://pay',
    });
    expect(invoiceLink({ status: 'paid', payUrl: null, pdfUrl: 'https://pdf' })).toEqual({
      label: 'Download',
      href: 'https://pdf',
    });
    expect(invoiceLink({ status: 'void', payUrl: null, pdfUrl: 'https://pdf' })?.label).toBe('Download');
    expect(invoiceLink({ status: 'open', payUrl: null, pdfUrl: 'https://pdf' })).toBeNull();
    expect(invoiceLink({ status: 'paid', payUrl: 'https://pay', pdfUrl: null })).toBeNull();
  });

  it('writes statuses as words', () => {
    expect(invoiceStatusText('paid')).toBe('Paid');
    expect(invoiceStatusText('past_due')).toBe('Past due');
  });
});

describe('the checkout result', () => {
  it('reads a successful checkout or upgrade', () => {
    expect(checkoutResultOf('?result=success&mode=checkout&planId=pro_365&session_id=cs_1')).toEqual({
      mode: 'checkout',
      planId: 'pro_365',
    });
    expect(checkoutResultOf('?result=success&mode=upgrade&planId=plus_30')).toEqual({
      mode: 'upgrade',
      planId: 'plus_30',
    });
  });

  it('ignores a cancelled checkout, an unknown mode and a missing plan', () => {
    expect(checkoutResultOf('?result=cancel&mode=checkout&planId=pro_365')).toBeNull();
    expect(checkoutResultOf('?result=success&mode=setup&planId=pro_365')).toBeNull();
    expect(checkoutResultOf('?result=success&mode=checkout')).toBeNull();
    expect(checkoutResultOf('')).toBeNull();
  });

  it('removes result, mode, planId, token and session_id, keeping the rest', () => {
    expect(withoutCheckoutResultParams('?result=success&mode=checkout&planId=pro_365&session_id=cs_1')).toBe(
      '',
    );
    expect(withoutCheckoutResultParams('?token=t&x=1&result=cancel')).toBe('?x=1');
    expect(hasCheckoutResultParams('?x=1')).toBe(false);
    expect(hasCheckoutResultParams('?result=cancel')).toBe(true);
  });

  it('says the team is on the plan with its interval', () => {
    expect(checkoutResultText('Pro', 'pro_365')).toBe('Your team is now on Spark Pro (annual subscription).');
    expect(checkoutResultText('Plus', 'plus_30')).toBe(
      'Your team is now on Spark Plus (monthly subscription).',
    );
  });
});
