// Paddle.js through @paddle/paddle-js, in its own chunk: loaded only when a Paddle checkout opens.
// With the built-in sandbox (`scriptUrl` set) its stand-in is loaded first, a classic script that
// defines window.PaddleBillingV1, which initializePaddle then finds instead of loading Paddle's CDN.
import { initializePaddle, type Paddle, type PaddleEventData } from '@paddle/paddle-js';
import type { PaddleCheckoutOrder } from '@/machines/paddle-checkout.machine';

export interface PaddleJsSettings {
  environment: 'sandbox' | 'production';
  clientToken: string | null;
  scriptUrl: string | null;
}

export type PaddleCheckoutOutcome = 'completed' | 'closed';

const scripts = new Map<string, Promise<void>>();

function loadScript(url: string): Promise<void> {
  let loading = scripts.get(url);
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      script.onload = () => resolve();
      script.onerror = () => {
        scripts.delete(url);
        script.remove();
        reject(new Error('Paddle.js could not be loaded'));
      };
      document.head.append(script);
    });
    scripts.set(url, loading);
  }
  return loading;
}

// Paddle.js has one event callback for the page: it goes to the checkout open now, if any.
let listener: ((event: PaddleEventData) => void) | null = null;

async function paddleFor(settings: PaddleJsSettings): Promise<Paddle> {
  if (!settings.clientToken) throw new Error('Paddle is not configured');
  if (settings.scriptUrl) await loadScript(settings.scriptUrl);
  const paddle = await initializePaddle({
    environment: settings.environment,
    token: settings.clientToken,
    eventCallback: (event) => listener?.(event),
  });
  if (!paddle) throw new Error('Paddle.js did not load');
  return paddle;
}

/**
 * Opens Paddle's overlay checkout for the order; `onOutcome` hears its completion or its closing.
 * Resolves to a function that closes the overlay and stops listening.
 */
export async function openPaddleCheckout(
  settings: PaddleJsSettings,
  order: PaddleCheckoutOrder,
  onOutcome: (outcome: PaddleCheckoutOutcome) => void,
): Promise<() => void> {
  const paddle = await paddleFor(settings);
  const own = (event: PaddleEventData) => {
    const name: string | undefined = event.name;
    if (name === 'checkout.completed') onOutcome('completed');
    else if (name === 'checkout.closed') onOutcome('closed');
  };
  listener = own;
  if ('transactionId' in order) paddle.Checkout.open({ transactionId: order.transactionId });
  else
    paddle.Checkout.open({
      items: [{ priceId: order.priceId, quantity: order.quantity }],
      customer: order.customer,
      customData: order.customData,
    });
  return () => {
    if (listener !== own) return;
    listener = null;
    paddle.Checkout.close();
  };
}

/** The checkout on a payment link page: open it again after it was closed, or close it for good. */
export interface PaymentLinkCheckout {
  reopen(): void;
  close(): void;
}

/**
 * A default payment link page (`?_ptxn=txn_…` in its address): initializing Paddle.js opens the
 * checkout for that transaction by itself, as Paddle's own script does on a seller's payment link.
 * `onOutcome` hears its completion or its closing; the listener is set first, so none is missed.
 */
export async function openPaddlePaymentLink(
  settings: PaddleJsSettings,
  transactionId: string,
  onOutcome: (outcome: PaddleCheckoutOutcome) => void,
): Promise<PaymentLinkCheckout> {
  const own = (event: PaddleEventData) => {
    const name: string | undefined = event.name;
    if (name === 'checkout.completed') onOutcome('completed');
    else if (name === 'checkout.closed') onOutcome('closed');
  };
  listener = own;
  const paddle = await paddleFor(settings).catch((error: unknown) => {
    if (listener === own) listener = null;
    throw error;
  });
  return {
    reopen: () => paddle.Checkout.open({ transactionId }),
    close: () => {
      if (listener !== own) return;
      listener = null;
      paddle.Checkout.close();
    },
  };
}
