import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import type { BillingProduct, PersonalBilling } from '@/domain/entities';
import { ProductsView } from '@/ui/personal/ProductsView';
import { ProfileView } from '@/ui/personal/ProfileView';

const LINKS = { products: '/pb/products', trial: '/pb/trial', setup: '/pb/setup', portal: '/pb/portal' };
const FREE: PersonalBilling = {
  plan: 'free',
  store: null,
  periodType: null,
  canSubscribe: true,
  canStartTrial: true,
  canChangeAddress: false,
  trialEndAt: null,
};

function renderProfile(billing: PersonalBilling, onNavigate = vi.fn()) {
  render(
    <Providers env="test">
      <ProfileView
        email="solo@example.test"
        fullName="Sam Solo"
        billing={billing}
        links={LINKS}
        onNavigate={onNavigate}
      />
    </Providers>,
  );
  return onNavigate;
}

describe('ProfileView', () => {
  it('free: email, name, plan; Products and Start trial, no card or portal', () => {
    const onNavigate = renderProfile(FREE);
    expect(screen.getByRole('row', { name: 'Email solo@example.test' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Name Sam Solo' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Plan Free' })).toBeTruthy();
    expect(screen.queryByRole('row', { name: /Store/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Change card' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Billing portal' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Start trial' }));
    expect(onNavigate).toHaveBeenCalledWith('/pb/trial');
    fireEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(onNavigate).toHaveBeenCalledWith('/pb/products');
  });

  it('premium: store and period type; Change card and the portal when canChangeAddress', () => {
    renderProfile({
      plan: 'premium',
      store: 'stripe',
      periodType: 'year',
      canSubscribe: false,
      canStartTrial: false,
      canChangeAddress: true,
      trialEndAt: null,
    });
    expect(screen.getByRole('row', { name: 'Store Web' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Period type Yearly' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Start trial' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change card' }).getAttribute('href')).toBe('/pb/setup');
    expect(screen.getByRole('link', { name: 'Billing portal' }).getAttribute('href')).toBe('/pb/portal');
  });
});

const FREE_BILLING: PersonalBilling = {
  plan: 'free',
  store: null,
  periodType: null,
  canSubscribe: true,
  canStartTrial: true,
  canChangeAddress: false,
  trialEndAt: null,
};

const PRODUCT: BillingProduct = {
  productId: 'personal_premium',
  name: 'Spark Premium',
  prices: [
    {
      priceId: 'personal_premium_30',
      amount: 799,
      currency: 'USD',
      interval: 'month',
      couponPercentOff: null,
    },
    {
      priceId: 'personal_premium_365',
      amount: 5999,
      currency: 'USD',
      interval: 'year',
      couponPercentOff: null,
    },
  ],
};

const productsView = (billing: PersonalBilling, onNavigate = vi.fn()) =>
  render(
    <Providers env="test">
      <ProductsView
        busy={false}
        onCheckout={vi.fn()}
        billing={billing}
        products={[PRODUCT]}
        profileHref="/profile"
        onNavigate={onNavigate}
      />
    </Providers>,
  );

describe('ProductsView', () => {
  it('titles each price with its interval and saving, and leads back to the profile (issue 21)', () => {
    const onNavigate = vi.fn();
    productsView(FREE_BILLING, onNavigate);
    expect(screen.getByRole('heading', { name: 'Spark Premium Monthly' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Spark Premium Yearly, save 38%' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '← Back to profile' }));
    expect(onNavigate).toHaveBeenCalledWith('/profile');
  });

  it('on the trial: says until when, and Checkout stays (buying ends the trial)', () => {
    productsView({
      ...FREE_BILLING,
      plan: 'premium',
      store: 'stripe',
      periodType: 'trial',
      canStartTrial: false,
      trialEndAt: Date.UTC(2026, 11, 5, 12) / 1000,
    });
    expect(screen.getByText('Premium trial until Dec 5, 2026')).toBeTruthy();
    expect(screen.getByText(/ends the trial/)).toBeTruthy();
    expect(screen.getAllByRole('button', { name: /^Checkout/ })).toHaveLength(2);
  });

  it('already premium: says so, and offers no Checkout the server would refuse', () => {
    productsView({
      ...FREE_BILLING,
      plan: 'premium',
      store: 'apple',
      periodType: 'year',
      canSubscribe: false,
    });
    expect(screen.getByText('You have Premium (Yearly, App Store)')).toBeTruthy();
    expect(screen.queryAllByRole('button', { name: /^Checkout/ })).toHaveLength(0);
  });

  it('each price with amount per interval, the coupon from the id with its percentage, and Checkout', () => {
    const onCheckout = vi.fn();
    render(
      <Providers env="test">
        <ProductsView
          busy={false}
          onCheckout={onCheckout}
          billing={FREE_BILLING}
          profileHref="/profile"
          onNavigate={vi.fn()}
          products={[
            {
              productId: 'personal_premium',
              name: 'Spark Premium',
              prices: [
                {
                  priceId: 'personal_premium_30',
                  amount: 799,
                  currency: 'USD',
                  interval: 'month',
                  couponPercentOff: null,
                },
                {
                  priceId: 'personal_premium_365--WELCOME10',
                  amount: 5999,
                  currency: 'USD',
                  interval: 'year',
                  couponPercentOff: 10,
                },
              ],
            },
          ]}
        />
      </Providers>,
    );
    expect(screen.getByText('$7.99 per month')).toBeTruthy();
    expect(screen.getByText('$59.99 per year')).toBeTruthy();
    expect(screen.getByText('WELCOME10')).toBeTruthy();
    expect(screen.getByText('10% off')).toBeTruthy();
    fireEvent.click(
      screen.getByRole('button', { name: 'Checkout Spark Premium $59.99 per year with coupon WELCOME10' }),
    );
    expect(onCheckout).toHaveBeenCalledWith('personal_premium_365--WELCOME10');
  });

  it('every Checkout waits while one is under way', () => {
    render(
      <Providers env="test">
        <ProductsView
          busy
          onCheckout={vi.fn()}
          billing={FREE_BILLING}
          profileHref="/profile"
          onNavigate={vi.fn()}
          products={[
            {
              productId: 'p',
              name: 'P',
              prices: [
                { priceId: 'p_30', amount: 100, currency: 'USD', interval: 'month', couponPercentOff: null },
              ],
            },
          ]}
        />
      </Providers>,
    );
    expect(screen.getByRole('button', { name: /^Checkout/ }).hasAttribute('disabled')).toBe(true);
  });
});
