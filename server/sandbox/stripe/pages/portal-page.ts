import { html } from './html';
import { cardFields, renderPage } from './page-shell';

/**
 * The hosted Customer Portal's shell: portal.js reads the session's customer (card, subscriptions,
 * invoices) with the publishable key and offers what Stripe's portal does by default: update the
 * payment method, cancel a subscription at the period's end, open invoices, and Return.
 */
export function renderPortalPage(sessionId: string, publishableKey: string): string {
  return renderPage({
    title: 'Billing',
    script: 'portal.js',
    className: 'portal',
    data: { 'publishable-key': publishableKey, 'session-id': sessionId },
    body: html`<a class="back-link" id="return-link" hidden><span aria-hidden="true">← </span>Return</a>
<h1 id="portal-heading">Billing</h1>
<p id="portal-status" role="status">Loading…</p>
<section aria-labelledby="subscriptions-heading">
<h2 id="subscriptions-heading">Current plan</h2>
<div id="subscriptions"></div>
</section>
<section aria-labelledby="card-heading">
<h2 id="card-heading">Payment method</h2>
<p id="current-card"></p>
<button type="button" class="secondary" id="change-card-button">Update payment method</button>
<form id="card-form" novalidate hidden>
${cardFields(false)}
<div class="actions">
<button type="submit" id="submit-button">Save card</button>
<button type="button" class="secondary" id="cancel-card-button">Cancel</button>
</div>
</form>
</section>
<section aria-labelledby="invoices-heading">
<h2 id="invoices-heading">Invoice history</h2>
<div id="invoices"></div>
</section>`,
  });
}
