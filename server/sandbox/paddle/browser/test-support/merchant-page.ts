import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyInstance } from 'fastify';

const require = createRequire(import.meta.url);
// The official wrapper as a browser loads it: its ES module build, which imports nothing.
const paddleWrapper = readFileSync(
  require.resolve('@paddle/paddle-js').replace(/index\.js$/, 'index.esm.js'),
  'utf8',
);

/**
 * A merchant's page for the browser tests: the stand-in loaded by a plain script tag (or, with
 * ?late, added by the page and waited for, as the console does), then initializePaddle from
 * @paddle/paddle-js, whose events are listed on the page. Under a strict CSP.
 */
function page(late: boolean) {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Merchant</title>
${late ? '' : '<script src="/sandbox/paddle/paddle.js"></script>'}
<script type="module" src="/merchant.js"></script>
</head>
<body>
<button type="button" id="buy">Buy Plus</button>
<button type="button" id="update-card">Update card</button>
<button type="button" id="close-from-page">Close from page</button>
<p id="ready" role="status"></p>
<ol id="events" aria-label="Events"></ol>
</body>
</html>`;
}

const script = `
import { initializePaddle } from '/paddle-js.mjs';

window.paddleEvents = [];
async function loadStandIn() {
  if (window.PaddleBillingV1) return;
  const tag = document.createElement('script');
  tag.src = '/sandbox/paddle/paddle.js';
  await new Promise((resolve, reject) => {
    tag.addEventListener('load', resolve);
    tag.addEventListener('error', reject);
    document.head.append(tag);
  });
}
await loadStandIn();
const paddle = await initializePaddle({
  environment: 'sandbox',
  token: new URLSearchParams(location.search).get('token'),
  eventCallback(event) {
    window.paddleEvents.push(event);
    const item = document.createElement('li');
    item.textContent = event.name + (event.data?.transaction_id ? ' ' + event.data.transaction_id : '');
    document.getElementById('events').append(item);
  },
});
document.getElementById('buy').addEventListener('click', () => paddle.Checkout.open({
  items: [{ priceId: 'pri_01plusmonthly', quantity: 3 }],
  customer: { email: 'bella@bakery.test' },
  customData: { teamId: 'team_1', checkoutToken: 'signed' },
}));
document.getElementById('update-card').addEventListener('click', () => paddle.Checkout.open({
  transactionId: 'txn_01updatepaymentmethod',
  customer: { id: 'ctm_01pat', email: 'pat@press.test' },
}));
document.getElementById('close-from-page').addEventListener('click', () => paddle.Checkout.close());
document.getElementById('ready').textContent = paddle === window.PaddleBillingV1 && paddle.Initialized ? 'Paddle ready' : 'Paddle missing';
`;

export function registerMerchantPage(app: FastifyInstance) {
  app.get<{ Querystring: { late?: string } }>('/merchant', async (request, reply) =>
    reply
      .headers({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy':
          "default-src 'self'; script-src 'self'; style-src 'self'; frame-src 'self'",
      })
      .send(page(request.query.late !== undefined)),
  );
  app.get('/merchant.js', async (_request, reply) => reply.type('application/javascript').send(script));
  app.get('/paddle-js.mjs', async (_request, reply) =>
    reply.type('application/javascript').send(paddleWrapper),
  );
}
