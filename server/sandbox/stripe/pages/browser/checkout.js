// The hosted checkout page: reads the session, shows what is bought, takes the card, and confirms
// the session; the sandbox answers where to go next (success page or 3-D Secure).
import {
  attachCardFormatting,
  createCardPaymentMethod,
  readCardForm,
  setFormBusy,
  showFieldProblems,
} from './card-form.js';
import { formatMoney, goTo, h, isWebUrl, pageData, setText, showAlert } from './page-kit.js';
import { createStripeApi } from './stripe-api.js';

const { publishableKey, sessionId } = pageData();
const request = createStripeApi(location.origin, publishableKey);
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
const buttonWords = { subscription: 'Subscribe', setup: 'Save card', payment: 'Pay' };

// The sandbox's payment page: {mode, status, currency, amount_subtotal, amount_discount, amount_tax,
// amount_total, trial_days, line_items: [{description, quantity, amount}], customer_email,
// success_url and cancel_url while open, redirect_url once when complete}. Stripe's own field names (a line's price
// and product, subscription_data.trial_period_days) are read too where the sandbox gives them.
function lineItemsOf(session) {
  const items = session.line_items;
  return Array.isArray(items) ? items : (items?.data ?? []);
}

function trialDaysOf(session) {
  return (
    session.trial_days ?? session.subscription_data?.trial_period_days ?? session.trial_period_days ?? null
  );
}

function productName(item) {
  const product = item.price?.product;
  return (product && typeof product === 'object' && product.name) || item.name || null;
}

function perInterval(recurring) {
  if (!recurring?.interval) return '';
  const count = recurring.interval_count ?? 1;
  return count === 1 ? ` per ${recurring.interval}` : ` every ${count} ${recurring.interval}s`;
}

function itemTotal(item) {
  return (
    item.amount_total ??
    item.amount ??
    item.amount_subtotal ??
    (item.price?.unit_amount ?? 0) * (item.quantity ?? 1)
  );
}

/** Where a finished session goes: the sandbox's redirect_url, else success_url as Stripe fills it in. */
function successUrl(session) {
  return (
    session.redirect_url ?? String(session.success_url ?? '').replaceAll('{CHECKOUT_SESSION_ID}', session.id)
  );
}

function renderLineItem(item, currency) {
  const price = item.price ?? {};
  const each =
    price.unit_amount != null
      ? `${formatMoney(price.unit_amount, price.currency ?? currency)} each${perInterval(price.recurring)}`
      : null;
  return h(
    'li',
    { class: 'line-item' },
    h('span', { class: 'item-name' }, productName(item) ?? item.description ?? 'Item'),
    h('span', { class: 'item-quantity' }, `Qty ${item.quantity ?? 1}`),
    each ? h('span', { class: 'item-price' }, each) : null,
    h('span', { class: 'item-amount' }, formatMoney(itemTotal(item), price.currency ?? currency)),
  );
}

function totalRows(session, dueToday, trialDays) {
  const money = (amount) => formatMoney(amount, session.currency ?? 'usd');
  const rows = [];
  const row = (term, value) => rows.push(h('dt', {}, term), h('dd', {}, value));
  if (session.amount_discount || session.amount_tax) {
    if (session.amount_subtotal != null) row('Subtotal', money(session.amount_subtotal));
    if (session.amount_discount) row('Discount', `−${money(session.amount_discount)}`);
    if (session.amount_tax) row('Tax', money(session.amount_tax));
  }
  row(trialDays ? 'Total due today' : 'Total', money(dueToday));
  return rows;
}

