import { html } from './html';
import { cardFields, renderPage } from './page-shell';

/**
 * The hosted checkout page's shell: the order summary and the button's words come from the
 * session, which checkout.js reads with the publishable key, as Stripe's own page does.
 */
export function renderCheckoutPage(sessionId: string, publishableKey: string): string {
  return renderPage({
    title: 'Checkout',
    script: 'checkout.js',
    className: 'checkout',
    data: { 'publishable-key': publishableKey, 'session-id': sessionId },
    body: html`<section class="summary" aria-labelledby="summary-heading">
<a class="back-link" id="back-link" hidden><span aria-hidden="true">← </span>Back</a>
<h1 id="summary-heading">Checkout</h1>
<p id="summary-status" role="status">Loading…</p>
<div id="summary-details"></div>
</section>
<section class="payment" id="payment-section" aria-labelledby="payment-heading" hidden>
<h2 id="payment-heading">Pay with card</h2>
<form id="card-form" novalidate>
${cardFields(true)}
<button type="submit" id="submit-button">Subscribe</button>
</form>
</section>`,
  });
}
