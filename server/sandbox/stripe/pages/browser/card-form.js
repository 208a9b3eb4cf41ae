// The card fields of the hosted pages (checkout, invoice): formatting while typing, Stripe's checks
// before anything is sent, and each problem shown under its field.
import {
  cardBrand,
  cvcProblem,
  digitsOf,
  expiryProblem,
  formatCardNumber,
  formatCvc,
  formatExpiry,
  numberProblem,
  parseExpiry,
} from './card-checks.js';

const fieldIds = ['email', 'card-number', 'card-expiry', 'card-cvc', 'cardholder-name'];

function input(id) {
  return /** @type {HTMLInputElement | null} */ (document.getElementById(id));
}

export function attachCardFormatting() {
  const number = input('card-number');
  const expiry = input('card-expiry');
  const cvc = input('card-cvc');
  number?.addEventListener('input', () => {
    number.value = formatCardNumber(number.value);
  });
  expiry?.addEventListener('input', (event) => {
    expiry.value = formatExpiry(expiry.value, event.inputType?.startsWith('delete'));
  });
  cvc?.addEventListener('input', () => {
    cvc.value = formatCvc(cvc.value, cardBrand(number?.value));
  });
  for (const id of fieldIds) input(id)?.addEventListener('input', () => showFieldProblem(id, null));
}

function emailProblem(value) {
  if (!value) return 'Your email is incomplete.';
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return 'Your email address is invalid.';
  return null;
}

/**
 * The form's values as the API wants them, or the problems found ({fieldId: message}); fields the
 * page does not have (no Email on the invoice page) are not asked for.
 */
export function readCardForm(now = new Date()) {
  const problems = {};
  const email = input('email');
  const name = input('cardholder-name');
  const numberValue = input('card-number')?.value ?? '';
  const expiryValue = input('card-expiry')?.value ?? '';
  const cvcValue = input('card-cvc')?.value ?? '';
  if (email) {
    const found = emailProblem(email.value.trim());
    if (found) problems.email = found;
  }
  const numberFound = numberProblem(numberValue);
  if (numberFound) problems['card-number'] = numberFound.message;
  const expiryFound = expiryProblem(expiryValue, now);
  if (expiryFound) problems['card-expiry'] = expiryFound.message;
  const cvcFound = cvcProblem(cvcValue, cardBrand(numberValue));
  if (cvcFound) problems['card-cvc'] = cvcFound.message;
  if (name && !name.value.trim()) problems['cardholder-name'] = 'Your name is incomplete.';
  if (Object.keys(problems).length > 0) return { problems };
  const expiry = parseExpiry(expiryValue);
  return {
    values: {
      email: email?.value.trim(),
      name: name?.value.trim(),
      card: {
        number: digitsOf(numberValue),
        exp_month: expiry.month,
        exp_year: expiry.year,
        cvc: digitsOf(cvcValue),
      },
    },
  };
}

export function showFieldProblem(id, message) {
  const field = input(id);
  const slot = document.getElementById(`${id}-error`);
  if (!field || !slot) return;
  slot.textContent = message ?? '';
  if (message) field.setAttribute('aria-invalid', 'true');
  else field.removeAttribute('aria-invalid');
}

/** Shows every problem and puts the focus on the first field that has one. */
export function showFieldProblems(problems) {
  for (const id of fieldIds) showFieldProblem(id, problems[id] ?? null);
  const first = fieldIds.find((id) => problems[id]);
  if (first) input(first)?.focus();
}

export function setFormBusy(form, busy) {
  form.setAttribute('aria-busy', busy ? 'true' : 'false');
  for (const control of form.querySelectorAll('input, button')) control.disabled = busy;
}

/** The card as a new PaymentMethod through the publishable-key API: {paymentMethod} or {error}. */
export async function createCardPaymentMethod(request, values) {
  const answer = await request('POST', '/v1/payment_methods', {
    type: 'card',
    card: values.card,
    billing_details: { name: values.name, email: values.email },
  });
  return answer.ok ? { paymentMethod: answer.body } : { error: answer.body?.error ?? {} };
}
