import { html } from './html';
import { cardFields, renderPage } from './page-shell';

/** The hosted invoice page's shell; invoice.js reads the invoice and shows the pay form if it is open. */
export function renderInvoicePage(invoiceId: string, publishableKey: string): string {
  return renderPage({
    title: 'Invoice',
    script: 'invoice.js',
    className: 'invoice',
    data: { 'publishable-key': publishableKey, 'invoice-id': invoiceId },
    body: html`<section class="summary" aria-labelledby="invoice-heading">
<h1 id="invoice-heading">Invoice</h1>
<p id="invoice-status" role="status">Loading…</p>
<div id="invoice-details"></div>
<p class="done" id="invoice-done" hidden>
<span>You can close this page and go back to where you came from.</span>
<button type="button" id="close-button">Close this page</button>
</p>
</section>
<section class="payment" id="payment-section" aria-labelledby="payment-heading" hidden>
<h2 id="payment-heading">Pay this invoice</h2>
<form id="card-form" novalidate>
${cardFields(false)}
<button type="submit" id="submit-button">Pay</button>
</form>
</section>`,
  });
}
