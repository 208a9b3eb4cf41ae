import { describe, expect, it } from 'vitest';
import {
  annualDiscountPercent,
  annualPricePerMonth,
  formatPrice,
  isAnnualPlanId,
  planIdDurationDays,
} from './price';

describe('formatPrice', () => {
  it.each([
    [1234, undefined, '$12.34'],
    [0, undefined, '$0.00'],
    [5, undefined, '$0.05'],
    [100000, undefined, '$1,000.00'],
    [-500, undefined, '-$5.00'],
    [1234, 'USD', '$12.34'],
    [1234, 'EUR', '€12.34'],
    [1234, 'eur', '€12.34'],
    [1234, 'GBP', '£12.34'],
  ])('%j cents in %j -> %j', (cents, currency, expected) => {
    expect(formatPrice(cents, currency)).toBe(expected);
  });

  it('rounds fractional cents to two decimals', () => {
    expect(formatPrice(833.25)).toBe('$8.33');
  });

  it('rejects an unknown currency code loudly rather than showing a wrong symbol', () => {
    expect(() => formatPrice(100, 'NOPE')).toThrow(RangeError);
  });
});

describe('annualDiscountPercent', () => {
  it('gives an exact 20 % as 20, not 21 (floating-point noise)', () => {
    // The naive (1 - (annual / 12) / monthly) * 100 gives 15.000000000000002 -> 16 and
    // 30.000000000000004 -> 31 for these, and 20.000000000000007 -> 21 for the last one.
    expect(annualDiscountPercent(100, 1020)).toBe(15);
    expect(annualDiscountPercent(100, 840)).toBe(30);
    expect(annualDiscountPercent(1000, 9600)).toBe(20);
    expect(annualDiscountPercent(999, 9590.4)).toBe(20);
  });

  it.each([
    [1000, 10000, 17], // 16.67 % rounds up
    [1000, 11990, 1], // 0.083 % still shows 1
    [1200, 12000, 17], // 16.67 %
    [800, 7200, 25],
    [1000, 6000, 50],
    [1000, 0, 100],
    [299, 2988, 17], // 16.72 %
  ])('monthly %j, annual %j -> %j', (monthly, annual, expected) => {
    expect(annualDiscountPercent(monthly, annual)).toBe(expected);
  });

  it('is 0 when the annual price saves nothing or costs more', () => {
    expect(annualDiscountPercent(1000, 12000)).toBe(0);
    expect(annualDiscountPercent(1000, 13000)).toBe(0);
  });

  it('is 0 when the monthly price is 0 or invalid', () => {
    expect(annualDiscountPercent(0, 0)).toBe(0);
    expect(annualDiscountPercent(0, 1000)).toBe(0);
    expect(annualDiscountPercent(-100, 1000)).toBe(0);
    expect(annualDiscountPercent(Number.NaN, 1000)).toBe(0);
    expect(annualDiscountPercent(1000, Number.NaN)).toBe(0);
  });

  it('never exceeds 100', () => {
    expect(annualDiscountPercent(1000, -5000)).toBe(100);
  });

  it('matches the ceiling of the exact rational for every whole percent', () => {
    for (let percent = 1; percent < 100; percent++) {
      const monthly = 1000;
      const annual = (12 * monthly * (100 - percent)) / 100;
      expect(annualDiscountPercent(monthly, annual)).toBe(percent);
      expect(annualDiscountPercent(monthly, annual - 1)).toBe(percent + 1);
    }
  });
});

describe('annualPricePerMonth', () => {
  it.each([
    [9600, 800],
    [12000, 1000],
    [9999, 833],
    [10, 1],
    [0, 0],
  ])('%j cents a year -> %j cents a month', (annual, monthly) => {
    expect(annualPricePerMonth(annual)).toBe(monthly);
  });
});

describe('planIdDurationDays', () => {
  it.each([
    ['premium_365', 365],
    ['premium_30', 30],
    ['pro_team_365', 365],
    ['plus_1', 1],
  ])('%j -> %j', (planId, days) => {
    expect(planIdDurationDays(planId)).toBe(days);
  });

  it.each([
    'premium',
    'premium_',
    '_',
    '',
    'premium_abc',
    'premium_0',
    'premium_030',
    'premium_-30',
    'premium_3.5',
    'premium_ 30',
    'premium_99999999999999999999',
  ])('%j has no duration', (planId) => {
    expect(planIdDurationDays(planId)).toBeNull();
  });
});

describe('isAnnualPlanId', () => {
  it('is true only for a 365-day suffix', () => {
    expect(isAnnualPlanId('premium_365')).toBe(true);
    expect(isAnnualPlanId('pro_365')).toBe(true);
    expect(isAnnualPlanId('premium_30')).toBe(false);
    expect(isAnnualPlanId('premium_3650')).toBe(false);
    expect(isAnnualPlanId('365')).toBe(false);
    expect(isAnnualPlanId('premium')).toBe(false);
  });
});
