// The overlay checkout page, framed by the Paddle.js stand-in: the buyer's email, country and
// postcode, then the card; the items and totals from the preview; pay, 3-D Secure, declines. Each
// step posts Paddle's event to the page that opened it (same origin only, frame-ancestors 'self').
import { cardBrand } from './card-checks.js';
import {
  attachCardFormatting,
  readCardForm,
  setFormBusy,
  showFieldProblem,
  showFieldProblems,
} from './card-form.js';
import { createCheckoutApi, problemOf } from './checkout-api.js';
import { checkoutEvent, paymentFailedEvent } from './checkout-events.js';
import { formatMoney, h, setText, showAlert } from './page-kit.js';

const framed = window.parent !== window;
const sections = ['details-section', 'payment-section', 'three-d-secure-section', 'done-section'];
const state = {
  checkoutId: `che_${crypto.randomUUID().replaceAll('-', '')}`,
  status: 'draft',
  preview: null,
  transactionId: null,
  customer: null,
  customData: null,
  card: null,
  settings: null,
};
/** What Checkout.open asked for (items or transactionId, customer, customData, settings). */
let opened = null;
let request = null;
let threeDSecureId = null;
let customerAnnounced = false;

function post(event) {
  if (framed) window.parent.postMessage({ type: 'paddle-sandbox-event', event }, location.origin);
}

function emit(name) {
  post(checkoutEvent(name, state));
}

function input(id) {
  return /** @type {HTMLInputElement} */ (document.getElementById(id));
}

function showSection(id) {
  for (const section of sections) document.getElementById(section).hidden = section !== id;
}

function perInterval(cycle) {
  if (!cycle?.interval) return '';
  return cycle.frequency === 1 ? ` per ${cycle.interval}` : ` every ${cycle.frequency} ${cycle.interval}s`;
}

function renderSummary(preview) {
  const money = (amount) => formatMoney(amount, preview.currencyCode);
  const trialDays = preview.items.find((item) => item.trialDays)?.trialDays ?? null;
  const cycle = preview.items.find((item) => item.billingCycle)?.billingCycle ?? null;
  const rows = [];
  const row = (term, value) => rows.push(h('dt', {}, term), h('dd', {}, value));
  row('Subtotal', money(preview.totals.subtotal));
  row('Tax', money(preview.totals.tax));
  row(trialDays ? 'Total due today' : 'Total', money(preview.totals.total));
  const parts = [
    trialDays ? h('p', { class: 'trial' }, `${trialDays}-day free trial`) : null,
    h(
      'ul',
      { class: 'line-items', 'aria-label': 'Items' },
      preview.items.map((item) =>
        h(
          'li',
          { class: 'line-item' },
          h('span', { class: 'item-name' }, item.productName || item.description || 'Item'),
          h('span', { class: 'item-quantity' }, `Qty ${item.quantity}`),
          h(
            'span',
            { class: 'item-price' },
            `${money(item.unitPrice)} each${perInterval(item.billingCycle)}`,
          ),
          h('span', { class: 'item-amount' }, money(Number(item.unitPrice) * item.quantity)),
        ),
      ),
    ),
    h('dl', { class: 'totals' }, rows),
    preview.recurringTotals && cycle
      ? h('p', { class: 'then' }, `Then ${money(preview.recurringTotals.total)}${perInterval(cycle)}`)
      : null,
  ];
  document.getElementById('summary-details').replaceChildren(...parts.filter(Boolean));
  setText('pay-button', trialDays ? 'Start trial' : `Pay ${money(preview.totals.total)}`);
}

/** The preview for what was opened, at the buyer's address once known; true when it came. */
async function loadPreview(address) {
  const answer = await request('preview', {
    ...(opened.items ? { items: opened.items } : { transactionId: opened.transactionId }),
    ...(address ? { address } : {}),
  });
  if (!answer.ok) {
    const error = answer.body?.error ?? {};
    setText('summary-status', problemOf(answer));
    post({
      name: 'checkout.error',
      type: error.type ?? 'api_error',
      code: error.code ?? '',
      detail: problemOf(answer),
    });
    return false;
  }
  state.preview = answer.body;
  setText('summary-status', '');
  renderSummary(answer.body);
  return true;
}

function detailsProblems(email, country, postcode) {
  const problems = {};
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) problems.email = 'Enter a valid email address.';
  if (!country) problems.country = 'Choose your country.';
  if (!postcode) problems.postcode = 'Enter your postcode.';
  return problems;
}

async function submitDetails(form) {
  const email = input('email').value.trim();
  const countryCode = input('country').value;
  const postalCode = input('postcode').value.trim();
  const problems = detailsProblems(email, countryCode, postalCode);
  for (const id of ['email', 'country', 'postcode']) showFieldProblem(id, problems[id] ?? null);
  const first = ['email', 'country', 'postcode'].find((id) => problems[id]);
  if (first) return input(first).focus();
  setFormBusy(form, true);
  const address = { countryCode, postalCode };
  const loaded = await loadPreview(address);
  setFormBusy(form, false);
  if (!loaded) return;
  state.customer = { ...state.customer, email, address };
  state.status = 'ready';
  emit(customerAnnounced ? 'checkout.customer.updated' : 'checkout.customer.created');
  customerAnnounced = true;
  const country = input('country').selectedOptions[0]?.textContent ?? countryCode;
  setText('details-recap', `${email} · ${country} ${postalCode}`);
  showSection('payment-section');
  input('card-number').focus();
}

