// The billing flows' dialogs in jsdom, wired as the page wires them: <BillingFlows> around buttons
// that call useBillingFlows(), the real machines and API client over a fake API.
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { InspectionEvent } from 'xstate';
import { fakeFetch, jsonResponse, type RecordedRequest } from '@/api/testing/fake-fetch';
import { Providers } from '@/app/providers';
import { ServicesProvider } from '@/app/services-context';
import type { Billing } from '@/domain/entities';
import { selectShownFlash } from '@/machines/flash.selectors';
import { acmeBilling, acmeProducts, emptyBilling } from '@/test/billing-fixtures';
import { fakeAccessToken } from '@/test/fake-jwt';
import { createTestServices } from '@/test/test-services';
import { BillingFlows, useBillingFlows } from './billing-flows';

// Stripe.js cannot run in jsdom: the pending-payment confirmation answers as the test says.
const confirmPendingPayment = vi.fn<(key: string, secret: string) => Promise<string | null>>();
vi.mock('@/routes/team/billing-flows/stripe', () => ({
  confirmPendingPayment: (key: string, secret: string) => confirmPendingPayment(key, secret),
}));

const FAR_FUTURE_S = 4_102_444_800;
const signedIn = { refreshToken: 'rt_1', accessToken: fakeAccessToken(7), expiresAt: FAR_FUTURE_S, uid: 7 };
const V1 = '/api/v1/collab/3-7/billing';
const V2 = '/api/v2/collab/3-7/billing';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function Buttons() {
  const flows = useBillingFlows();
  return (
    <>
      <button type="button" onClick={() => flows.upgrade('pro_365')}>
        test upgrade
      </button>
      <button type="button" onClick={() => flows.editCustomer()}>
        test edit details
      </button>
      <button type="button" onClick={() => flows.cancel()}>
        test cancel
      </button>
      <button type="button" onClick={() => flows.requestFreeUpgrade('pro_365')}>
        test free upgrade
      </button>
      <output>{flows.busy ? 'busy' : 'idle'}</output>
    </>
  );
}

function renderFlows(
  billing: Billing,
  handlers: Record<string, Handler>,
  inspect?: (event: InspectionEvent) => void,
) {
  const { fetch, requests } = fakeFetch((_call, request) => {
    const { pathname } = new URL(request.url);
    const handler = handlers[`${request.method} ${pathname}`];
    if (handler) return handler(request);
    return jsonResponse(404, { errorCode: 2200, errorMessage: 'Item not found', errorData: null });
  });
  const { services: testServices } = createTestServices({ fetch, stored: signedIn });
  // The dev inspector's hook, as the app passes it to every actor (src/app/inspector.ts).
  const services = inspect ? { ...testServices, inspect } : testServices;
  const onChanged = vi.fn();
  render(
    <Providers env="test">
      <ServicesProvider services={services}>
        <BillingFlows
          teamUserRef={{ teamId: 3, userId: 7 }}
          provider="stripe"
          paddle={null}
          billing={billing}
          plans={acmeProducts}
          onChanged={onChanged}
        >
          <Buttons />
        </BillingFlows>
      </ServicesProvider>
    </Providers>,
  );
  const calls = (key: string) =>
    requests.filter((request) => `${request.method} ${new URL(request.url).pathname}` === key);
  const flash = () => selectShownFlash(services.flash.getSnapshot());
  return { calls, onChanged, flash };
}

const preview = {
  lines: [{ description: 'Remaining time on 3 × Spark Pro', amount: 34_500 }],
  subtotal: 34_500,
  discount: 0,
  tax: 0,
  taxPercent: 0,
  amountDue: 34_500,
  currency: 'USD',
};

