// Card number, expiry and CVC rules shared by the hosted pages and the Stripe.js stand-in, with the
// messages and codes Stripe.js uses, so a sandbox user sees what a Stripe user would see.

const brandPatterns = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['jcb', /^35/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
  ['discover', /^(6011|65|64[4-9])/],
  ['unionpay', /^62/],
  ['visa', /^4/],
];

export function digitsOf(value) {
  return String(value ?? '').replace(/\D/g, '');
}

/** The card brand as Stripe.js names it ('visa', 'amex', …, 'unknown'). */
export function cardBrand(number) {
  const digits = digitsOf(number);
  for (const [brand, pattern] of brandPatterns) if (pattern.test(digits)) return brand;
  return 'unknown';
}

function numberLength(brand) {
  if (brand === 'amex') return 15;
  if (brand === 'diners') return 14;
  return 16;
}

export function cvcLength(brand) {
  return brand === 'amex' ? 4 : 3;
}

export function passesLuhn(digits) {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return digits.length > 0 && sum % 10 === 0;
}

function problem(code, message) {
  return { type: 'validation_error', code, message };
}

/** null when the number is complete and valid; else {type, code, message}. */
export function numberProblem(number) {
  const digits = digitsOf(number);
  if (digits.length < numberLength(cardBrand(digits))) {
    return problem('incomplete_number', 'Your card number is incomplete.');
  }
  if (!passesLuhn(digits)) return problem('invalid_number', 'Your card number is invalid.');
  return null;
}

/** {month, year} (four-digit year) from 'MM / YY', or null while incomplete. */
export function parseExpiry(expiry) {
  const digits = digitsOf(expiry);
  if (digits.length !== 4 && digits.length !== 6) return null;
  const month = Number(digits.slice(0, 2));
  const year = digits.length === 4 ? 2000 + Number(digits.slice(2)) : Number(digits.slice(2));
  return { month, year };
}

export function expiryProblem(expiry, now = new Date()) {
  const parsed = parseExpiry(expiry);
  if (!parsed) return problem('incomplete_expiry', "Your card's expiration date is incomplete.");
  if (parsed.month < 1 || parsed.month > 12) {
    return problem('invalid_expiry_month', "Your card's expiration month is invalid.");
  }
  const thisYear = now.getFullYear();
  if (parsed.year < thisYear) {
    return problem('invalid_expiry_year_past', "Your card's expiration year is in the past.");
  }
  if (parsed.year === thisYear && parsed.month < now.getMonth() + 1) {
    return problem('invalid_expiry_month_past', "Your card's expiration date is in the past.");
  }
  if (parsed.year > thisYear + 50)
    return problem('invalid_expiry_year', "Your card's expiration year is invalid.");
  return null;
}

export function cvcProblem(cvc, brand) {
  const digits = digitsOf(cvc);
  if (digits.length < cvcLength(brand)) {
    return problem('incomplete_cvc', "Your card's security code is incomplete.");
  }
  return null;
}

/**
 * Whether a half-typed value already shows a mistake (Stripe.js reports those while typing, and
 * the merely incomplete ones only on leaving the field or submitting).
 */
export function isDefiniteProblem(found) {
  return found !== null && !found.code.startsWith('incomplete_');
}

/** '4242424242424242' -> '4242 4242 4242 4242' (American Express: 4-6-5). */
export function formatCardNumber(value) {
  const brand = cardBrand(value);
  const digits = digitsOf(value).slice(0, brand === 'unionpay' ? 19 : numberLength(brand));
  const groups = brand === 'amex' || brand === 'diners' ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts = [];
  let at = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    parts.push(digits.slice(at, at + size));
    at += size;
  }
  return parts.join(' ');
}

/** Typing '1225' gives '12 / 25'; a first digit above 1 is a month: '4' -> '04 / '. */
export function formatExpiry(value, deleting = false) {
  let digits = digitsOf(value);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  digits = digits.slice(0, 4);
  if (digits.length < 2) return digits;
  if (digits.length === 2) return deleting ? digits : `${digits} / `;
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

export function formatCvc(value, brand) {
  return digitsOf(value).slice(0, cvcLength(brand));
}
