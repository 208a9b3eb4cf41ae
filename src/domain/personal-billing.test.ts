import {
  couponOfPriceId,
  PERSONAL_RESULT_TEXTS,
  perInterval,
  periodTypeLabel,
  personalResultText,
  planLabel,
  storeLabel,
} from './personal-billing';

describe('couponOfPriceId', () => {
  it('takes the suffix after --', () => {
    expect(couponOfPriceId('personal_premium_365--WELCOME10')).toBe('WELCOME10');
  });
  it('is null without a suffix or with an empty one', () => {
    expect(couponOfPriceId('personal_premium_30')).toBeNull();
    expect(couponOfPriceId('personal_premium_30--')).toBeNull();
  });
});

describe('personalResultText', () => {
  it.each([
    ['success', 'checkout', 'Checkout completed successfully. Thanks for your purchase.', true],
    ['success', 'setup', 'Billing details updated successfully.', true],
    ['failure', 'checkout', 'Failed to complete the checkout.', false],
    ['failure', 'setup', 'Failed to update billing details.', false],
    ['success', 'upgrade', 'Invalid mode value.', false],
    ['failure', null, 'Invalid mode value.', false],
    ['maybe', 'checkout', 'Invalid result value.', false],
    [null, null, 'Invalid result value.', false],
  ])('result=%s mode=%s: %s', (result, mode, text, ok) => {
    expect(personalResultText(result, mode)).toEqual({ text, ok });
  });

  it('has the six texts of the spec', () => {
    expect(Object.values(PERSONAL_RESULT_TEXTS)).toHaveLength(6);
  });
});

describe('labels', () => {
  it('says per interval and capitalises the plan', () => {
    expect(perInterval('month')).toBe('per month');
    expect(planLabel('premium')).toBe('Premium');
    expect(planLabel('free')).toBe('Free');
  });
});

describe('store and period labels', () => {
  it('names the known ones and passes others through', () => {
    expect(storeLabel('apple')).toBe('App Store');
    expect(storeLabel('stripe')).toBe('Web');
    expect(storeLabel('amazon')).toBe('amazon');
    expect(periodTypeLabel('year')).toBe('Yearly');
    expect(periodTypeLabel('trial')).toBe('Trial');
  });
});
