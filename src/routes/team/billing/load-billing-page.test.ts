import { paddleBilling } from '@/api/team-billing-paddle';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import type { Card, Invoice, PaymentProvider, Subscription } from '@/domain/entities';
import { startRouteLoads } from '@/routes/loads/start-route-loads';
import { acmeBilling, acmeInvoices, acmeProducts } from '@/test/billing-fixtures';
import { membershipFixture } from '@/test/entity-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { createTestServices } from '@/test/test-services';
import { loadBillingPage } from './load-billing-page';

const ref = { teamId: 3, userId: 7 };
const base = '/api/v1/collab/3-7';
const card: Card = { brand: 'visa', last4: '4242', expMonth: 12, expYear: 2030 };
const paddleSubscription: Subscription & { card: Card } = {
  status: 'active',
  planId: 'plus_30',
  cancelAt: null,
  nextPaymentAt: 1_800_000_000,
  nextPaymentAmount: 2400,
  nextPaymentProrations: [],
  trialEndAt: null,
  pendingPaymentIntentSecret: null,
  card,
};
const paddlePayments: Invoice[] = [
  {
    id: 'txn_01',
    date: 1_790_000_000,
    number: '1-1',
    status: 'paid',
    amount: 2400,
    currency: 'USD',
    payUrl: null,
    pdfUrl: `${base}/billing-paddle/payments/txn_01/invoice`,
  },
];

/** The API answering both providers' calls; the settings say the team's provider is `current`. */
function server(current: PaymentProvider | null, allowed?: PaymentProvider[]) {
  const { fetch, requests } = fakeFetch((_call, request) => {
    const { pathname } = new URL(request.url);
    const answers: Record<string, unknown> = {
      '/api/v1/collab/teams': {
        items: [
          membershipFixture(
            { id: 3, name: 'Acme Inc', plan: 'premium' },
            { id: 7, email: 'bella@bakery.test', role: 'owner' },
          ),
        ],
      },
      [`${base}/billing`]: acmeBilling,
      [`${base}/billing/plans`]: acmeProducts,
      [`${base}/billing/invoices`]: acmeInvoices,
      [`${base}/billing/usage`]: { usersCnt: 4 },
      [`${base}/billing-paddle/settings`]: {
        provider: 'paddle',
        enabled: true,
        environment: 'sandbox',
        clientToken: 'test_token',
        scriptUrl: '/sandbox/paddle/paddle.js',
        currentProvider: current,
        allowedProviders: allowed ?? (current ? [current] : ['stripe', 'paddle']),
      },
      [`${base}/billing-paddle/plans`]: acmeProducts,
      [`${base}/billing-paddle/subscription`]: paddleSubscription,
      [`${base}/billing-paddle/payments`]: paddlePayments,
    };
    if (pathname in answers) return jsonResponse(200, answers[pathname]);
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const stored = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: 4_102_444_800, uid: 7 };
  const { services } = createTestServices({ fetch, stored });
  const paths = () => requests.map((request) => new URL(request.url).pathname);
  return { services, paths };
}

const composed = {
  customer: null,
  card,
  subscription: (({ card: _card, ...rest }) => rest)(paddleSubscription),
  usage: { usersCnt: 4 },
};

describe('the billing page for the provider in effect', () => {
  it("reads Stripe's calls for a team with no provider and none chosen", async () => {
    const { services, paths } = server(null);
    const data = await loadBillingPage(services.api, ref);
    expect(data).toMatchObject({ provider: 'stripe', billing: acmeBilling, invoices: acmeInvoices });
    expect(paths().some((path) => path.includes('billing-paddle/subscription'))).toBe(false);
  });

  it("reads Paddle's calls, composing Billing from the subscription and the usage, once Paddle is chosen", async () => {
    const { services, paths } = server(null);
    const data = await loadBillingPage(services.api, ref, undefined, 'paddle');
    expect(data.provider).toBe('paddle');
    expect(data.billing).toEqual(composed);
    expect(data.invoices).toEqual(paddlePayments);
    expect(data.providers?.scriptUrl).toBe('/sandbox/paddle/paddle.js');
    expect(paths()).not.toContain(`${base}/billing`);
    expect(paths()).not.toContain(`${base}/billing/invoices`);
  });

  it("reads Paddle's calls for a team on Paddle, whatever was chosen", async () => {
    const { services, paths } = server('paddle');
    const data = await loadBillingPage(services.api, ref);
    expect(data.provider).toBe('paddle');
    expect(data.billing).toEqual(composed);
    expect(paths()).toContain(`${base}/billing-paddle/payments`);
  });

  it('keeps a team on Stripe on Stripe, even with ?provider=paddle in its address', async () => {
    const { services } = server('stripe');
    const data = await loadBillingPage(services.api, ref, undefined, 'paddle');
    expect(data).toMatchObject({ provider: 'stripe', billing: acmeBilling });
  });

  it('reads Stripe where Paddle is not allowed (a default provider configured), whatever the link says', async () => {
    const { services } = server(null, ['stripe']);
    const data = await loadBillingPage(services.api, ref, undefined, 'paddle');
    expect(data).toMatchObject({ provider: 'stripe', billing: acmeBilling });
  });

  it('shows no subscription and no card for a Paddle team without one', () => {
    expect(paddleBilling(null, { usersCnt: 2 })).toEqual({
      customer: null,
      card: null,
      subscription: null,
      usage: { usersCnt: 2 },
    });
  });

  it("asks as the console starts for Paddle's calls on a page opened with ?provider=paddle, under that provider only", async () => {
    const { services, paths } = server(null);
    startRouteLoads(services, { pathname: '/teams/3-7/billing', search: '?provider=paddle' });
    await vi.waitFor(() => expect(paths()).toContain(`${base}/billing-paddle/payments`));
    expect(services.routeData.take('billing:3-7', vi.fn())).toBeNull();
    const taken = services.routeData.take('billing:3-7?paddle', vi.fn());
    expect(taken).not.toBeNull();
  });
});
