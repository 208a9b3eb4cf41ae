import { html, type SafeHtml } from './html';

export const assetsPath = '/sandbox/stripe/assets';

export interface PageParts {
  title: string;
  /** The page's script under assets/, loaded as a module (no inline script, so a strict CSP holds). */
  script?: string;
  /** Settings for the script, rendered as data-* attributes of <main>. */
  data: Record<string, string>;
  className: string;
  body: SafeHtml;
}

function dataAttributes(data: Record<string, string>): SafeHtml[] {
  return Object.entries(data).map(([name, value]) => html` data-${name}="${value}"`);
}

export function renderPage(parts: PageParts): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${parts.title}</title>
<link rel="stylesheet" href="${assetsPath}/pages.css">
${parts.script ? html`<script type="module" src="${assetsPath}/${parts.script}"></script>\n` : ''}</head>
<body>
<p class="sandbox-banner">Test mode: the Spark Teams Stripe sandbox. No real card is charged.</p>
<main class="${parts.className}"${dataAttributes(parts.data)}>
${parts.body}
</main>
</body>
</html>
`.markup;
}

/** The card fields the checkout and invoice pages share; the email field only where asked. */
export function cardFields(withEmail: boolean): SafeHtml {
  const field = (id: string, label: string, attributes: SafeHtml) => html`
<div class="field">
<label for="${id}">${label}</label>
<input id="${id}" ${attributes} aria-describedby="${id}-error" required>
<p class="field-error" id="${id}-error"></p>
</div>`;
  return html`${
    withEmail ? field('email', 'Email', html`type="email" autocomplete="email" spellcheck="false"`) : ''
  }
<fieldset class="card">
<legend>Card information</legend>
${field('card-number', 'Card number', html`inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234"`)}
<div class="card-row">
${field('card-expiry', 'Expiration', html`inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY"`)}
${field('card-cvc', 'CVC', html`inputmode="numeric" autocomplete="cc-csc" placeholder="CVC"`)}
</div>
</fieldset>
${field('cardholder-name', 'Cardholder name', html`autocomplete="cc-name" placeholder="Full name on card"`)}
<p class="form-alert" id="form-alert" role="alert"></p>`;
}

export function renderNotFoundPage(): string {
  return renderPage({
    title: 'Not found',
    className: 'not-found',
    data: {},
    body: html`<h1>Page not found</h1>
<p>This sandbox page does not exist. Checkout, invoice and authentication links come from the Stripe
sandbox; check that the link is complete.</p>`,
  });
}
