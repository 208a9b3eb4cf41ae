import { describe, expect, it } from 'vitest';
import {
  acmeProducts,
  basicProduct,
  offeredProducts,
  plusProduct,
  premiumProduct,
  proProduct,
} from '@/test/billing-fixtures';
import type { Product, TeamPlan } from './entities';
import {
  annualDiscountLabel,
  columnPrice,
  initialInterval,
  limitText,
  PLAN_LEGAL_TEXT,
  PLAN_TABLE_ROWS,
  planCells,
  planIdFor,
  planTableColumns,
  showsLegacyPremiumColumn,
  showsUpgradeOptions,
  storageText,
  upgradeButtonText,
  usageText,
} from './plan-table';

const codes = (products: Product[], plan: TeamPlan) =>
  planTableColumns(products, plan).map((c) => c.product.code);
const flags = (products: Product[], plan: TeamPlan, flag: 'current' | 'highlighted') =>
  planTableColumns(products, plan)
    .filter((column) => column[flag])
    .map((column) => column.product.code);

describe('showsLegacyPremiumColumn', () => {
  it.each<[string, Product[], TeamPlan, boolean]>([
    ['team on premium, plus and premium listed', acmeProducts, 'premium', true],
    ['team on premium, premium alone', [basicProduct, premiumProduct, proProduct], 'premium', true],
    ['team on plus, plus and premium both offered', acmeProducts, 'plus', false],
    ['team on basic, plus and premium both offered', acmeProducts, 'basic', false],
    ['team on pro, plus and premium both offered', acmeProducts, 'pro', false],
    [
      'team on basic, premium offered without plus',
      [basicProduct, premiumProduct, proProduct],
      'basic',
      true,
    ],
    ['team on plus, premium not listed', offeredProducts, 'plus', false],
    ['team on premium but premium not listed', offeredProducts, 'premium', false],
  ])('%s -> %s', (_, products, plan, expected) => {
    expect(showsLegacyPremiumColumn(products, plan)).toBe(expected);
  });
});

describe('planTableColumns', () => {
  it('puts basic first, then plus, then pro for a basic team, marking basic current and pro highlighted', () => {
    expect(codes(offeredProducts, 'basic')).toEqual(['basic', 'plus', 'pro']);
    expect(flags(offeredProducts, 'basic', 'current')).toEqual(['basic']);
    expect(flags(offeredProducts, 'basic', 'highlighted')).toEqual(['pro']);
  });

  it('shows the legacy premium column instead of plus for a premium team (Acme)', () => {
    expect(codes(acmeProducts, 'premium')).toEqual(['basic', 'premium', 'pro']);
    expect(flags(acmeProducts, 'premium', 'current')).toEqual(['premium']);
    expect(flags(acmeProducts, 'premium', 'highlighted')).toEqual(['pro']);
  });

  it('keeps the catalogue order whatever order the plans arrive in', () => {
    const shuffled = [proProduct, premiumProduct, basicProduct, plusProduct];
    expect(codes(shuffled, 'premium')).toEqual(['basic', 'premium', 'pro']);
    expect(codes(shuffled, 'plus')).toEqual(['basic', 'plus', 'pro']);
  });

  it('highlights premium when there is no pro, and plus when there is neither', () => {
    expect(flags([basicProduct, premiumProduct], 'premium', 'highlighted')).toEqual(['premium']);
    expect(flags([basicProduct, plusProduct], 'basic', 'highlighted')).toEqual(['plus']);
  });

  it('highlights nothing and marks basic current when only basic exists', () => {
    const columns = planTableColumns([basicProduct], 'basic');
    expect(columns).toEqual([{ product: basicProduct, current: true, highlighted: false }]);
  });

  it('marks no column current when the team plan has no column', () => {
    expect(flags(offeredProducts, 'premium', 'current')).toEqual([]);
  });

  it('shows nothing for an empty catalogue', () => {
    expect(planTableColumns([], 'basic')).toEqual([]);
  });
});

describe('showsUpgradeOptions', () => {
  it.each<[string, Product[], TeamPlan, boolean]>([
    ['plus and pro exist, team on basic', offeredProducts, 'basic', true],
    ['plus and pro exist, team on plus', offeredProducts, 'plus', true],
    ['plus and pro exist, team on premium (legacy)', acmeProducts, 'premium', true],
    ['plus and pro exist, team on pro', offeredProducts, 'pro', false],
    ['no pro, team on premium', [basicProduct, plusProduct, premiumProduct], 'premium', false],
    ['no pro, team on basic', [basicProduct, premiumProduct], 'basic', true],
    ['no plus, team on premium', [basicProduct, premiumProduct, proProduct], 'premium', false],
    ['no plus, team on pro', [basicProduct, premiumProduct, proProduct], 'pro', true],
  ])('%s -> %s', (_, products, plan, expected) => {
    expect(showsUpgradeOptions(products, plan)).toBe(expected);
  });
});

