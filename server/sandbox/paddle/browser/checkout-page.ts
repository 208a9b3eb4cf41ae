// Every value on this page is a constant of this file, so it is plain markup: nothing to escape.
// The card fields carry the ids the Stripe pages' card-form.js reads (served here as an asset).
import { SafeHtml } from '../portal/html';
import { sandboxDocument } from '../portal/sandbox-document';

export const paddleAssetsPath = '/sandbox/paddle/assets';

/** The checkout's style sheets and test-mode banner, which the payment link's page shows too. */
export const checkoutStyleSheets = new SafeHtml(`<link rel="stylesheet" href="${paddleAssetsPath}/pages.css">
<link rel="stylesheet" href="${paddleAssetsPath}/paddle-checkout.css">`);
export const checkoutBanner = new SafeHtml(
  '<p class="sandbox-banner">Test mode: the Spark Teams Paddle sandbox. No real card is charged.</p>',
);

// The countries the checkout offers (Paddle's list is longer; any ISO code works the same here).
const countries: [string, string][] = [
  ['US', 'United States'],
  ['GB', 'United Kingdom'],
  ['DE', 'Germany'],
  ['FR', 'France'],
  ['NL', 'Netherlands'],
  ['IE', 'Ireland'],
  ['ES', 'Spain'],
  ['IT', 'Italy'],
  ['SE', 'Sweden'],
  ['CH', 'Switzerland'],
  ['CA', 'Canada'],
  ['AU', 'Australia'],
  ['NZ', 'New Zealand'],
  ['JP', 'Japan'],
  ['IN', 'India'],
  ['BR', 'Brazil'],
];

function field(id: string, label: string, control: string): string {
  return `<div class="field">
<label for="${id}">${label}</label>
${control}
<p class="field-error" id="${id}-error"></p>
</div>`;
}

function input(id: string, label: string, attributes: string): string {
  return field(id, label, `<input id="${id}" ${attributes} aria-describedby="${id}-error" required>`);
}

function cardFields(): string {
  return `<fieldset class="card">
<legend>Card information</legend>
${input('card-number', 'Card number', 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"')}
<div class="card-row">
${input('card-expiry', 'Expiration', 'inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"')}
${input('card-cvc', 'CVC', 'inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"')}
</div>
</fieldset>
${input('cardholder-name', 'Cardholder name', 'autocomplete="cc-name" placeholder="Full name on card"')}
<p class="form-alert" id="form-alert" role="alert"></p>`;
}

function detailsForm(): string {
  const options = countries.map(([code, name]) => `<option value="${code}">${name}</option>`).join('');
  return `<form id="details-form" novalidate>
${input('email', 'Email', 'type="email" autocomplete="email" spellcheck="false"')}
${field('country', 'Country', `<select id="country" autocomplete="country" aria-describedby="country-error" required>${options}</select>`)}
${input('postcode', 'Postcode', 'autocomplete="postal-code"')}
<button type="submit">Continue</button>
</form>`;
}

/**
 * The overlay checkout's shell. It knows nothing of the checkout until the Paddle.js stand-in that
 * framed it posts what Checkout.open was given; paddle-checkout.js does the rest.
 */
export function renderPaddleCheckoutPage(): string {
  return sandboxDocument(
    'Checkout',
    new SafeHtml(`${checkoutStyleSheets}
<script type="module" src="${paddleAssetsPath}/overlay-checkout.js"></script>`),
    new SafeHtml(`<header class="paddle-header">
<h1>Checkout</h1>
<button type="button" class="secondary close" id="close-button" aria-label="Close checkout">✕</button>
</header>
${checkoutBanner}
<main class="paddle-checkout">
<section class="summary" aria-labelledby="summary-heading">
<h2 id="summary-heading">Order summary</h2>
<p id="summary-status" role="status">Loading…</p>
<div id="summary-details"></div>
</section>
<section id="details-section" aria-labelledby="details-heading" hidden>
<h2 id="details-heading">Your details</h2>
${detailsForm()}
</section>
<section id="payment-section" aria-labelledby="payment-heading" hidden>
<h2 id="payment-heading">Payment</h2>
<div class="recap"><p id="details-recap"></p><button type="button" class="secondary" id="change-details">Change details</button></div>
<form id="card-form" novalidate>
${cardFields()}
<button type="submit" id="pay-button">Pay now</button>
</form>
</section>
<section id="three-d-secure-section" aria-labelledby="three-d-secure-heading" hidden>
<h2 id="three-d-secure-heading">3D Secure authentication</h2>
<p>This is a test 3D Secure authentication step. With a real card, your bank would ask you here to
confirm that you are making this payment. Choose how this test ends.</p>
<div class="actions">
<button type="button" id="approve-button">Complete authentication</button>
<button type="button" id="fail-button" class="secondary">Fail authentication</button>
</div>
</section>
<section id="done-section" aria-labelledby="done-heading" hidden>
<h2 id="done-heading">Payment successful</h2>
<p id="done-text" role="status"></p>
<button type="button" id="done-button">Close</button>
</section>
</main>`),
  );
}
