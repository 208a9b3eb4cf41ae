// The Paddle.js stand-in: window.PaddleBillingV1 (and window.Paddle) with the part of Paddle.js v2
// that @paddle/paddle-js and the console use. Checkout.open shows the sandbox's checkout page in an
// overlay iframe; the page posts Paddle's events here and they go to eventCallback.
// The server joins this file and open-options.js into one classic script (/sandbox/paddle/paddle.js).
import { parseInitializeOptions, parseOpenOptions } from './open-options.js';

// The checkout page lives where the script came from, whichever page loaded it.
const paddleSandboxOrigin = document.currentScript?.src
  ? new URL(document.currentScript.src).origin
  : location.origin;
const checkoutPageUrl = `${paddleSandboxOrigin}/sandbox/paddle/checkout`;

const paddleState = {
  environment: 'production',
  setup: null,
  /** The open checkout: {overlay, frame, options, lastData, previousFocus, onMessage} or null. */
  open: null,
};

function logPaddleError(message) {
  console.error(`[Paddle] ${message}`);
}

function emitPaddleEvent(event) {
  const callback = paddleState.setup?.eventCallback;
  if (!callback) return;
  try {
    callback(event);
  } catch (error) {
    // The page's callback failing must not break the checkout, as with Paddle.js.
    console.error('[Paddle] eventCallback threw', error);
  }
}

function removeOverlay() {
  const open = paddleState.open;
  if (!open) return null;
  paddleState.open = null;
  window.removeEventListener('message', open.onMessage);
  open.overlay.remove();
  if (open.previousFocus instanceof HTMLElement) open.previousFocus.focus();
  return open;
}

/** Closes the overlay and tells the page, as the close button and Checkout.close() do. */
function closeCheckout(data) {
  const open = removeOverlay();
  if (open) emitPaddleEvent({ name: 'checkout.closed', data: data ?? open.lastData });
}

function onCheckoutMessage(open, event) {
  if (event.source !== open.frame.contentWindow || event.origin !== paddleSandboxOrigin) return;
  const message = event.data;
  if (message?.type === 'paddle-sandbox-ready') {
    const { settings, ...checkout } = open.options;
    open.frame.contentWindow.postMessage(
      { type: 'paddle-sandbox-open', token: paddleState.setup.token, settings, ...checkout },
      paddleSandboxOrigin,
    );
    return;
  }
  if (message?.type !== 'paddle-sandbox-event' || typeof message.event?.name !== 'string') return;
  const checkoutEvent = message.event;
  if (checkoutEvent.data) open.lastData = checkoutEvent.data;
  if (checkoutEvent.name === 'checkout.closed') {
    closeCheckout(checkoutEvent.data);
    return;
  }
  emitPaddleEvent(checkoutEvent);
  const successUrl = open.options.settings.successUrl;
  if (checkoutEvent.name === 'checkout.completed' && successUrl) {
    const target = new URL(successUrl, location.href);
    if (target.protocol === 'http:' || target.protocol === 'https:') location.assign(target.href);
  }
}

function showOverlay(options) {
  const overlay = document.createElement('div');
  overlay.className = 'paddle-sandbox-overlay';
  overlay.setAttribute('role', 'dialog');
  overlay.setAttribute('aria-modal', 'true');
  overlay.setAttribute('aria-label', 'Paddle checkout');
  Object.assign(overlay.style, {
    position: 'fixed',
    inset: '0',
    zIndex: '2147483647',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    background: 'rgba(0, 0, 0, 0.5)',
  });
  const frame = document.createElement('iframe');
  frame.title = 'Paddle checkout';
  frame.name = 'paddle_frame';
  frame.src = checkoutPageUrl;
  // Full screen on a phone; a centred panel on a wider screen.
  Object.assign(frame.style, {
    width: 'min(100%, 56rem)',
    height: 'min(100%, 48rem)',
    border: '0',
    borderRadius: '8px',
    background: '#fff',
  });
  const open = { overlay, frame, options, lastData: null, previousFocus: document.activeElement };
  open.onMessage = (event) => onCheckoutMessage(open, event);
  window.addEventListener('message', open.onMessage);
  overlay.append(frame);
  document.body.append(overlay);
  paddleState.open = open;
  frame.focus();
}

const PaddleSandbox = {
  Environment: {
    set(environment) {
      paddleState.environment = environment === 'sandbox' ? 'sandbox' : 'production';
    },
  },
  get Initialized() {
    return paddleState.setup !== null;
  },
  Initialize(options) {
    if (paddleState.setup) {
      logPaddleError('Paddle is already initialized; use Paddle.Update to change its options.');
      return;
    }
    const parsed = parseInitializeOptions(options);
    if (parsed.error) return logPaddleError(parsed.error);
    paddleState.setup = parsed;
    // A seller's payment link: Paddle.js opens the checkout for the transaction its address names.
    const linked = new URLSearchParams(location.search).get('_ptxn');
    if (linked) PaddleSandbox.Checkout.open({ transactionId: linked });
  },
  Update(options) {
    if (!paddleState.setup) return logPaddleError('Call Paddle.Initialize before Paddle.Update.');
    const parsed = parseInitializeOptions({ token: paddleState.setup.token, ...options });
    if (parsed.error) return logPaddleError(parsed.error);
    paddleState.setup = {
      token: parsed.token,
      eventCallback:
        options.eventCallback === undefined ? paddleState.setup.eventCallback : parsed.eventCallback,
      settings: { ...paddleState.setup.settings, ...parsed.settings },
    };
  },
  Setup(options) {
    PaddleSandbox.Initialize(options);
  },
  Checkout: {
    open(options) {
      if (!paddleState.setup) return logPaddleError('Call Paddle.Initialize before Paddle.Checkout.open.');
      const parsed = parseOpenOptions(options, paddleState.setup.settings);
      if (parsed.error) return logPaddleError(parsed.error);
      // One checkout at a time: opening again replaces the open one, as Paddle's overlay does.
      removeOverlay();
      showOverlay(parsed);
    },
    close() {
      closeCheckout();
    },
    updateCheckout() {
      logPaddleError('The Paddle sandbox does not update an open checkout; close it and open another.');
    },
    updateItems() {
      logPaddleError('The Paddle sandbox does not update an open checkout; close it and open another.');
    },
  },
  Spinner: { show() {}, hide() {} },
  Status: { libraryVersion: 'sandbox' },
  Version: 'v1',
};

window.PaddleBillingV1 = PaddleSandbox;
window.Paddle = PaddleSandbox;
