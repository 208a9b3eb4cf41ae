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

function renderSubscriptions(subscriptions) {
  const container = document.getElementById('subscriptions');
  if (subscriptions.length === 0) {
    container.replaceChildren(h('p', {}, 'No active subscription.'));
    return;
  }
  container.replaceChildren(
    ...subscriptions.map((sub) => {
      const cancelled = sub.cancel_at_period_end || sub.cancel_at;
      const button = cancelled
        ? null
        : h('button', { type: 'button', class: 'secondary', 'data-subscription': sub.id }, 'Cancel plan');
      if (button) button.addEventListener('click', () => cancel(sub.id, button));
      return h(
        'div',
        { class: 'plan' },
        h('h3', {}, sub.name || 'Subscription'),
        h('p', {}, subscriptionText(sub)),
        button,
      );
    }),
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

async function cancel(subscriptionId, button) {
  button.disabled = true;
  const answer = await request('POST', `${portalPath}/cancel`, { subscription: subscriptionId });
  if (!answer.ok) {
    button.disabled = false;
    showAlert(answer.body?.error?.message ?? 'The plan could not be cancelled.');
    return;
  }
  await load();
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
  const answer = await request('POST', `${portalPath}/card`, { payment_method: created.paymentMethod.id });
  setFormBusy(form, false);
  if (!answer.ok) {
    showAlert(answer.body?.error?.message ?? 'Your card could not be saved.');
    return;
  }
  form.reset();
  form.hidden = true;
  await load();
}

const form = document.getElementById('card-form');
attachCardFormatting();
document.getElementById('change-card-button').addEventListener('click', () => {
  form.hidden = false;
  document.getElementById('card-number')?.focus();
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  saveCard(form);
});
document.getElementById('return-link').addEventListener('click', (event) => {
  event.preventDefault();
  goTo(event.currentTarget.getAttribute('href'));
});
load();
