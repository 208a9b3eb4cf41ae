import { AUTHENTICATION_FAILED_MESSAGE, behaviourOf, declineFor } from '../../stripe/cards';
import { invalidField } from '../errors';
import { newId } from '../ids';
import type { CardDetails } from './transaction-entity';

// The checkout's card: the Stripe sandbox's test cards and their behaviours (one set of rules for
// both checkouts), in Paddle's words: 4242... pays, 4000 0000 0000 0002 is declined,
// 4000 0025 0000 3155 asks for 3-D Secure.

export interface CheckoutCard {
  number: string;
  details: CardDetails;
  paymentMethodId: string;
}

function luhnValid(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Paddle's card types. */
function cardType(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'american_express';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

/** The card a checkout was given, checked as a payment form checks it; `now` for the expiry. */
export function checkoutCard(value: unknown, now: Date): CheckoutCard {
  const card = (value ?? {}) as { number?: unknown; expiry?: unknown; cvc?: unknown; name?: unknown };
  const number = typeof card.number === 'string' ? card.number.replace(/[\s-]/g, '') : '';
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number))
    throw invalidField('card.number', 'is not a valid card number');
  const expiry = typeof card.expiry === 'string' ? /^(\d{2})\s*\/\s*(\d{2})$/.exec(card.expiry) : null;
  const month = Number(expiry?.[1]);
  const year = 2000 + Number(expiry?.[2]);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (!expiry || month < 1 || month > 12 || year * 12 + month - 1 < thisMonth) {
    throw invalidField('card.expiry', 'must be a month to come, as MM/YY');
  }
  if (typeof card.cvc !== 'string' || !/^\d{3,4}$/.test(card.cvc))
    throw invalidField('card.cvc', 'must be 3 or 4 digits');
  const name = typeof card.name === 'string' ? card.name.trim() : '';
  if (name === '' || name.length > 200) throw invalidField('card.name', 'is required');
  return {
    number,
    details: {
      type: cardType(number),
      last4: number.slice(-4),
      expiry_month: month,
      expiry_year: year,
      cardholder_name: name,
    },
    paymentMethodId: newId('payment_method'),
  };
}

export type ChargeOutcome =
  | { kind: 'paid' }
  | { kind: 'declined'; errorCode: string; message: string }
  | { kind: 'authenticate' };

/** The Stripe sandbox's card that attaches fine and declines every charge: a card going bad. */
const DECLINES_CHARGES_ONLY = '4000000000000341';

/**
 * What charging `amount` to `number` does; `authenticated` once its 3-D Secure step was approved.
 * Nothing to charge (a trial's start, a card change) only checks the card.
 */
export function chargeOutcome(number: string, authenticated = false, amount = 1): ChargeOutcome {
  if (number === DECLINES_CHARGES_ONLY && amount === 0) return { kind: 'paid' };
  const behaviour = behaviourOf(number);
  if (behaviour === 'three_d_secure' && !authenticated) return { kind: 'authenticate' };
  const decline = declineFor(behaviour);
  return decline
    ? { kind: 'declined', errorCode: paddleErrorCode(decline.code), message: decline.message }
    : { kind: 'paid' };
}

/** Paddle's payment error codes for the Stripe sandbox's decline codes. */
function paddleErrorCode(stripeCode: string): string {
  switch (stripeCode) {
    case 'expired_card':
      return 'expired_card';
    case 'incorrect_cvc':
      return 'invalid_payment_details';
    default:
      return 'declined';
  }
}

export const AUTHENTICATION_FAILED = {
  errorCode: 'authentication_failed',
  message: AUTHENTICATION_FAILED_MESSAGE,
};
