import type { PaddleEventData } from '@paddle/paddle-js';
import { openPaddleCheckout } from './paddle';

/** A Paddle.js v2 global as the sandbox's stand-in defines it, recording what the console asks. */
function paddleGlobal() {
  const seen = {
    environment: [] as string[],
    initialized: [] as { token?: string }[],
    opened: [] as unknown[],
    closed: 0,
    callback: null as ((event: PaddleEventData) => void) | null,
  };
  const paddle = {
    Initialized: false,
    Environment: { set: (environment: string) => seen.environment.push(environment) },
    Initialize(options: { token: string; eventCallback: (event: PaddleEventData) => void }) {
      seen.initialized.push(options);
      seen.callback = options.eventCallback;
      paddle.Initialized = true;
    },
    Update(options: { eventCallback: (event: PaddleEventData) => void }) {
      seen.callback = options.eventCallback;
    },
    Checkout: {
      open: (options: unknown) => seen.opened.push(options),
      close: () => {
        seen.closed++;
      },
    },
  };
  return { paddle, seen };
}

const settings = {
  environment: 'sandbox' as const,
  clientToken: 'test_1',
  scriptUrl: '/sandbox/paddle/paddle.js',
};
const order = {
  priceId: 'pri_1',
  quantity: 3,
  customer: { email: 'bella@bakery.test' },
  customData: { teamId: 5, checkoutToken: 'hmac' },
};
const event = (name: string) => ({ name, data: {} }) as unknown as PaddleEventData;

// @paddle/paddle-js keeps the Paddle it found for the page's lifetime: one stand-in for all tests.
const { paddle, seen } = paddleGlobal();

describe('Paddle.js for the checkout', () => {
  it("loads the sandbox's stand-in, initialises it with the client token and opens the order", async () => {
    const opening = openPaddleCheckout(settings, order, () => {});
    const script = document.head.querySelector<HTMLScriptElement>('script[src="/sandbox/paddle/paddle.js"]');
    expect(script).not.toBeNull();
    Object.assign(window, { PaddleBillingV1: paddle });
    script?.dispatchEvent(new Event('load'));
    await opening;
    expect(seen.environment).toEqual(['sandbox']);
    expect(seen.initialized.map((options) => options.token)).toEqual(['test_1']);
    expect(seen.opened).toEqual([
      {
        items: [{ priceId: 'pri_1', quantity: 3 }],
        customer: { email: 'bella@bakery.test' },
        customData: { teamId: 5, checkoutToken: 'hmac' },
      },
    ]);
  });

  it('reports completion and closing to the checkout open now only, and closes the overlay', async () => {
    const first: string[] = [];
    // The stand-in is loaded and initialised already: this checkout opens a transaction.
    const closeFirst = await openPaddleCheckout(settings, { transactionId: 'txn_1' }, (outcome) =>
      first.push(outcome),
    );
    expect(seen.opened.at(-1)).toEqual({ transactionId: 'txn_1' });
    expect(seen.initialized).toHaveLength(1);
    seen.callback?.(event('checkout.loaded'));
    seen.callback?.(event('checkout.payment.failed'));
    seen.callback?.(event('checkout.completed'));
    expect(first).toEqual(['completed']);
    closeFirst();
    expect(seen.closed).toBe(1);
    seen.callback?.(event('checkout.closed'));
    expect(first).toEqual(['completed']);
  });

  it('refuses without a client token', async () => {
    await expect(openPaddleCheckout({ ...settings, clientToken: null }, order, () => {})).rejects.toThrow(
      'Paddle is not configured',
    );
  });
});
