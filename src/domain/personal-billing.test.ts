import type { PersonalBilling } from './entities';
import {
  couponOffText,
  couponOfPriceId,
  currentPlanText,
  monthlyAmountOf,
  PERSONAL_RESULT_TEXTS,
  perInterval,
  periodTypeLabel,
  personalResultText,
  planLabel,
  priceTitle,
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

describe('products page texts (issue 21)', () => {
  const base: PersonalBilling = {
    plan: 'free',
    store: null,
    periodType: null,
    canSubscribe: true,
    canStartTrial: true,
    canChangeAddress: false,
    trialEndAt: null,
  };

  it('titles each price with its interval and the yearly saving against the monthly price', () => {
    const monthly = { priceId: 'personal_premium_30', interval: 'month', amount: 799 } as const;
    const yearly = { priceId: 'personal_premium_365', interval: 'year', amount: 5999 } as const;
    expect(priceTitle('Spark Premium', monthly, 799)).toBe('Spark Premium Monthly');
    expect(priceTitle('Spark Premium', yearly, 799)).toBe('Spark Premium Yearly, save 38%');
    expect(priceTitle('Spark Premium', yearly, null)).toBe('Spark Premium Yearly');
  });

  it('names the coupon in the title, so a price with a coupon and the same price without differ', () => {
    const yearly = { priceId: 'personal_premium_365', interval: 'year', amount: 5999 } as const;
    const withCoupon = { ...yearly, priceId: 'personal_premium_365--WELCOME10' };
    expect(priceTitle('Spark Premium', withCoupon, 799)).toBe(
      'Spark Premium Yearly, save 38%, with WELCOME10',
    );
    expect(priceTitle('Spark Premium', withCoupon, 799)).not.toBe(priceTitle('Spark Premium', yearly, 799));
  });

  it('finds the monthly price and words a coupon', () => {
    const product = {
      productId: 'p',
      name: 'P',
      prices: [
        {
          priceId: 'p_365',
          amount: 5999,
          currency: 'USD',
          interval: 'year' as const,
          couponPercentOff: null,
        },
        { priceId: 'p_30', amount: 799, currency: 'USD', interval: 'month' as const, couponPercentOff: null },
      ],
    };
    expect(monthlyAmountOf(product)).toBe(799);
    expect(couponOffText(10)).toBe('10% off');
    expect(couponOffText(null)).toBeNull();
    expect(couponOffText(undefined)).toBeNull();
  });

  it('says what the person has: nothing when free, the trial end, else plan, period and store', () => {
    expect(currentPlanText(base)).toBeNull();
    const trialEndAt = Date.UTC(2026, 11, 5, 12) / 1000;
    expect(
      currentPlanText({ ...base, plan: 'premium', store: 'stripe', periodType: 'trial', trialEndAt }),
    ).toBe('Premium trial until Dec 5, 2026');
    expect(currentPlanText({ ...base, plan: 'premium', store: 'apple', periodType: 'year' })).toBe(
      'You have Premium (Yearly, App Store)',
    );
  });
});
