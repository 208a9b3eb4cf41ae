import type { TransactionEntity } from '../billing/transaction-entity';
import { html, type SafeHtml } from '../portal/html';
import { sandboxDocument } from '../portal/sandbox-document';
import { checkoutBanner, checkoutStyleSheets, paddleAssetsPath } from './checkout-page';

// The default payment link's page (`/sandbox/paddle/pay?_ptxn=txn_…`): what the transaction is
// for, then the overlay checkout that the Paddle.js stand-in opens on it. No inline script or style:
// the client token is in a meta tag, and pay-link.js initializes Paddle.js with it.

/** '€35.70' from Paddle's smallest-unit string, with the currency's own number of decimals. */
export function moneyOf(amount: string, currencyCode: string): string {
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency: currencyCode });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(Number(amount) / 10 ** digits);
}

const day = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

function page(title: string, head: SafeHtml, body: SafeHtml): string {
  return sandboxDocument(
    title,
    html`${checkoutStyleSheets}
${head}`,
    html`<header class="paddle-header"><h1>${title}</h1></header>
${checkoutBanner}
<main class="pay-link">
${body}
</main>`,
  );
}

/** The payment page of a transaction waiting for its money: its facts, and the checkout on top. */
export function renderPayLinkPage(transaction: TransactionEntity, clientToken: string): string {
  const totals = transaction.details.totals;
  const lines = transaction.details.line_items.map(
    (line) => html`<li>${line.product.name} \u00d7 ${line.quantity}</li>`,
  );
  const period = transaction.billing_period;
  const head = html`<meta name="paddle-client-token" content="${clientToken}">
<script src="/sandbox/paddle/paddle.js"></script>
<script type="module" src="${paddleAssetsPath}/pay-link.js"></script>`;
  return page(
    'Pay invoice',
    head,
    html`<section aria-labelledby="due-heading">
<h2 id="due-heading">${transaction.status === 'past_due' ? 'Payment past due' : 'Payment due'}</h2>
<dl class="totals">
${transaction.invoice_number ? html`<dt>Invoice</dt><dd>${transaction.invoice_number}</dd>` : ''}
${period ? html`<dt>Billing period</dt><dd>${day(period.starts_at)} to ${day(period.ends_at)}</dd>` : ''}
<dt>Amount due</dt><dd>${moneyOf(totals.grand_total, transaction.currency_code)}</dd>
</dl>
<ul class="line-items" aria-label="Items">${lines}</ul>
<p id="pay-status" role="status">Opening the checkout…</p>
<button type="button" id="open-checkout" hidden>Pay now</button>
</section>`,
  );
}

/** Why a payment link cannot be paid: not a transaction's, unknown, or nothing left to pay. */
export function renderPayLinkProblem(heading: string, text: string): string {
  return page(
    'Pay invoice',
    html``,
    html`<section aria-labelledby="problem-heading">
<h2 id="problem-heading">${heading}</h2>
<p>${text}</p>
</section>`,
  );
}
