import type { FastifyInstance } from 'fastify';

/**
 * A merchant's page for the browser tests: loads the Stripe.js stand-in with a plain script tag,
 * mounts the card Element and confirms the intent whose client secret is in the address, like the
 * console does through react-stripe-js. It runs under a strict CSP, as the console may one day.
 * The error line sits below the button: text appearing above it on blur would move the button
 * between mouse down and up, and the click would miss.
 */
const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Merchant</title>
<script src="/sandbox/stripe/js/v3.js"></script>
<script src="/merchant.js" defer></script>
</head>
<body>
<form id="setup-form">
<div id="card-element"></div>
<button type="submit">Confirm</button>
<p id="card-errors" role="alert"></p>
<p id="card-state"></p>
</form>
<p id="outcome" role="status"></p>
</body>
</html>`;

const script = `
const params = new URLSearchParams(location.search);
const stripe = Stripe(params.get('pk'));
stripe._registerWrapper({ name: 'react-stripe-js', version: '7' });
const elements = stripe.elements();
const card = elements.create('card', { style: { base: { fontSize: '16px' } } });
window.cardEvents = [];
card.on('ready', () => window.cardEvents.push('ready'));
card.on('focus', () => window.cardEvents.push('focus'));
card.on('blur', () => window.cardEvents.push('blur'));
card.on('change', (event) => {
  window.cardEvents.push('change');
  document.getElementById('card-errors').textContent = event.error ? event.error.message : '';
  document.getElementById('card-state').textContent = (event.complete ? 'complete' : 'incomplete') + ' ' + event.brand;
});
card.mount('#card-element');
document.getElementById('setup-form').addEventListener('submit', async (event) => {
  event.preventDefault();
  const secret = params.get('secret');
  const data = { payment_method: { card: elements.getElement('card'), billing_details: { name: 'Olivia Owner' } } };
  const result = secret.startsWith('pi_')
    ? await stripe.confirmCardPayment(secret, data)
    : await stripe.confirmCardSetup(secret, data);
  const intent = result.setupIntent || result.paymentIntent;
  document.getElementById('outcome').textContent = result.error
    ? 'Error: ' + result.error.message + ' (' + result.error.code + ')'
    : intent.id + ' ' + intent.status;
});
`;

export function registerMerchantPage(app: FastifyInstance) {
  app.get('/merchant', async (_request, reply) =>
    reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'",
      })
      .send(page),
  );
  app.get('/merchant.js', async (_request, reply) => reply.type('application/javascript').send(script));
  app.get('/done', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>Done</title><h1>Thanks for subscribing</h1>'),
  );
  app.get('/cancelled', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .send('<!doctype html><title>Cancelled</title><h1>Checkout cancelled</h1>'),
  );
}
