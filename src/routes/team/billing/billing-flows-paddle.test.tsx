// The billing flows on Paddle in jsdom, wired as the page wires them: <BillingFlows> for a team whose
// provider in effect is Paddle, the real machines and API client over a fake billing-paddle API, and
// Paddle.js replaced at its module (it cannot run in jsdom).
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { fakeFetch, jsonResponse, type RecordedRequest } from '@/api/testing/fake-fetch';
import { Providers } from '@/app/providers';
import { ServicesProvider } from '@/app/services-context';
import type { Billing } from '@/domain/entities';
import { selectShownFlash } from '@/machines/flash.selectors';
import type { PaddleCheckoutOrder } from '@/machines/paddle-checkout.machine';
import type { PaddleJsSettings } from '@/routes/payments/paddle';
import { acmeBilling, acmeProducts, emptyBilling } from '@/test/billing-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { createTestServices } from '@/test/test-services';
import { BillingFlows, useBillingFlows } from './billing-flows';

type Outcome = (outcome: 'completed' | 'closed') => void;
const opened: { settings: PaddleJsSettings; order: PaddleCheckoutOrder; finish: Outcome }[] = [];
const closeOverlay = vi.fn();
vi.mock('@/routes/payments/paddle', () => ({
  openPaddleCheckout: async (settings: PaddleJsSettings, order: PaddleCheckoutOrder, finish: Outcome) => {
    opened.push({ settings, order, finish });
    return closeOverlay;
  },
}));

const signedIn = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: 4_102_444_800, uid: 7 };
const PADDLE = '/api/v1/collab/3-7/billing-paddle';
const settings = {
  provider: 'paddle' as const,
  enabled: true,
  environment: 'sandbox' as const,
  clientToken: 'test_1',
  scriptUrl: '/sandbox/paddle/paddle.js',
  currentProvider: null,
  allowedProviders: ['stripe' as const, 'paddle' as const],
};
const order = {
  priceId: 'pri_pro_365',
  quantity: 4,
  customer: { email: 'olivia@acme.test' },
  customData: { teamId: 3, checkoutToken: 'hmac' },
};

function Buttons() {
  const flows = useBillingFlows();
  return (
    <>
      <button type="button" onClick={() => flows.upgrade('pro_365')}>
        test upgrade
      </button>
      <button type="button" onClick={() => flows.editCard()}>
        test card
      </button>
      <button type="button" onClick={() => flows.renew()}>
        test renew
      </button>
    </>
  );
}

type Handler = (request: RecordedRequest) => Response;

function renderPaddleFlows(billing: Billing, handlers: Record<string, Handler>) {
  const { fetch, requests } = fakeFetch((_call, request) => {
    const handler = handlers[`${request.method} ${new URL(request.url).pathname}`];
    if (handler) return handler(request);
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const { services } = createTestServices({ fetch, stored: signedIn });
  const onChanged = vi.fn();
  const tree = (shown: Billing) => (
    <Providers env="test">
      <ServicesProvider services={services}>
        <BillingFlows
          teamUserRef={{ teamId: 3, userId: 7 }}
          provider="paddle"
          paddle={settings}
          billing={shown}
          plans={acmeProducts}
          onChanged={onChanged}
        >
          <Buttons />
        </BillingFlows>
      </ServicesProvider>
    </Providers>
  );
  const view = render(tree(billing));
  // The page reads billing again: a new answer comes down.
  onChanged.mockImplementation(() => setTimeout(() => view.rerender(tree({ ...billing }))));
  const calls = (key: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key);
  const flash = () => selectShownFlash(services.flash.getSnapshot());
  return { calls, onChanged, flash };
}

describe('BillingFlows on Paddle', { timeout: 30_000 }, () => {
  beforeEach(() => {
    opened.length = 0;
    closeOverlay.mockClear();
  });

  it("upgrades in Paddle's overlay, waits for the webhook's plan, then says the team is on it", async () => {
    let reads = 0;
    const { calls, onChanged } = renderPaddleFlows(emptyBilling, {
      [`POST ${PADDLE}/checkout`]: () => jsonResponse(200, order),
      // The webhook lands after the first read.
      [`GET ${PADDLE}/subscription`]: () =>
        jsonResponse(
          200,
          reads++ === 0 ? null : { ...acmeBilling.subscription, planId: 'pro_365', card: null },
        ),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(calls(`POST ${PADDLE}/checkout`)[0]?.json()).toEqual({ planId: 'pro_365' });
    expect(opened[0]?.settings).toMatchObject({
      clientToken: 'test_1',
      scriptUrl: '/sandbox/paddle/paddle.js',
    });
    expect(opened[0]?.order).toEqual(order);
    // Paddle's overlay is on top: no dialog of the console's meanwhile.
    expect(screen.queryByRole('dialog')).toBeNull();

    opened[0]?.finish('completed');
    const thanks = await screen.findByRole('dialog', { name: 'Thank you!' }, { timeout: 5_000 });
    expect(within(thanks).getByText('Your team is now on Spark Pro (annual subscription).')).toBeTruthy();
    expect(calls(`GET ${PADDLE}/subscription`).length).toBeGreaterThanOrEqual(2);
    expect(closeOverlay).toHaveBeenCalled();
    fireEvent.click(within(thanks).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onChanged).toHaveBeenCalled();
  });

  it('goes back to the page unchanged when the overlay is closed before paying', async () => {
    const { calls } = renderPaddleFlows(emptyBilling, {
      [`POST ${PADDLE}/checkout`]: () => jsonResponse(200, order),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    opened[0]?.finish('closed');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(`GET ${PADDLE}/subscription`)).toEqual([]);
  });

  it("changes the card through Paddle's update-payment-method transaction", async () => {
    const { calls } = renderPaddleFlows(acmeBilling, {
      [`POST ${PADDLE}/card`]: () => jsonResponse(200, { transactionId: 'txn_card_1' }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test card' }));
    await waitFor(() => expect(opened).toHaveLength(1));
    expect(opened[0]?.order).toEqual({ transactionId: 'txn_card_1' });
    expect(calls(`POST ${PADDLE}/card`)).toHaveLength(1);
    expect(calls('PUT /api/v1/collab/3-7/billing/card')).toEqual([]);
  });

  it('renews at once with the card Paddle keeps', async () => {
    const { calls, flash } = renderPaddleFlows(acmeBilling, {
      [`PUT ${PADDLE}/plan`]: () => jsonResponse(200, acmeBilling),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test renew' }));
    await waitFor(() => expect(flash()?.message).toBe('Subscription was renewed'));
    expect(calls(`PUT ${PADDLE}/plan`)[0]?.json()).toEqual({ planId: acmeBilling.subscription?.planId });
  });

  it("previews a plan change with Paddle's numbers and offers no promotion code", async () => {
    const { calls } = renderPaddleFlows(acmeBilling, {
      [`POST ${PADDLE}/preview`]: () =>
        jsonResponse(200, {
          lines: [{ description: 'Remaining time on 3 × Spark Pro', amount: 34_500 }],
          subtotal: 34_500,
          discount: 0,
          tax: 0,
          taxPercent: 0,
          amountDue: 34_500,
          currency: 'USD',
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('button', { name: 'Start Pro' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'I have a promotion code' })).toBeNull();
    expect(calls(`POST ${PADDLE}/preview`)[0]?.json()).toEqual({ planId: 'pro_365' });
  });
});
