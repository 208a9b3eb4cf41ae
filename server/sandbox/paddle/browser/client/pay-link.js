// The default payment link's page (/sandbox/paddle/pay?_ptxn=txn_…): it initializes Paddle.js as a
// seller's payment link page does, and the stand-in opens the checkout for the transaction in _ptxn.
// The page then says how it went, and offers the checkout again when it was closed unpaid.

const statusLine = document.getElementById('pay-status');
const openButton = /** @type {HTMLButtonElement} */ (document.getElementById('open-checkout'));
const transactionId = new URLSearchParams(location.search).get('_ptxn');
let paid = false;

function onCheckoutEvent(event) {
  if (event.name === 'checkout.completed') {
    paid = true;
    statusLine.textContent = 'Paid. Thank you: your subscription is up to date. You can close this page.';
    openButton.hidden = true;
    return;
  }
  if (event.name === 'checkout.closed' && !paid) {
    statusLine.textContent = 'The checkout was closed before paying. Nothing was charged.';
    openButton.hidden = false;
    openButton.focus();
  }
}

const token = document.querySelector('meta[name="paddle-client-token"]')?.getAttribute('content');
const paddle = window.Paddle;
if (!paddle || !token || !transactionId) {
  statusLine.textContent = 'The checkout could not load. Reload the page to try again.';
} else {
  paddle.Environment.set('sandbox');
  paddle.Initialize({ token, eventCallback: onCheckoutEvent });
  openButton.addEventListener('click', () => {
    statusLine.textContent = 'Opening the checkout…';
    openButton.hidden = true;
    paddle.Checkout.open({ transactionId });
  });
}
