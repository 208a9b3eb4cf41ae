import { html } from './html';
import { renderPage } from './page-shell';

/**
 * The test 3-D Secure challenge. three-d-secure.js reads client_secret and return_url from the
 * address itself, so nothing of the query is rendered here. The buttons start disabled: a click
 * before the script is ready would otherwise do nothing.
 */
export function renderThreeDSecurePage(intentId: string, publishableKey: string): string {
  return renderPage({
    title: '3D Secure authentication',
    script: 'three-d-secure.js',
    className: 'three-d-secure',
    data: { 'publishable-key': publishableKey, 'intent-id': intentId },
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
