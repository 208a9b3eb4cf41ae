import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { fakeFetch, jsonResponse, type RecordedRequest } from '@/api/testing/fake-fetch';
import type { Billing, Invoice, Product, Subscription, TeamMembership, TeamPlan } from '@/domain/entities';
import { startRouteLoads } from '@/routes/loads/start-route-loads';
import {
  acmeBilling,
  acmeInvoices,
  acmeProducts,
  emptyBilling,
  offeredProducts,
} from '@/test/billing-fixtures';
import { membershipFixture } from '@/test/entity-fixtures';
import { watchEverShown } from '@/test/ever-shown';
import { fakeAccessToken } from '@/test/fake-jwt';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';
import { LazyCheckoutResultDialog } from '@/ui/billing-page/LazyCheckoutResultDialog';

// The flows are the other half of the billing issue: here they are stand-ins that record which flow
// each button starts, so the page is tested on its own.
const flows = vi.hoisted(() => ({ calls: [] as unknown[][], onChanged: [] as (() => void)[], busy: false }));

vi.mock('@/routes/team/billing/billing-flows', async () => {
  const { createContext, useContext } = await import('react');
  const Context = createContext<unknown>(null);
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      flows.calls.push([name, ...args]);
  const api = {
    upgrade: record('upgrade'),
    requestFreeUpgrade: record('requestFreeUpgrade'),
    editCustomer: record('editCustomer'),
    editCard: record('editCard'),
    editCustomerAndCard: record('editCustomerAndCard'),
    renew: record('renew'),
    cancel: record('cancel'),
  };
  return {
    BillingFlows: (props: { onChanged: () => void; children: ReactNode }) => {
      flows.onChanged.push(props.onChanged);
      return <Context.Provider value={{ ...api, busy: flows.busy }}>{props.children}</Context.Provider>;
    },
    useBillingFlows: () => useContext(Context),
  };
});

const FAR_FUTURE_S = 4_102_444_800;
const TEAM_ID = 3;
const OWNER_ID = 7;
const DAY_S = 24 * 60 * 60;

interface Setup {
  plan?: TeamPlan;
  role?: 'owner' | 'admin' | 'member';
  billing?: Billing;
  plans?: Product[];
  invoices?: Invoice[];
  allowedProviders?: string[];
  query?: string;
  answer?: (request: RecordedRequest) => Response | undefined;
  /** As main.tsx does on a first load of billing: asked for once the memberships are in. */
  askedEarly?: boolean;
}