// Whole dialogs typed into with user-event: the slowest console tests (8 s each on a busy 2-core machine).
describe('BillingFlows', { timeout: 30_000 }, () => {
  it('edits the billing details: the client rules first, then the normalised customer is saved', async () => {
    const { calls, onChanged } = renderFlows(acmeBilling, {
      [`PUT ${V1}/customer`]: (request) => jsonResponse(200, request.json()),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test edit details' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Billing Details')).toBeTruthy();
    expect(within(dialog).getByText('1 of 1')).toBeTruthy();
    expect(screen.getByText('busy')).toBeTruthy();

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: ' ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(await within(dialog).findByText('Name must not be empty')).toBeTruthy();
    expect(calls(`PUT ${V1}/customer`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), {
      target: { value: ' Acme GmbH ' },
    });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'VAT Number' }), {
      target: { value: '987 654 321' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls(`PUT ${V1}/customer`)[0]?.json()).toMatchObject({ name: 'Acme GmbH', vatId: 'DE987654321' });
    expect(onChanged).toHaveBeenCalled();
    expect(screen.getByText('idle')).toBeTruthy();
  });

  it('shows a server field error by its field, humanized', async () => {
    renderFlows(acmeBilling, {
      [`PUT ${V1}/customer`]: () =>
        jsonResponse(400, {
          errorCode: 10,
          errorMessage: 'Validation error',
          errorData: [{ field: 'vatId', message: 'is invalid' }],
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test edit details' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Update Details' }));
    expect(await within(dialog).findByText('VAT Number is invalid')).toBeTruthy();
  });

  it('subscribes through the Confirmation step: preview, a refused code by its field, Start {plan}', async () => {
    const { calls } = renderFlows(acmeBilling, {
      [`POST ${V1}/preview`]: (request) =>
        (request.json() as { coupon?: string }).coupon
          ? jsonResponse(400, {
              errorCode: 10,
              errorMessage: 'Validation error',
              errorData: [{ field: 'coupon', message: 'is invalid' }],
            })
          : jsonResponse(200, preview),
      [`PUT ${V2}/plan`]: () => jsonResponse(200, acmeBilling),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('row', { name: 'Total $345.00' })).toBeTruthy();
    expect(within(dialog).getByRole('row', { name: 'Tax (0%) $0.00' })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'I have a promotion code' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Promotion code' }), {
      target: { value: 'NOPE' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Promotion code is invalid')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Start Pro' }));
    expect(await screen.findByText('Your team is now on Spark Pro (annual subscription).')).toBeTruthy();
    expect(calls(`PUT ${V2}/plan`)[0]?.json()).toEqual({ planId: 'pro_365', coupon: null });
  });

  it('a card refused on Start closes the dialog with a danger flash of the provider’s message', async () => {
    const { flash } = renderFlows(acmeBilling, {
      [`POST ${V1}/preview`]: () => jsonResponse(200, preview),
      [`PUT ${V2}/plan`]: () =>
        jsonResponse(402, {
          errorCode: 1900,
          errorMessage: 'Your card has insufficient funds.',
          errorData: { code: 'card_declined', declineCode: 'insufficient_funds' },
        }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Start Pro' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(flash()).toMatchObject({ variant: 'danger', message: 'Your card has insufficient funds.' });
  });

  it('sends a team without a subscription to the hosted checkout, with Retry when the page stays', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const assign = vi.fn();
    const location = window.location;
    Object.defineProperty(window, 'location', { configurable: true, value: { ...location, assign } });
    try {
      const { calls } = renderFlows(emptyBilling, {
        [`POST ${V2}/checkout`]: () =>
          jsonResponse(200, { url: 'http://console.test/sandbox/stripe/checkout/cs_1' }),
      });
      fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
      expect(await screen.findByText('Redirecting to checkout...')).toBeTruthy();
      await waitFor(() =>
        expect(assign).toHaveBeenCalledWith('http://console.test/sandbox/stripe/checkout/cs_1'),
      );
      expect(calls(`POST ${V2}/checkout`)[0]?.json()).toEqual({
        planId: 'pro_365',
        redirectParams: { planId: 'pro_365' },
      });
      await act(() => vi.advanceTimersByTimeAsync(10_000));
      fireEvent.click(await screen.findByRole('button', { name: 'Retry' }));
      await waitFor(() => expect(calls(`POST ${V2}/checkout`)).toHaveLength(2));
    } finally {
      Object.defineProperty(window, 'location', { configurable: true, value: location });
      vi.useRealTimers();
    }
  });

  it('cancels after the survey with the team’s basic plan of the same interval', async () => {
    const { calls, flash, onChanged } = renderFlows(acmeBilling, {
      [`PUT ${V2}/plan`]: () => jsonResponse(200, acmeBilling),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test cancel' }));
    expect(
      await screen.findByText(
        /keeps its premium features until the subscription expires on January 15, 2027/,
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Too expensive' }));
    await waitFor(() => expect(flash()).toMatchObject({ message: 'Subscription was cancelled' }));
    expect(calls(`PUT ${V2}/plan`)[0]?.json()).toEqual({ planId: 'basic_365' });
    expect(onChanged).toHaveBeenCalled();
  });

  it('a failed free-upgrade request reads Unknown error with Ok', async () => {
    renderFlows(acmeBilling, {
      [`PUT ${V1}/customer`]: (request) => jsonResponse(200, request.json()),
      [`POST ${V1}/request-free`]: () =>
        jsonResponse(400, { errorCode: 10, errorMessage: 'Validation error', errorData: [] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'test free upgrade' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Request Free Upgrade' }));
    expect(await within(dialog).findByText('Unknown error. Please try again later')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ok' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('confirms a plan change waiting for 3-D Secure, flashes a failed authentication and reads billing again', async () => {
    confirmPendingPayment.mockResolvedValueOnce('We are unable to authenticate your payment method.');
    const pending: Billing = {
      ...acmeBilling,
      subscription: {
        ...(acmeBilling.subscription as NonNullable<Billing['subscription']>),
        pendingPaymentIntentSecret: 'pi_9_secret_x',
      },
    };
    const { flash, onChanged } = renderFlows(pending, {
      [`GET ${V1}/stripe-token`]: () => jsonResponse(200, { token: 'pk_test_sandbox_abc' }),
    });
    expect(screen.getByText('busy')).toBeTruthy();
    await waitFor(() =>
      expect(confirmPendingPayment).toHaveBeenCalledWith('pk_test_sandbox_abc', 'pi_9_secret_x'),
    );
    await waitFor(() =>
      expect(flash()).toMatchObject({
        variant: 'danger',
        message: 'We are unable to authenticate your payment method.',
      }),
    );
    expect(onChanged).toHaveBeenCalled();
  });

  it('joins the Stately inspector: the lifecycle, the checkout flow and its step child', async () => {
    const actorIds = new Set<string>();
    const inspect = (event: InspectionEvent) => {
      if (event.type !== '@xstate.actor') return;
      const logic = (event.actorRef as { logic?: { id?: string } }).logic;
      if (logic?.id) actorIds.add(logic.id);
    };
    renderFlows(acmeBilling, { [`POST ${V1}/preview`]: () => jsonResponse(200, preview) }, inspect);
    fireEvent.click(screen.getByRole('button', { name: 'test upgrade' }));
    expect(await screen.findByRole('button', { name: 'Start Pro' })).toBeTruthy();
    expect([...actorIds]).toEqual(
      expect.arrayContaining(['subscriptionLifecycle', 'checkout', 'planConfirmation']),
    );
  });
});