describe('prices', () => {
  it('shows the monthly price per user per month', () => {
    expect(columnPrice(proProduct, 'month')).toEqual({
      perUserPerMonth: 1200,
      currency: 'USD',
      annualDiscount: 21,
    });
  });

  it('shows the annual price per month, with the discount rounded up', () => {
    // 115.00 a year against 12 x 12.00 = 144.00: 20.14 % saved, rounded up to 21.
    expect(columnPrice(proProduct, 'year')).toEqual({
      perUserPerMonth: 958,
      currency: 'USD',
      annualDiscount: 21,
    });
    // 48.00 against 60.00: exactly 20 %.
    expect(columnPrice(plusProduct, 'year')?.annualDiscount).toBe(20);
    // 79.99 against 96.00: 16.68 %, rounded up to 17.
    expect(columnPrice(premiumProduct, 'year')?.annualDiscount).toBe(17);
  });

  it('labels the discount, and none when the annual plan saves nothing', () => {
    expect(annualDiscountLabel(proProduct)).toBe('Save 21%');
    expect(annualDiscountLabel(basicProduct)).toBeNull();
    const noSaving = {
      plans: [
        ...plusProduct.plans.slice(0, 1),
        { id: 'plus_365', interval: 'year' as const, amount: 6000, currency: 'USD' },
      ],
    };
    expect(annualDiscountLabel(noSaving)).toBeNull();
  });

  it('answers null for an interval the plan has no price for', () => {
    const monthlyOnly = { plans: plusProduct.plans.filter((plan) => plan.interval === 'month') };
    expect(columnPrice(monthlyOnly, 'year')).toBeNull();
    expect(planIdFor(monthlyOnly, 'year')).toBeNull();
    expect(columnPrice(monthlyOnly, 'month')?.annualDiscount).toBe(0);
  });

  it('buys the plan id of the toggled interval', () => {
    expect(planIdFor(proProduct, 'month')).toBe('pro_30');
    expect(planIdFor(proProduct, 'year')).toBe('pro_365');
  });

  it('starts the toggles on the subscription interval, else annual', () => {
    expect(initialInterval('premium_30')).toBe('month');
    expect(initialInterval('premium_365')).toBe('year');
    expect(initialInterval(null)).toBe('year');
  });
});

describe('cells', () => {
  it('reads 0 limits as Unlimited', () => {
    expect(limitText(0)).toBe('Unlimited');
    expect(limitText(5)).toBe('5');
    expect(storageText(proProduct)).toBe('Unlimited');
    expect(storageText(basicProduct)).toBe('5 GB');
    expect(storageText(plusProduct)).toBe('25 GB per user');
    expect(storageText({ storageLim: 10, storageLimPerUser: 2 })).toBe('10 GB + 2 GB per user');
  });

  it('has the ten rows of the spec in order', () => {
    expect(PLAN_TABLE_ROWS.map((row) => row.label)).toEqual([
      'Usage',
      'Storage',
      'Shared drafts',
      'Templates',
      'Shared inboxes',
      'Email link sharing',
      'Delegations',
      'Administration',
      'Support',
      'Price',
    ]);
  });

  it('fills every row of a paid column', () => {
    expect(planCells(plusProduct, 'month', 3)).toEqual({
      usage: '$15.00 / month for 3 users',
      storage: '25 GB per user',
      drafts: 'Unlimited',
      templates: '20',
      sharedInboxes: 'Yes',
      linkSharing: 'Yes',
      delegations: '5',
      administration: 'Yes',
      support: 'Email support',
      price: '$5.00 per user / month',
    });
    expect(planCells(plusProduct, 'year', 3).price).toBe('$4.00 per user / month');
  });

  it('fills the free column', () => {
    expect(planCells(basicProduct, 'year', 1)).toEqual({
      usage: 'Free for 1 user',
      storage: '5 GB',
      drafts: '5',
      templates: 'Unlimited',
      sharedInboxes: 'No',
      linkSharing: 'No',
      delegations: '1',
      administration: 'No',
      support: 'Help center',
      price: 'Free',
    });
  });

  it('prices the usage of the team on the toggled interval', () => {
    expect(usageText(proProduct, 'year', 3)).toBe('$28.74 / month for 3 users');
    expect(usageText(proProduct, 'month', 1)).toBe('$12.00 / month for 1 user');
  });

  it("reads 'Upgrade' unless the plan has its own button text", () => {
    expect(upgradeButtonText(proProduct)).toBe('Upgrade');
    expect(upgradeButtonText({ ...proProduct, buttonText: 'Talk to us' })).toBe('Talk to us');
    expect(upgradeButtonText({ ...proProduct, buttonText: '  ' })).toBe('Upgrade');
  });

  it('has the legal text of the spec', () => {
    expect(PLAN_LEGAL_TEXT).toContain('non-refundable unless agreed in writing');
    expect(PLAN_LEGAL_TEXT).toContain('end of the paid period and then drops to Free');
    expect(PLAN_LEGAL_TEXT).toContain('an additional invoice is sent');
  });
});