/** The console's services over the billing calls' answers, and the page's address. */
function billingConsole(setup: Setup = {}) {
  const { plan = 'premium', role = 'owner', billing = acmeBilling, plans = acmeProducts } = setup;
  const userId = role === 'owner' ? OWNER_ID : 9;
  const membership: TeamMembership = membershipFixture(
    { id: TEAM_ID, name: 'Acme Inc', plan },
    { id: userId, email: 'olivia@acme.test', fullName: 'Olivia Owens', role },
  );
  const base = `/api/v1/collab/${TEAM_ID}-${userId}`;
  const { fetch, requests } = fakeFetch((_call, request) => {
    const custom = setup.answer?.(request);
    if (custom) return custom;
    const { pathname } = new URL(request.url);
    if (pathname === '/api/v1/collab/teams') return jsonResponse(200, { items: [membership] });
    if (pathname === `${base}/billing`) return jsonResponse(200, billing);
    if (pathname === `${base}/billing/plans`) return jsonResponse(200, plans);
    if (pathname === `${base}/billing/invoices`) return jsonResponse(200, setup.invoices ?? acmeInvoices);
    if (pathname === `${base}/billing-paddle/settings`) {
      return jsonResponse(200, {
        provider: 'paddle',
        enabled: false,
        currentProvider: setup.allowedProviders ? null : 'stripe',
        allowedProviders: setup.allowedProviders ?? ['stripe'],
      });
    }
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const stored = {
    refreshToken: 'rt_1',
    accessToken: fakeAccessToken(userId),
    expiresAt: FAR_FUTURE_S,
    uid: userId,
  };
  const { services } = createTestServices({ fetch, stored });
  return { requests, services, path: `/teams/${TEAM_ID}-${userId}/billing` };
}

function renderBilling(setup: Setup = {}) {
  const { requests, services, path } = billingConsole(setup);
  if (setup.askedEarly) startRouteLoads(services, { pathname: path, search: '' });
  const router = renderConsole(services, `${path}${setup.query ?? ''}`);
  return { requests, router, services };
}

const billingRequests = (requests: RecordedRequest[]) =>
  requests
    .filter((request) => new URL(request.url).pathname.includes('/billing'))
    .map((r) => new URL(r.url).pathname);

const summary = () => screen.getByRole('region', { name: 'Plan and subscription' });
const planHeaders = () =>
  within(screen.getByRole('table', { name: 'Plans' }))
    .getAllByRole('columnheader')
    .map((header) => header.textContent);

function withSubscription(fields: Partial<Subscription>, billing: Billing = acmeBilling): Billing {
  return { ...billing, subscription: { ...(acmeBilling.subscription as Subscription), ...fields } };
}

async function pageShown() {
  await screen.findByRole('region', { name: 'Plan and subscription' });
}

beforeAll(preloadRouteGroups, 30_000);
// The result dialog loads when it first opens; loaded ahead here, a slow first import is not the test.
beforeAll(async () => {
  await LazyCheckoutResultDialog.preload();
}, 30_000);

beforeEach(() => {
  flows.calls = [];
  flows.onChanged = [];
  flows.busy = false;
});

describe('Billing page', () => {
  it("shows Acme's annual premium subscription, its card and its invoices", async () => {
    const { requests } = renderBilling();
    await pageShown();
    const facts = within(summary());
    expect(facts.getByText('Premium')).toBeTruthy();
    expect(facts.getByText('Annual')).toBeTruthy();
    expect(facts.getByText('3')).toBeTruthy();
    expect(facts.getByText('$239.97 on Jan 15, 2027')).toBeTruthy();
    expect(facts.getByRole('button', { name: 'Cancel subscription' })).toBeTruthy();

    const payment = within(screen.getByRole('region', { name: 'Payment details' }));
    expect(payment.getByText('Visa •••• 4242')).toBeTruthy();
    expect(payment.getByText('12 / 30')).toBeTruthy();

    const details = within(screen.getByRole('region', { name: 'Billing details' }));
    expect(details.getByText('Germany')).toBeTruthy();
    expect(details.getByText('VAT Number: DE123456789')).toBeTruthy();

    const invoices = within(screen.getByRole('table', { name: 'Invoices' }));
    const open = within(invoices.getByRole('row', { name: 'ACME-0003' }));
    expect(open.getByText('Open')).toBeTruthy();
    expect(open.getByText('€19.99')).toBeTruthy();
    expect(open.getByRole('link', { name: 'Pay' }).getAttribute('href')).toBe('https://pay.example/in_3');
    const paid = within(invoices.getByRole('row', { name: 'ACME-0002' }));
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.getByText('Jan 15, 2026')).toBeTruthy();
    expect(paid.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      'https://files.example/in_2.pdf',
    );
    expect(invoices.getAllByRole('link', { name: 'Download' })).toHaveLength(2);

    // One round trip after the registry: each billing call once, side by side.
    expect(billingRequests(requests).sort()).toEqual([
      '/api/v1/collab/3-7/billing',
      '/api/v1/collab/3-7/billing-paddle/settings',
      '/api/v1/collab/3-7/billing/invoices',
      '/api/v1/collab/3-7/billing/plans',
    ]);
  });

  it('says the tax the next payment includes', async () => {
    renderBilling({
      billing: withSubscription({ nextPaymentAmount: 29756, nextPaymentTax: { amount: 5759, percent: 24 } }),
    });
    await pageShown();
    const facts = within(summary());
    expect(facts.getByText('$297.56 on Jan 15, 2027')).toBeTruthy();
    expect(facts.getByText('Includes $57.59 tax (24%)')).toBeTruthy();
  });

  it('says nothing of tax when the next payment includes none', async () => {
    renderBilling({ billing: withSubscription({ nextPaymentTax: null }) });
    await pageShown();
    expect(within(summary()).queryByText(/tax/)).toBeNull();
  });

  it('shows the billing asked for as the console started, and asks for no other', async () => {
    let invoicesAnswered = 0;
    const { requests } = renderBilling({
      askedEarly: true,
      answer: (request) => {
        if (!new URL(request.url).pathname.endsWith('/billing/invoices')) return undefined;
        // Only the early answer has invoices: a page that asked again would show none.
        invoicesAnswered += 1;
        return jsonResponse(200, invoicesAnswered === 1 ? acmeInvoices : []);
      },
    });
    await pageShown();
    const invoices = within(screen.getByRole('table', { name: 'Invoices' }));
    expect(invoices.getByRole('row', { name: 'ACME-0003' })).toBeTruthy();
    expect(billingRequests(requests).sort()).toEqual([
      '/api/v1/collab/3-7/billing',
      '/api/v1/collab/3-7/billing-paddle/settings',
      '/api/v1/collab/3-7/billing/invoices',
      '/api/v1/collab/3-7/billing/plans',
    ]);
  });

  it('starts ready with billing asked for early and in already: no placeholder, no other call', async () => {
    const { requests, services, path } = billingConsole();
    startRouteLoads(services, { pathname: path, search: '' });
    await waitFor(() => expect(billingRequests(requests)).toHaveLength(4));
    // The answers parsed: the early data is in before the page's first render.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const placeholder = watchEverShown(
      () => document.querySelector('[data-testid="billing-skeleton"]') !== null,
    );
    renderConsole(services, path);
    await pageShown();
    expect(placeholder.stop()).toBe(false);
    expect(within(summary()).getByText('Premium')).toBeTruthy();
    expect(billingRequests(requests)).toHaveLength(4);
  });

  it('shows the legacy premium column for Acme, marked current, with pro highlighted and upgradeable', async () => {
    renderBilling();
    await pageShown();
    expect(planHeaders()).toEqual(['Basic', 'PremiumCurrent plan', 'Pro']);
    const table = within(screen.getByRole('table', { name: 'Plans' }));
    expect(table.getByRole('columnheader', { name: 'Pro' }).className).toMatch(/highlighted/);
    expect(
      table.getAllByRole('button', { name: /^Upgrade/ }).map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Upgrade to Pro']);
    // The annual price per month, the discount, the usage of three seats.
    expect(table.getByText('$9.58 per user / month')).toBeTruthy();
    expect(table.getByText('Save 21%')).toBeTruthy();
    expect(table.getByText('$28.74 / month for 3 users')).toBeTruthy();
    expect(table.getAllByText('Unlimited').length).toBeGreaterThan(0);
  });

  it('starts each flow from its button', async () => {
    renderBilling();
    await pageShown();
    const table = within(screen.getByRole('table', { name: 'Plans' }));
    fireEvent.click(table.getByRole('button', { name: 'Upgrade to Pro' }));
    fireEvent.click(table.getByRole('button', { name: 'Nonprofit or education? Request a free upgrade' }));
    fireEvent.click(table.getAllByText('Monthly')[1] as HTMLElement);
    expect(table.getByText('$12.00 per user / month')).toBeTruthy();
    fireEvent.click(table.getByRole('button', { name: 'Upgrade to Pro' }));
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Billing details' })).getByRole('button', {
        name: 'Edit Billing Details',
      }),
    );
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Invoices' })).getByRole('button', {
        name: 'Edit Billing Details',
      }),
    );
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Payment details' })).getByRole('button', { name: 'Edit' }),
    );
    fireEvent.click(within(summary()).getByRole('button', { name: 'Cancel subscription' }));
    expect(flows.calls).toEqual([
      ['upgrade', 'pro_365'],
      ['requestFreeUpgrade', 'pro_365'],
      ['upgrade', 'pro_30'],
      ['editCustomer'],
      ['editCustomer'],
      ['editCard'],
      ['cancel'],
    ]);
  });

  it('edits the customer and the card together when there is no customer yet', async () => {
    renderBilling({ billing: { ...withSubscription({ status: 'trialing' }), customer: null, card: null } });
    await pageShown();
    const payment = within(screen.getByRole('region', { name: 'Payment details' }));
    expect(payment.getByText('No payment information')).toBeTruthy();
    fireEvent.click(payment.getByRole('button', { name: 'Edit' }));
    expect(flows.calls).toEqual([['editCustomerAndCard']]);
  });

  it('offers plus and pro to a basic team, with no card, no invoices and nothing to cancel', async () => {
    renderBilling({ plan: 'basic', billing: emptyBilling, plans: offeredProducts, invoices: [] });
    await pageShown();
    expect(planHeaders()).toEqual(['BasicCurrent plan', 'Plus', 'Pro']);
    expect(within(summary()).getByText('Basic')).toBeTruthy();
    expect(within(summary()).queryByText('Annual')).toBeNull();
    expect(within(summary()).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Payment details' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Invoices' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Billing details' })).toBeNull();
    const table = within(screen.getByRole('table', { name: 'Plans' }));
    fireEvent.click(table.getByRole('button', { name: 'Upgrade to Plus' }));
    expect(flows.calls).toEqual([['upgrade', 'plus_365']]);
  });

  const ENDED_AT = Date.UTC(2026, 10, 20, 12) / 1000;
  const basicWithEndedTrial = (plan: 'pro' | 'premium') => ({
    plan: 'basic' as const,
    plans: offeredProducts,
    invoices: [],
    billing: { ...emptyBilling, endedTrial: { plan, endedAt: ENDED_AT } },
  });

  it('tells a team back on Basic which trial ended and when, and how to get the plan back', async () => {
    renderBilling(basicWithEndedTrial('pro'));
    await pageShown();
    expect(
      within(summary()).getByText('The Pro trial ended on Nov 20, 2026. Choose a plan below to get it back.'),
    ).toBeTruthy();
  });

  it('offers an upgrade instead after a trial of a plan no longer sold (Premium)', async () => {
    renderBilling(basicWithEndedTrial('premium'));
    await pageShown();
    expect(
      within(summary()).getByText(
        'The Premium trial ended on Nov 20, 2026. Choose a plan below to upgrade again.',
      ),
    ).toBeTruthy();
  });

  it('says nothing of an ended trial without one', async () => {
    renderBilling({ plan: 'basic', billing: { ...emptyBilling, endedTrial: null }, plans: offeredProducts });
    await pageShown();
    expect(within(summary()).queryByText(/trial ended/)).toBeNull();
  });

  it('treats an incomplete subscription as none', async () => {
    renderBilling({
      plan: 'basic',
      billing: withSubscription({ status: 'incomplete' }),
      plans: offeredProducts,
    });
    await pageShown();
    expect(screen.queryByRole('region', { name: 'Payment details' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Invoices' })).toBeNull();
    expect(planHeaders()[0]).toBe('BasicCurrent plan');
  });

  it('hides upgrade options from a pro team', async () => {
    renderBilling({ plan: 'pro', billing: withSubscription({ planId: 'pro_30' }), plans: offeredProducts });
    await pageShown();
    expect(screen.queryAllByRole('button', { name: /^Upgrade/ })).toEqual([]);
    expect(within(summary()).getByText('Monthly')).toBeTruthy();
    expect(screen.queryByText('Nonprofit or education? Request a free upgrade')).toBeNull();
  });

  it('shows the trial days and, once cancelled, the end date with Upgrade while trialing', async () => {
    const now = Date.now() / 1000;
    renderBilling({
      billing: withSubscription({
        status: 'trialing',
        trialEndAt: now + 10 * DAY_S + 600,
        cancelAt: now + 10 * DAY_S,
      }),
    });
    await pageShown();
    expect(within(summary()).getByText('Trial ends in 10 days')).toBeTruthy();
    expect(within(summary()).getByText(/^Your subscription is cancelled and ends on /)).toBeTruthy();
    expect(within(summary()).queryByRole('button', { name: 'Cancel subscription' })).toBeNull();
    expect(within(summary()).queryByText(/Next payment/)).toBeNull();
    fireEvent.click(within(summary()).getByRole('button', { name: 'Upgrade' }));
    expect(flows.calls).toEqual([['upgrade', 'premium_365']]);
  });

  it('offers Renew on a cancelled paid subscription', async () => {
    renderBilling({
      billing: withSubscription({ cancelAt: Date.now() / 1000 + 30 * DAY_S, nextPaymentAt: null }),
    });
    await pageShown();
    expect(within(summary()).queryByText(/^Trial ends/)).toBeNull();
    fireEvent.click(within(summary()).getByRole('button', { name: 'Renew' }));
    expect(flows.calls).toEqual([['renew']]);
  });

  it('shows the legal text of a paid plan on its terms button', async () => {
    renderBilling();
    await pageShown();
    fireEvent.focus(screen.getByRole('button', { name: 'Terms of Pro' }));
    expect(
      await screen.findByText(/Service fees are non-refundable unless agreed in writing\. If you cancel/),
    ).toBeTruthy();
  });

  it('shows the result of a checkout, then removes the query by replacing the history entry', async () => {
    const trial = withSubscription(
      { status: 'trialing', planId: 'pro_365', trialEndAt: Date.now() / 1000 + 14 * DAY_S },
      emptyBilling,
    );
    const { router } = renderBilling({
      plan: 'basic',
      billing: trial,
      plans: offeredProducts,
      query: '?result=success&mode=checkout&planId=pro_365&session_id=cs_test_1',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Thank you!' });
    expect(within(dialog).getByText('Your team is now on Spark Pro (annual subscription).')).toBeTruthy();
    expect(within(dialog).getByText('Every Pro feature is on for everyone in your team.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.pathname).toBe('/teams/3-7/billing');
    // The registry follows the subscription: the nav says Billing, the summary and table say Pro.
    const nav = within(screen.getByRole('navigation', { name: 'Team' }));
    await waitFor(() => expect(nav.getByRole('link', { name: 'Billing' })).toBeTruthy());
    expect(nav.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    expect(within(summary()).getByText('Pro')).toBeTruthy();
    expect(planHeaders()).toEqual(['Basic', 'Plus', 'ProCurrent plan']);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Thank you!' })).toBeNull());
  });

  it('cleans a cancelled checkout from the address without a dialog', async () => {
    const { router } = renderBilling({
      plan: 'basic',
      billing: emptyBilling,
      plans: offeredProducts,
      query: '?result=cancel&mode=checkout&planId=pro_365&keep=1',
    });
    await pageShown();
    await waitFor(() => expect(router.state.location.search).toBe('?keep=1'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a failed load with Retry, and loads again', async () => {
    let failing = true;
    renderBilling({
      answer: (request) =>
        failing && new URL(request.url).pathname.endsWith('/billing/plans')
          ? jsonResponse(403, {
              errorCode: 1700,
              errorMessage: 'You are not allowed to do this',
              errorData: null,
            })
          : undefined,
    });
    expect(await screen.findByText('You are not allowed to do this')).toBeTruthy();
    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await pageShown();
    expect(screen.queryByText('You are not allowed to do this')).toBeNull();
  });

  it('reloads billing when a flow changed something, keeping the page and its flows mounted', async () => {
    let card = acmeBilling.card;
    const { requests } = renderBilling({
      answer: (request) =>
        new URL(request.url).pathname.endsWith('/3-7/billing')
          ? jsonResponse(200, { ...acmeBilling, card })
          : undefined,
    });
    await pageShown();
    card = { last4: '1881', brand: 'visa', expMonth: 3, expYear: 2034 };
    flows.onChanged.at(-1)?.();
    expect(await screen.findByText('Visa •••• 1881')).toBeTruthy();
    expect(screen.getByText('03 / 34')).toBeTruthy();
    expect(billingRequests(requests).filter((path) => path.endsWith('/billing'))).toHaveLength(2);
  });

  it("switches a team with no provider to Paddle: kept in the address, the page reads Paddle's calls", async () => {
    const base = `/api/v1/collab/${TEAM_ID}-${OWNER_ID}`;
    const { requests, router } = renderBilling({
      plan: 'basic',
      billing: emptyBilling,
      plans: offeredProducts,
      allowedProviders: ['stripe', 'paddle'],
      answer: (request) => {
        const { pathname } = new URL(request.url);
        if (pathname === `${base}/billing-paddle/plans`) return jsonResponse(200, offeredProducts);
        if (pathname === `${base}/billing-paddle/subscription`) return jsonResponse(200, null);
        if (pathname === `${base}/billing-paddle/payments`) return jsonResponse(200, []);
        if (pathname === `${base}/billing/usage`) return jsonResponse(200, { usersCnt: 2 });
        return undefined;
      },
    });
    await pageShown();
    const group = () => within(screen.getByRole('group', { name: 'Payment provider' }));
    expect(group().getByText(/Current payment provider/).textContent).toBe(
      'Current payment provider: Stripe',
    );
    expect(billingRequests(requests).some((path) => path.includes('billing-paddle/subscription'))).toBe(
      false,
    );
    fireEvent.click(group().getByRole('button', { name: 'switch to Paddle' }));
    await waitFor(() =>
      expect(group().getByText(/Current payment provider/).textContent).toBe(
        'Current payment provider: Paddle',
      ),
    );
    expect(router.state.location.search).toBe('?provider=paddle');
    const paths = billingRequests(requests);
    for (const call of ['plans', 'subscription', 'payments'])
      expect(paths).toContain(`${base}/billing-paddle/${call}`);
    expect(paths).toContain(`${base}/billing/usage`);
    // Not on a provider yet: the way back stays.
    expect(group().getByRole('button', { name: 'switch to Stripe' })).toBeTruthy();
  });

  it('reads a Paddle team from Paddle, with no switch back and no billing details', async () => {
    const base = `/api/v1/collab/${TEAM_ID}-${OWNER_ID}`;
    const paddleInvoices: Invoice[] = [
      {
        date: Date.UTC(2026, 10, 2, 12) / 1000,
        amount: 2400,
        currency: 'USD',
        id: 'txn_2',
        number: 'P-2',
        status: 'past_due',
        payUrl: 'https://pay.test/txn_2',
        pdfUrl: null,
      },
      {
        date: Date.UTC(2026, 9, 2, 12) / 1000,
        amount: 2400,
        currency: 'USD',
        id: 'txn_1',
        number: 'P-1',
        status: 'paid',
        payUrl: null,
        pdfUrl: `${base}/billing-paddle/payments/txn_1/invoice`,
      },
    ];
    const { requests } = renderBilling({
      answer: (request) => {
        const { pathname } = new URL(request.url);
        const answers: Record<string, unknown> = {
          [`${base}/billing-paddle/settings`]: {
            provider: 'paddle',
            enabled: true,
            environment: 'sandbox',
            clientToken: 'test_1',
            scriptUrl: '/sandbox/paddle/paddle.js',
            currentProvider: 'paddle',
            allowedProviders: ['paddle'],
          },
          [`${base}/billing-paddle/plans`]: acmeProducts,
          [`${base}/billing-paddle/subscription`]: { ...acmeBilling.subscription, card: acmeBilling.card },
          [`${base}/billing-paddle/payments`]: paddleInvoices,
          [`${base}/billing/usage`]: acmeBilling.usage,
        };
        return pathname in answers ? jsonResponse(200, answers[pathname]) : undefined;
      },
    });
    expect(await screen.findByText('P-1')).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Payment provider' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit Billing Details' })).toBeNull();
    expect(screen.getByRole('link', { name: /Pay/ }).getAttribute('href')).toBe('https://pay.test/txn_2');
    expect(screen.getByRole('link', { name: /Download/ }).getAttribute('href')).toContain(
      '/billing-paddle/payments/txn_1/invoice',
    );
    // Stripe's calls went side by side with the settings; their answers were dropped for Paddle's.
    expect(billingRequests(requests)).toContain(`${base}/billing-paddle/payments`);
    expect(screen.queryByText('ACME-0003')).toBeNull();
  });

  it('has no provider switch with one allowed provider', async () => {
    renderBilling();
    await pageShown();
    expect(screen.queryByRole('group', { name: 'Payment provider' })).toBeNull();
    expect(screen.queryByText(/Current payment provider/)).toBeNull();
  });

  it.each([
    ['a member', 'member'],
    ['an admin', 'admin'],
  ] as const)('gives %s no billing data and makes no billing call', async (_, role) => {
    const { requests } = renderBilling({ role });
    expect(await screen.findByText('Only the team owner can see billing.')).toBeTruthy();
    expect(screen.queryByText(/4242/)).toBeNull();
    expect(screen.queryByRole('table')).toBeNull();
    expect(billingRequests(requests)).toEqual([]);
  });
});