function cardOf(values) {
  const number = values.card.number;
  return {
    brand: cardBrand(number),
    last4: number.slice(-4),
    expiryMonth: values.card.exp_month,
    expiryYear: values.card.exp_year,
  };
}

/** completed, declined or requires_action, from pay or from the 3-D Secure step. */
function settle(answer) {
  const form = document.getElementById('card-form');
  const body = answer.body ?? {};
  if (answer.ok && body.status === 'completed') {
    state.status = 'completed';
    state.transactionId = body.transactionId;
    state.customer = { ...state.customer, id: body.customerId ?? state.customer?.id ?? null };
    showSection('done-section');
    setText(
      'done-text',
      `Your payment was successful. We've sent a receipt to ${state.customer?.email ?? 'you'}.`,
    );
    document.getElementById('done-button').focus();
    emit('checkout.completed');
    return;
  }
  if (answer.ok && body.status === 'requires_action' && body.threeDSecureId) {
    threeDSecureId = body.threeDSecureId;
    showSection('three-d-secure-section');
    setBusy3ds(false);
    document.getElementById('approve-button').focus();
    return;
  }
  const message = answer.ok ? (body.message ?? 'Your card was declined.') : problemOf(answer);
  state.card = null;
  showSection('payment-section');
  setFormBusy(form, false);
  showAlert(message);
  input('card-number').focus();
  post(paymentFailedEvent(state, message));
}

async function pay(form) {
  showAlert('');
  const read = readCardForm();
  showFieldProblems(read.problems ?? {});
  if (read.problems) return;
  setFormBusy(form, true);
  const { values } = read;
  state.card = cardOf(values);
  const month = String(values.card.exp_month).padStart(2, '0');
  const answer = await request('pay', {
    ...(opened.items ? { items: opened.items } : { transactionId: opened.transactionId }),
    customer: state.customer?.id ? { id: state.customer.id } : { email: state.customer.email },
    ...(opened.customData ? { customData: opened.customData } : {}),
    address: state.customer.address,
    card: {
      number: values.card.number,
      expiry: `${month}/${String(values.card.exp_year).slice(-2)}`,
      cvc: values.card.cvc,
      name: values.name,
    },
  });
  settle(answer);
}

function setBusy3ds(busy) {
  for (const id of ['approve-button', 'fail-button']) document.getElementById(id).disabled = busy;
}

async function authenticate(outcome) {
  setBusy3ds(true);
  const answer = await request(`3ds/${encodeURIComponent(threeDSecureId)}`, { outcome });
  settle(answer);
}

/** A transaction's own customer (a payment link): its email is the transaction's, not the buyer's to change. */
function fillKnownCustomer(known) {
  if (!known?.email) return;
  input('email').value = known.email;
  input('email').readOnly = true;
  if (known.countryCode) input('country').value = known.countryCode;
  if (known.postalCode) input('postcode').value = known.postalCode;
}

function close() {
  emit('checkout.closed');
}

function start(message) {
  opened = message;
  request = createCheckoutApi(location.origin, message.token);
  state.transactionId = message.transactionId ?? null;
  state.customData = message.customData ?? null;
  state.settings = message.settings ?? null;
  state.customer = message.customer ? { id: message.customer.id, email: message.customer.email } : null;
  if (message.customer?.email) input('email').value = message.customer.email;
  loadPreview(null).then((loaded) => {
    if (!loaded) return;
    fillKnownCustomer(state.preview.customer);
    showSection('details-section');
    input(input('email').value ? 'country' : 'email').focus();
    emit('checkout.loaded');
  });
}

window.addEventListener('message', (event) => {
  if (event.source !== window.parent || event.origin !== location.origin) return;
  if (event.data?.type === 'paddle-sandbox-open' && !opened) start(event.data);
});
document.getElementById('details-form').addEventListener('submit', (event) => {
  event.preventDefault();
  submitDetails(event.currentTarget);
});
document.getElementById('card-form').addEventListener('submit', (event) => {
  event.preventDefault();
  pay(event.currentTarget);
});
document.getElementById('change-details').addEventListener('click', () => {
  showSection('details-section');
  input('email').focus();
});
document.getElementById('approve-button').addEventListener('click', () => authenticate('approve'));
document.getElementById('fail-button').addEventListener('click', () => authenticate('fail'));
document.getElementById('close-button').addEventListener('click', close);
document.getElementById('done-button').addEventListener('click', close);
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape') close();
});
attachCardFormatting();
for (const id of ['country', 'postcode'])
  input(id).addEventListener('input', () => showFieldProblem(id, null));
if (framed) window.parent.postMessage({ type: 'paddle-sandbox-ready' }, location.origin);
else setText('summary-status', 'This checkout opens from Paddle.js (Paddle.Checkout.open) on your page.');
