import { act, fireEvent, screen } from '@testing-library/react';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { preloadRouteGroups, renderConsole } from '@/test/render-console';
import { createTestServices } from '@/test/test-services';

// /paddle-pay?_ptxn=: the console's default payment link. Paddle.js is a stub on window here (the
// loader finds window.PaddleBillingV1 before reaching Paddle's CDN), so the page's own steps show.

const TXN = `txn_${'a1b2c3'.repeat(4)}ab`;
const INVALID = 'This payment link is not valid. Please check the link you were sent.';
const settings = { clientToken: 'test_public_token', environment: 'sandbox', scriptUrl: null };

function consoleAnswering(answer: () => Response) {
  const { fetch, requests } = fakeFetch(answer);
  const { services } = createTestServices({ fetch });
  return { services, requests };
}

interface PaddleStub {
  Initialized: boolean;
  initializedWith: { token?: string; eventCallback?: (event: { name: string }) => void } | null;
  opened: unknown[];
  Initialize(options: PaddleStub['initializedWith']): void;
  Update(): void;
  Environment: { set(environment: string): void };
  Checkout: { open(options: unknown): void; close(): void };
}

function installPaddleStub(): PaddleStub {
  const stub: PaddleStub = {
    Initialized: false,
    initializedWith: null,
    opened: [],
    Initialize(options) {
      stub.Initialized = true;
      stub.initializedWith = options;
    },
    Update() {},
    Environment: { set() {} },
    Checkout: { open: (options) => stub.opened.push(options), close() {} },
  };
  (window as unknown as { PaddleBillingV1: PaddleStub }).PaddleBillingV1 = stub;
  return stub;
}

// @paddle/paddle-js keeps the first Paddle.js it finds for the worker's lifetime, and this file's stub
// changes from test to test: it stands in for the wrapper with the wrapper's own steps (the
// environment, then Initialize or Update) on the stub of the moment. Mocking it puts this file in the
// isolated project, so no other file's Paddle.js meets this one's.
vi.mock('@paddle/paddle-js', () => ({
  initializePaddle: async ({ environment, ...options }: { environment?: string; token: string }) => {
    const paddle = (window as unknown as { PaddleBillingV1?: PaddleStub }).PaddleBillingV1;
    if (!paddle) return undefined;
    if (environment) paddle.Environment.set(environment);
    if (paddle.Initialized) paddle.Update();
    else paddle.Initialize(options);
    return paddle;
  },
}));

beforeAll(preloadRouteGroups, 30_000);
afterEach(() => {
  delete (window as unknown as { PaddleBillingV1?: unknown }).PaddleBillingV1;
});

describe('the Paddle payment link page', () => {
  it.each([
    ['no _ptxn', '/paddle-pay'],
    ['an empty one', '/paddle-pay?_ptxn='],
    ['a subscription id', `/paddle-pay?_ptxn=sub_${'a'.repeat(26)}`],
    ['upper case', `/paddle-pay?_ptxn=${TXN.toUpperCase()}`],
    ['markup', '/paddle-pay?_ptxn=%3Cimg%20src%3Dx%3E'],
  ])('refuses %s with a clear message, making no call and loading no Paddle.js', async (_, path) => {
    const { services, requests } = consoleAnswering(() => jsonResponse(200, settings));
    const stub = installPaddleStub();
    renderConsole(services, path);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay invoice' })).toBeTruthy();
    expect(requests.filter((request) => request.url.includes('/billing-paddle/'))).toHaveLength(0);
    expect(stub.Initialized).toBe(false);
  });

  it('says so when Paddle is not configured, asking without a token', async () => {
    const { services, requests } = consoleAnswering(() => jsonResponse(200, null));
    const stub = installPaddleStub();
    renderConsole(services, `/paddle-pay?_ptxn=${TXN}`);
    expect(await screen.findByText('Payments through Paddle are not available on this server.')).toBeTruthy();
    const asked = requests.filter((request) => request.url.endsWith('/api/v1/billing-paddle/paddle-js'));
    expect(asked).toHaveLength(1);
    expect(asked[0]?.headers.get('authorization')).toBeNull();
    expect(stub.Initialized).toBe(false);
  });

  it('initializes Paddle.js with the public token; closed unpaid offers Pay now, paid links back', async () => {
    const { services } = consoleAnswering(() => jsonResponse(200, settings));
    const stub = installPaddleStub();
    renderConsole(services, `/paddle-pay?_ptxn=${TXN}`);
    expect(await screen.findByText('Complete the payment in the checkout.')).toBeTruthy();
    await vi.waitFor(() => expect(stub.initializedWith?.token).toBe('test_public_token'));
    // Paddle.js opens the checkout for _ptxn by itself: the page does not open a second one.
    expect(stub.opened).toHaveLength(0);
    const emit = (name: string) => act(() => stub.initializedWith?.eventCallback?.({ name }));

    await emit('checkout.closed');
    expect(screen.getByText('The checkout was closed before paying. Nothing was charged.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Pay now' }));
    expect(stub.opened).toEqual([{ transactionId: TXN }]);
    expect(await screen.findByText('Complete the payment in the checkout.')).toBeTruthy();

    await emit('checkout.completed');
    expect(screen.getByText('Paid. Thank you: your subscription is up to date.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Spark' }).getAttribute('href')).toBe('/');
    // Closing the checkout's own success view leaves the page paid.
    await emit('checkout.closed');
    expect(screen.queryByRole('button', { name: 'Pay now' })).toBeNull();
  });

  it('offers Retry when the settings cannot be read', async () => {
    let fail = true;
    const { services } = consoleAnswering(() =>
      fail
        ? jsonResponse(400, { errorCode: 10, errorMessage: 'bad', errorData: {} })
        : jsonResponse(200, null),
    );
    installPaddleStub();
    renderConsole(services, `/paddle-pay?_ptxn=${TXN}`);
    expect(await screen.findByText('Unknown error. Please try again')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Payments through Paddle are not available on this server.')).toBeTruthy();
  });
});
