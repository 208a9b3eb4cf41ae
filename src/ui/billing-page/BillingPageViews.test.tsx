import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Providers } from '@/app/providers';
import { planTableColumns } from '@/domain/plan-table';
import { acmeInvoices, offeredProducts, plusProduct, proProduct } from '@/test/billing-fixtures';
import { InvoicesBlock } from '@/ui/billing-page/InvoicesBlock';
import { PaymentProviderSwitch } from '@/ui/billing-page/PaymentProviderSwitch';
import { PlanTable, type PlanTableProps, STACKED_PLANS_QUERY } from '@/ui/billing-page/PlanTable';
import { SubscriptionSummary, type SubscriptionSummaryProps } from '@/ui/billing-page/SubscriptionSummary';

const renderInApp = (node: ReactNode) => render(<Providers env="test">{node}</Providers>);

describe('PlanTable', () => {
  const table = (props: Partial<PlanTableProps> = {}) => {
    const calls: string[] = [];
    renderInApp(
      <PlanTable
        columns={planTableColumns(offeredProducts, 'basic')}
        seats={4}
        upgradeOptions
        initialInterval="year"
        onUpgrade={(planId) => calls.push(`upgrade ${planId}`)}
        onRequestFreeUpgrade={(planId) => calls.push(`free ${planId}`)}
        {...props}
      />,
    );
    return { calls, plans: within(screen.getByRole('table', { name: 'Plans' })) };
  };

  it('toggles each paid column on its own, pricing the usage row with it', () => {
    const { plans, calls } = table();
    expect(plans.getByText('$16.00 / month for 4 users')).toBeTruthy();
    expect(plans.getByText('$38.32 / month for 4 users')).toBeTruthy();
    fireEvent.click(
      within(plans.getByRole('radiogroup', { name: 'Billing interval for Plus' })).getByText('Monthly'),
    );
    expect(plans.getByText('$20.00 / month for 4 users')).toBeTruthy();
    expect(plans.getByText('$5.00 per user / month')).toBeTruthy();
    // Pro stays annual.
    expect(plans.getByText('$9.58 per user / month')).toBeTruthy();
    fireEvent.click(plans.getByRole('button', { name: 'Upgrade to Plus' }));
    fireEvent.click(plans.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(calls).toEqual(['upgrade plus_30', 'upgrade pro_365']);
  });

  it('shows the free-upgrade link only for a plan that offers it', () => {
    const { plans, calls } = table();
    const links = plans.getAllByRole('button', { name: /free upgrade/ });
    expect(links.map((link) => link.textContent)).toEqual(['Nonprofit or education? Request a free upgrade']);
    fireEvent.click(links[0] as HTMLElement);
    expect(calls).toEqual(['free pro_365']);
  });

  it('offers no Upgrade and no free-upgrade link without upgrade options', () => {
    const { plans } = table({ upgradeOptions: false });
    expect(plans.queryAllByRole('button', { name: /^Upgrade/ })).toEqual([]);
    expect(plans.queryByRole('button', { name: /free upgrade/ })).toBeNull();
    // The toggles and terms stay: the prices are still worth reading.
    expect(plans.getAllByRole('radiogroup')).toHaveLength(2);
    expect(plans.getByRole('button', { name: 'Terms of Pro' })).toBeTruthy();
  });

  it('disables the buttons while a flow runs', () => {
    const { plans } = table({ busy: true });
    expect((plans.getByRole('button', { name: 'Upgrade to Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect(
      (
        plans.getByRole('button', {
          name: 'Nonprofit or education? Request a free upgrade',
        }) as HTMLButtonElement
      ).disabled,
    ).toBe(true);
  });

  it('uses a plan’s own button text', () => {
    const { plans } = table({
      columns: planTableColumns([{ ...plusProduct, buttonText: 'Choose Plus' }, proProduct], 'basic'),
    });
    expect(plans.getByRole('button', { name: 'Choose Plus, Plus' }).textContent).toBe('Choose Plus');
  });
});

describe('PlanTable on a phone', () => {
  const realMatchMedia = window.matchMedia;
  beforeEach(() => {
    window.matchMedia = (query: string) =>
      ({ ...realMatchMedia(query), matches: query === STACKED_PLANS_QUERY }) as MediaQueryList;
  });
  afterEach(() => {
    window.matchMedia = realMatchMedia;
  });

  it('stacks one card per plan, each with its own toggle, price, Upgrade and features (issue 21)', () => {
    const calls: string[] = [];
    renderInApp(
      <PlanTable
        columns={planTableColumns(offeredProducts, 'basic')}
        seats={4}
        upgradeOptions
        initialInterval="year"
        onUpgrade={(planId) => calls.push(planId)}
        onRequestFreeUpgrade={() => {}}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Plans' })).getAllByRole('listitem');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual(
      offeredProducts.map((product) => product.title),
    );
    const plus = within(screen.getByRole('listitem', { name: 'Plus' }));
    expect(plus.getByText('$16.00 / month for 4 users')).toBeTruthy();
    fireEvent.click(within(plus.getByRole('radiogroup')).getByText('Monthly'));
    expect(plus.getByText('$20.00 / month for 4 users')).toBeTruthy();
    expect(plus.getByText('Shared drafts')).toBeTruthy();
    fireEvent.click(plus.getByRole('button', { name: 'Upgrade to Plus' }));
    fireEvent.click(screen.getByRole('button', { name: 'Upgrade to Pro' }));
    expect(calls).toEqual(['plus_30', 'pro_365']);
  });
});

describe('SubscriptionSummary', () => {
  const summary = (props: Partial<SubscriptionSummaryProps> = {}) =>
    renderInApp(
      <SubscriptionSummary
        planTitle="Pro"
        interval="Monthly"
        seats={2}
        nextPayment={null}
        trialDaysLeft={null}
        cancellation={null}
        cancellable={false}
        onRenew={() => {}}
        onUpgrade={() => {}}
        onCancel={() => {}}
        {...props}
      />,
    );

  it("shows the trial countdown in the Overview's words", () => {
    summary({ trialDaysLeft: 13 });
    expect(screen.getByText('Trial ends in 13 days')).toBeTruthy();
  });

  it('explains under the next payment what it includes beyond the plan', () => {
    summary({
      nextPayment: {
        amount: '$396.66',
        date: 'Jan 15, 2027',
        notes: ['Includes $76.70 for 1 seat added on Nov 25, 2026'],
      },
    });
    const payment = screen.getByText('Next payment').nextElementSibling as HTMLElement;
    expect(within(payment).getByText('$396.66 on Jan 15, 2027')).toBeTruthy();
    expect(within(payment).getByText('Includes $76.70 for 1 seat added on Nov 25, 2026')).toBeTruthy();
  });

  it('shows no interval and no next payment without a subscription', () => {
    summary({ planTitle: 'Basic', interval: null });
    expect(screen.queryByText('Billing')).toBeNull();
    expect(screen.queryByText('Next payment')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('InvoicesBlock', () => {
  it("says 'No invoices' and still offers 'Edit Billing Details'", () => {
    let edits = 0;
    renderInApp(<InvoicesBlock invoices={[]} onEditBillingDetails={() => edits++} />);
    expect(screen.getByText('No invoices')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Edit Billing Details' }));
    expect(edits).toBe(1);
  });

  it('leaves the link out when an invoice has neither a pay nor a PDF link', () => {
    renderInApp(
      <InvoicesBlock
        invoices={[{ ...(acmeInvoices[0] as (typeof acmeInvoices)[0]), payUrl: null }]}
        onEditBillingDetails={() => {}}
      />,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('ACME-0003')).toBeTruthy();
  });
});

describe('PaymentProviderSwitch', () => {
  it('is not there with one allowed provider', () => {
    renderInApp(<PaymentProviderSwitch current="stripe" allowed={['stripe']} onSwitch={() => {}} />);
    expect(screen.queryByText(/Current payment provider/)).toBeNull();
  });
});
