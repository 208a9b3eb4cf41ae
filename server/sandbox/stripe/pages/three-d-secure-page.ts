import { html } from './html';
import { renderPage } from './page-shell';

/**
 * Is `returnUrl` an address of the console (PUBLIC_URL's origin)? The page goes on only to such
 * addresses: anything else would make this sandbox an open redirect carrying a client secret.
 */
export function isConsoleReturnUrl(returnUrl: string, publicUrl: string): boolean {
  const origin = new URL(publicUrl).origin;
  return URL.canParse(returnUrl, publicUrl) && new URL(returnUrl, publicUrl).origin === origin;
}

/** A return address that is not the console's: the page is not shown at all. */
export function renderForeignReturnPage(): string {
  return renderPage({
    title: 'Invalid return address',
    className: 'not-found',
    data: {},
    body: html`<h1>Invalid return address</h1>
<p>This authentication page returns only to this console. Start the payment again from the console.</p>`,
  });
}

/**
 * The test 3-D Secure challenge. three-d-secure.js reads client_secret and return_url from the
 * address itself, so nothing of the query is rendered here; it goes on only to `returnOrigin`. The
 * buttons start disabled: a click before the script is ready would otherwise do nothing.
 */
export function renderThreeDSecurePage(
  intentId: string,
  publishableKey: string,
  returnOrigin: string,
): string {
  return renderPage({
    title: '3D Secure authentication',
    script: 'three-d-secure.js',
    className: 'three-d-secure',
    data: { 'publishable-key': publishableKey, 'intent-id': intentId, 'return-origin': returnOrigin },
    body: html`<h1>3D Secure authentication</h1>
<p>This is a test 3D Secure authentication page. With a real card, your bank would ask you here to
confirm that you are making this payment. Choose how this test ends.</p>
<div class="actions">
<button type="button" id="complete-button" disabled>Complete authentication</button>
<button type="button" id="fail-button" class="secondary" disabled>Fail authentication</button>
</div>
<p class="form-alert" id="form-alert" role="alert"></p>
<p id="three-d-secure-status" role="status"></p>`,
  });
}
