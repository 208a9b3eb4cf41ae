import type { Subscription } from './entities';
import {
  basicPlanIdFor,
  isCancelled,
  subscriptionPhase,
  upgradeNeedsHostedCheckout,
} from './subscription-phase';

const sub = (over: Partial<Subscription>): Subscription => ({
  status: 'active',
  planId: 'pro_30',
  cancelAt: null,
  nextPaymentAt: null,
  nextPaymentAmount: null,
  nextPaymentProrations: [],
  trialEndAt: null,
  pendingPaymentIntentSecret: null,
  ...over,
});

describe('subscriptionPhase', () => {
  it('counts no subscription and an incomplete one without a secret as none', () => {
    expect(subscriptionPhase(null)).toBe('none');
    expect(subscriptionPhase(sub({ status: 'incomplete' }))).toBe('none');
  });
  it('waits for the card when a payment secret is pending, incomplete or on an active plan change', () => {
    expect(subscriptionPhase(sub({ status: 'incomplete', pendingPaymentIntentSecret: 'pi_1_secret' }))).toBe(
      'paymentPending',
    );
    expect(subscriptionPhase(sub({ pendingPaymentIntentSecret: 'pi_2_secret' }))).toBe('paymentPending');
  });
  it('reads trialing and active, and any other status as unexpected', () => {
    expect(subscriptionPhase(sub({ status: 'trialing' }))).toBe('trialing');
    expect(subscriptionPhase(sub({ status: 'active' }))).toBe('active');
    expect(subscriptionPhase(sub({ status: 'past_due' }))).toBe('unexpected');
    expect(subscriptionPhase(sub({ status: 'canceled' }))).toBe('unexpected');
  });
});

describe('isCancelled', () => {
  it('is true only while cancelAt is ahead', () => {
    expect(isCancelled(sub({ cancelAt: 2_000 }), 1_000_000)).toBe(true);
    expect(isCancelled(sub({ cancelAt: 1_000 }), 1_000_000)).toBe(false);
    expect(isCancelled(sub({}), 0)).toBe(false);
    expect(isCancelled(null, 0)).toBe(false);
  });
});

describe('basicPlanIdFor', () => {
  it('keeps the interval of the current plan', () => {
    expect(basicPlanIdFor('pro_365')).toBe('basic_365');
    expect(basicPlanIdFor('plus_30')).toBe('basic_30');
  });
});

describe('upgradeNeedsHostedCheckout', () => {
  it('sends teams without a live subscription to the hosted checkout', () => {
    expect(upgradeNeedsHostedCheckout(null)).toBe(true);
    expect(upgradeNeedsHostedCheckout(sub({ status: 'incomplete' }))).toBe(true);
    expect(upgradeNeedsHostedCheckout(sub({ status: 'trialing' }))).toBe(false);
  });
});