function renderSummary(session) {
  const currency = session.currency ?? 'usd';
  const items = lineItemsOf(session);
  const trialDays = trialDaysOf(session);
  const recurring = items.find((item) => item.price?.recurring)?.price?.recurring;
  const itemsTotal = items.reduce((sum, item) => sum + itemTotal(item), 0);
  // What the subscription costs once the trial is over: the session's total when it carries one.
  const regularTotal = session.amount_total > 0 ? session.amount_total : itemsTotal;
  const dueToday = trialDays ? 0 : (session.amount_total ?? itemsTotal);
  const name = items[0] ? productName(items[0]) : null;
  const heading =
    session.mode === 'setup'
      ? 'Save a card for future payments'
      : session.mode === 'subscription'
        ? name
          ? `Subscribe to ${name}`
          : 'Subscribe'
        : 'Checkout';
  setText('summary-heading', heading);
  document.title = heading;
  const then = recurring
    ? `Then ${formatMoney(regularTotal, currency)}${perInterval(recurring)}`
    : `Then ${formatMoney(regularTotal, currency)} when the trial ends`;
  // replaceChildren writes a null as the text 'null': only the parts that apply go in.
  const parts = [
    trialDays ? h('p', { class: 'trial' }, `${trialDays}-day free trial`) : null,
    trialDays && items.length > 0 ? h('p', { class: 'then' }, then) : null,
    items.length > 0
      ? h(
          'ul',
          { class: 'line-items', 'aria-label': 'Items' },
          items.map((item) => renderLineItem(item, currency)),
        )
      : null,
    session.mode === 'setup'
      ? h('p', {}, 'Your card is saved now and charged only for later payments.')
      : h('dl', { class: 'totals' }, totalRows(session, dueToday, trialDays)),
  ];
  document.getElementById('summary-details').replaceChildren(...parts.filter(Boolean));
}

function showBackLink(session) {
  const link = document.getElementById('back-link');
  if (link && isWebUrl(session.cancel_url)) {
    link.href = session.cancel_url;
    link.hidden = false;
  }
}

function showForm(session) {
  const email = document.getElementById('email');
  const knownEmail = session.customer_email ?? session.customer_details?.email;
  if (email && knownEmail) email.value = knownEmail;
  setText('submit-button', buttonWords[session.mode] ?? 'Pay');
  document.getElementById('payment-section').hidden = false;
}

async function submit(form) {
  showAlert('');
  const read = readCardForm();
  showFieldProblems(read.problems ?? {});
  if (read.problems) return;
  setFormBusy(form, true);
  const created = await createCardPaymentMethod(request, read.values);
  if (created.error) {
    setFormBusy(form, false);
    showAlert(created.error.message ?? 'Your card could not be used.');
    return;
  }
  const answer = await request('POST', `/v1/payment_pages/${encodeURIComponent(sessionId)}/confirm`, {
    payment_method: created.paymentMethod.id,
    email: read.values.email,
  });
  const body = answer.body ?? {};
  const challenge = body.next_action?.redirect_to_url?.url;
  // The form stays busy while the browser leaves, so it cannot be sent twice.
  if (answer.ok && body.status === 'complete' && isWebUrl(body.redirect_url)) return goTo(body.redirect_url);
  if (answer.ok && body.status === 'requires_action' && isWebUrl(challenge)) return goTo(challenge);
  setFormBusy(form, false);
  showAlert(body.error?.message ?? 'Something went wrong. Your card was not charged; please try again.');
}

async function start() {
  const answer = await request('GET', `/v1/payment_pages/${encodeURIComponent(sessionId)}`);
  const session = answer.body ?? {};
  if (!answer.ok) {
    setText(
      'summary-status',
      answer.status === 404
        ? 'This checkout session could not be found.'
        : (session.error?.message ?? 'This checkout page could not be loaded.'),
    );
    return;
  }
  showBackLink(session);
  renderSummary(session);
  if (session.status === 'complete') {
    // The way back is handed out once (to the first read after a 3-D Secure challenge); later reads
    // of a complete checkout carry no return URL.
    const next = successUrl(session);
    if (!isWebUrl(next)) {
      setText('summary-status', 'This checkout is complete.');
      return;
    }
    setText('summary-status', 'This checkout is complete. Taking you back…');
    goTo(next);
    return;
  }
  if (session.status === 'expired') {
    setText('summary-status', 'This checkout session has expired. Go back and start again.');
    return;
  }
  setText('summary-status', '');
  showForm(session);
  if (new URLSearchParams(location.search).get('redirect_status') === 'failed')
    showAlert(authenticationFailed);
}

const form = document.getElementById('card-form');
attachCardFormatting();
form.addEventListener('submit', (event) => {
  event.preventDefault();
  submit(form);
});
start();
