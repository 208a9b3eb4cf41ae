// The test 3-D Secure challenge: the buttons decide the outcome. Framed by the Stripe.js stand-in,
// it tells its parent (same origin) by postMessage; opened as a page, it goes on to the return URL
// with the intent and redirect_status added, as Stripe does after a redirect-based authentication.
// The return URL is the address's return_url, else the intent's next_action.redirect_to_url.return_url;
// it is followed only to the console's own origin (data-return-origin, PUBLIC_URL's): never an open
// redirect that hands the intent's client secret to another site.
import { goTo, isWebUrl, pageData, setText, showAlert } from './page-kit.js';
import { createStripeApi } from './stripe-api.js';

const { publishableKey, intentId, returnOrigin } = pageData();
const query = new URLSearchParams(location.search);
const clientSecret = query.get('client_secret') ?? '';
let returnUrl = query.get('return_url');
const request = createStripeApi(location.origin, publishableKey);
const buttons = [document.getElementById('complete-button'), document.getElementById('fail-button')];
const framed = window.parent !== window;

function setBusy(busy) {
  for (const button of buttons) button.disabled = busy;
}

const intentKind = intentId.startsWith('seti_') ? 'setup_intent' : 'payment_intent';

function returnAddress(outcome) {
  const url = new URL(returnUrl, location.href);
  url.searchParams.set(intentKind, intentId);
  url.searchParams.set(`${intentKind}_client_secret`, clientSecret);
  url.searchParams.set('redirect_status', outcome === 'complete' ? 'succeeded' : 'failed');
  return url.href;
}

/** Read before deciding: once decided, the intent no longer carries its next_action. */
async function learnReturnUrl() {
  if (returnUrl || framed) return;
  const answer = await request('GET', `/v1/${intentKind}s/${encodeURIComponent(intentId)}`, {
    client_secret: clientSecret,
  });
  returnUrl = answer.body?.next_action?.redirect_to_url?.return_url ?? null;
}

async function decide(outcome) {
  setBusy(true);
  showAlert('');
  const answer = await request('POST', `/v1/sandbox/three_d_secure/${encodeURIComponent(intentId)}`, {
    client_secret: clientSecret,
    outcome,
  });
  if (!answer.ok) {
    setBusy(false);
    showAlert(answer.body?.error?.message ?? 'The authentication could not be recorded. Try again.');
    return;
  }
  setText(
    'three-d-secure-status',
    outcome === 'complete' ? 'Authentication complete.' : 'Authentication failed.',
  );
  if (framed) {
    // Only a page of this origin may frame this one (frame-ancestors 'self'), so that is the target.
    window.parent.postMessage({ type: 'stripe-sandbox-3ds', intentId, outcome }, location.origin);
  } else if (returnUrl && isWebUrl(returnUrl) && new URL(returnUrl, location.href).origin === returnOrigin) {
    goTo(returnAddress(outcome));
  }
}

buttons[0].addEventListener('click', () => decide('complete'));
buttons[1].addEventListener('click', () => decide('fail'));
learnReturnUrl().then(() => setBusy(false));
