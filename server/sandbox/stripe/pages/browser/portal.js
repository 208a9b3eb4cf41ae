// The hosted Customer Portal: the customer's plan, card and invoices, as Stripe's portal shows them.
import {
  attachCardFormatting,
  createCardPaymentMethod,
  readCardForm,
  setFormBusy,
  showFieldProblems,
} from './card-form.js';
import { formatDate, formatMoney, goTo, h, isWebUrl, pageData, setText, showAlert } from './page-kit.js';
import { createStripeApi } from './stripe-api.js';

const { publishableKey, sessionId } = pageData();
const request = createStripeApi(location.origin, publishableKey);
const portalPath = `/v1/sandbox/portal/${encodeURIComponent(sessionId)}`;

function cardText(card) {
  if (!card) return 'No payment method on file.';
  const brand = card.brand ? card.brand.charAt(0).toUpperCase() + card.brand.slice(1) : 'Card';
  return `${brand} ending in ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')} / ${String(card.exp_year).slice(-2)}`;
}

function subscriptionText(sub) {
  const price = `${formatMoney(sub.amount, sub.currency)} per ${sub.interval ?? 'period'}`;
  if (sub.cancel_at_period_end || sub.cancel_at)
    return `${price}. Cancels on ${formatDate(sub.cancel_at ?? sub.current_period_end)}.`;
  if (sub.status === 'trialing') return `${price}. Trial ends on ${formatDate(sub.trial_end)}.`;
  return `${price}. Renews on ${formatDate(sub.current_period_end)}.`;
}

/** A plan's buttons: Cancel plan, its confirmation, or Renew plan once it is set to cancel. */
function planActions(sub) {
  const actions = h('div', { class: 'actions' });
  const cancelled = sub.cancel_at_period_end || sub.cancel_at;
  if (cancelled) {
    const renewButton = h('button', { type: 'button' }, 'Renew plan');
    renewButton.addEventListener('click', () => change('renew', sub.id, renewButton));
    actions.append(renewButton);
    return actions;
  }
  const cancelButton = h('button', { type: 'button', class: 'secondary' }, 'Cancel plan');
  // As Stripe's portal: a cancellation is confirmed on a second step, saying when it takes effect.
  cancelButton.addEventListener('click', () => {
    const confirmButton = h('button', { type: 'button', class: 'danger' }, 'Confirm cancellation');
    const backButton = h('button', { type: 'button', class: 'secondary' }, 'Go back');
    confirmButton.addEventListener('click', () => change('cancel', sub.id, confirmButton));
    backButton.addEventListener('click', () => actions.replaceChildren(cancelButton));
    actions.replaceChildren(
      h(
        'p',
        { class: 'confirm-text' },
        `Your plan will be cancelled at the end of the period, on ${formatDate(sub.current_period_end)}. You can renew it until then.`,
      ),
      confirmButton,
      backButton,
    );
    confirmButton.focus();
  });
  actions.append(cancelButton);
  return actions;
}

function renderSubscriptions(subscriptions) {
  const container = document.getElementById('subscriptions');
  if (subscriptions.length === 0) {
    container.replaceChildren(h('p', {}, 'No active subscription.'));
    return;
  }
  container.replaceChildren(
    ...subscriptions.map((sub) =>
      h(
        'div',
        { class: 'plan' },
        h('h3', {}, sub.name || 'Subscription'),
        h('p', {}, subscriptionText(sub)),
        planActions(sub),
      ),
    ),
  );
}

function renderInvoices(invoices) {
  const container = document.getElementById('invoices');
  if (invoices.length === 0) {
    container.replaceChildren(h('p', {}, 'No invoices yet.'));
    return;
  }
  container.replaceChildren(
    h(
      'ul',
      { class: 'invoice-list' },
      invoices.map((invoice) => {
        const href = isWebUrl(invoice.hosted_invoice_url) ? invoice.hosted_invoice_url : null;
        const label = `${formatDate(invoice.created)} · ${formatMoney(invoice.total, invoice.currency)} · ${invoice.status}`;
        return h('li', {}, href ? h('a', { href }, label) : label);
      }),
    ),
  );
}

async function load() {
  const answer = await request('GET', portalPath);
  if (!answer.ok) {
    setText(
      'portal-status',
      answer.status === 404
        ? 'This billing session has expired. Return to the app and open it again.'
        : (answer.body?.error?.message ?? 'Billing could not be loaded.'),
    );
    return;
  }
  const portal = answer.body;
  const back = document.getElementById('return-link');
  if (isWebUrl(portal.return_url)) {
    back.setAttribute('href', portal.return_url);
    back.hidden = false;
  }
  setText('portal-status', [portal.customer?.name, portal.customer?.email].filter(Boolean).join(' · '));
  setText('current-card', cardText(portal.card));
  renderSubscriptions(portal.subscriptions ?? []);
  renderInvoices(portal.invoices ?? []);
}

/** Cancel at the period's end, or renew: the portal's two calls on a plan. */
async function change(action, subscriptionId, button) {
  showAlert('');
  button.disabled = true;
  const answer = await request('POST', `${portalPath}/${action}`, { subscription: subscriptionId });
  if (!answer.ok) {
    button.disabled = false;
    showAlert(
      answer.body?.error?.message ??
        (action === 'cancel' ? 'The plan could not be cancelled.' : 'The plan could not be renewed.'),
    );
    return;
  }
  await load();
}

function closeCardForm(form) {
  form.reset();
  form.hidden = true;
  document.getElementById('change-card-button').hidden = false;
}

async function saveCard(form) {
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
  const answer = await request('POST', `${portalPath}/card`, {
    payment_method: created.paymentMethod.id,
    return_url: `${location.origin}${location.pathname}`,
  });
  const challenge = answer.body?.next_action?.redirect_to_url?.url;
  // A card that asks for 3-D Secure is challenged first; the page comes back with the intent.
  if (answer.ok && answer.body?.status === 'requires_action' && isWebUrl(challenge)) return goTo(challenge);
  setFormBusy(form, false);
  if (!answer.ok) {
    showAlert(answer.body?.error?.message ?? 'Your card could not be saved.');
    return;
  }
  closeCardForm(form);
  await load();
}

/** Back from a 3-D Secure challenge: the authenticated card becomes the default, a failed one is said. */
async function finishChallenge() {
  const query = new URLSearchParams(location.search);
  const setupIntent = query.get('setup_intent');
  if (!setupIntent) return;
  history.replaceState(null, '', location.pathname);
  if (query.get('redirect_status') !== 'succeeded') {
    showAlert(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
    return;
  }
  const answer = await request('POST', `${portalPath}/card`, { setup_intent: setupIntent });
  if (!answer.ok) showAlert(answer.body?.error?.message ?? 'Your card could not be saved.');
}

const form = document.getElementById('card-form');
attachCardFormatting();
// One primary button at a time: opening the form puts its own Save card in place of this one.
document.getElementById('change-card-button').addEventListener('click', (event) => {
  event.currentTarget.hidden = true;
  form.hidden = false;
  document.getElementById('card-number')?.focus();
});
document.getElementById('cancel-card-button').addEventListener('click', () => closeCardForm(form));
form.addEventListener('submit', (event) => {
  event.preventDefault();
  saveCard(form);
});
document.getElementById('return-link').addEventListener('click', (event) => {
  event.preventDefault();
  goTo(event.currentTarget.getAttribute('href'));
});
finishChallenge().then(load);
