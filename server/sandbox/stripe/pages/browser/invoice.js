// The hosted invoice page: the invoice as the customer sees it, and a card form while it is open.
import {
  attachCardFormatting,
  createCardPaymentMethod,
  readCardForm,
  setFormBusy,
  showFieldProblems,
} from './card-form.js';
import { formatDate, formatMoney, goTo, h, isWebUrl, pageData, setText, showAlert } from './page-kit.js';
import { createStripeApi } from './stripe-api.js';

const { publishableKey, invoiceId } = pageData();
const request = createStripeApi(location.origin, publishableKey);
const invoicePath = `/v1/sandbox/invoices/${encodeURIComponent(invoiceId)}`;
/** The invoice as last read: what the pay form pays. */
let current = null;
const statusWords = {
  draft: 'Draft',
  open: 'Due',
  paid: 'Paid',
  void: 'Void',
  uncollectible: 'Uncollectible',
};

function row(term, value) {
  return value === null || value === undefined || value === ''
    ? null
    : [h('dt', {}, term), h('dd', {}, value)];
}

function lineText(line) {
  const period = line.period?.start
    ? ` (${formatDate(line.period.start)} – ${formatDate(line.period.end)})`
    : '';
  return `${line.description ?? 'Item'}${period}`;
}

function taxAmount(invoice) {
  if (typeof invoice.tax === 'number') return invoice.tax;
  const taxes = invoice.total_taxes ?? invoice.total_tax_amounts ?? [];
  return taxes.reduce((sum, tax) => sum + (tax.amount ?? 0), 0);
}

function renderInvoice(invoice) {
  const currency = invoice.currency ?? 'usd';
  const money = (amount) => formatMoney(amount ?? 0, currency);
  const lines = invoice.lines?.data ?? [];
  const tax = taxAmount(invoice);
  const discount = (invoice.total_discount_amounts ?? []).reduce((sum, item) => sum + (item.amount ?? 0), 0);
  const heading = invoice.number ? `Invoice ${invoice.number}` : 'Invoice';
  setText('invoice-heading', heading);
  document.title = heading;
  setText('invoice-status', statusWords[invoice.status] ?? String(invoice.status ?? ''));
  document.getElementById('invoice-details').replaceChildren(
    h(
      'dl',
      { class: 'facts' },
      row('Invoice number', invoice.number),
      row('Date of issue', formatDate(invoice.status_transitions?.finalized_at ?? invoice.created)),
      row('Date due', formatDate(invoice.due_date)),
      row('Paid on', formatDate(invoice.status_transitions?.paid_at)),
      row('Billed to', [invoice.customer_name, invoice.customer_email].filter(Boolean).join(', ')),
    ),
    h(
      'table',
      { class: 'lines' },
      h('caption', {}, 'Items'),
      h(
        'thead',
        {},
        h(
          'tr',
          {},
          h('th', { scope: 'col' }, 'Description'),
          h('th', { scope: 'col' }, 'Qty'),
          h('th', { scope: 'col' }, 'Amount'),
        ),
      ),
      h(
        'tbody',
        {},
        lines.map((line) =>
          h(
            'tr',
            {},
            h('td', {}, lineText(line)),
            h('td', {}, String(line.quantity ?? 1)),
            h('td', {}, money(line.amount)),
          ),
        ),
      ),
    ),
    h(
      'dl',
      { class: 'totals' },
      row('Subtotal', money(invoice.subtotal)),
      discount ? row('Discount', `−${money(discount)}`) : null,
      tax ? row('Tax', money(tax)) : null,
      row('Total', money(invoice.total)),
      row('Amount paid', money(invoice.amount_paid)),
      row('Amount due', money(invoice.amount_remaining ?? invoice.amount_due)),
    ),
  );
  const payable = invoice.status === 'open' && (invoice.amount_remaining ?? invoice.amount_due) > 0;
  document.getElementById('payment-section').hidden = !payable;
  // Nothing left to do here: say how to go back (the console opens this page in a tab of its own).
  document.getElementById('invoice-done').hidden = invoice.status !== 'paid';
}

async function load() {
  const answer = await request('GET', invoicePath);
  if (!answer.ok) {
    setText(
      'invoice-status',
      answer.status === 404
        ? 'This invoice could not be found.'
        : (answer.body?.error?.message ?? 'This invoice could not be loaded.'),
    );
    return null;
  }
  current = answer.body;
  renderInvoice(current);
  return current;
}

/**
 * Pays as Stripe's hosted invoice page does: confirms the invoice's payment intent (its
 * confirmation_secret) with the card, coming back here after a 3-D Secure challenge. An invoice
 * without one is paid through the sandbox's /pay call.
 */
function charge(invoice, paymentMethod) {
  const secret = invoice?.confirmation_secret?.client_secret;
  if (!secret) return request('POST', `${invoicePath}/pay`, { payment_method: paymentMethod });
  const intentId = secret.slice(0, secret.indexOf('_secret_'));
  return request('POST', `/v1/payment_intents/${encodeURIComponent(intentId)}/confirm`, {
    client_secret: secret,
    payment_method: paymentMethod,
    return_url: `${location.origin}${location.pathname}`,
  });
}

async function pay(form) {
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
  const answer = await charge(current, created.paymentMethod.id);
  const body = answer.body ?? {};
  const challenge = body.next_action?.redirect_to_url?.url;
  if (answer.ok && isWebUrl(challenge)) return goTo(challenge);
  setFormBusy(form, false);
  // A confirm answered 200 may still have failed: the intent then waits for another card.
  const failure = answer.ok
    ? body.status === 'requires_payment_method'
      ? (body.last_payment_error ?? {})
      : null
    : (body.error ?? {});
  if (failure) {
    showAlert(failure.message ?? 'Something went wrong. Your card was not charged; please try again.');
    return;
  }
  form.reset();
  await load();
  if (current?.status === 'paid') setText('invoice-status', 'Paid. Thank you!');
}

const form = document.getElementById('card-form');
attachCardFormatting();
// A tab opened from a link, with one page in its history, may be closed by script; after a 3-D Secure
// round trip the browser keeps it open, and the words beside the button say what to do.
document.getElementById('close-button').addEventListener('click', () => {
  window.close();
});
form.addEventListener('submit', (event) => {
  event.preventDefault();
  pay(form);
});
load().then((invoice) => {
  if (
    invoice?.status === 'open' &&
    new URLSearchParams(location.search).get('redirect_status') === 'failed'
  ) {
    showAlert(
      'We are unable to authenticate your payment method. Please choose a different payment method and try again.',
    );
  }
});
