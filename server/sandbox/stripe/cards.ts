import type Stripe from 'stripe';
import { StripeError } from './errors';

/**
 * Test cards as Stripe documents them. The number is kept in the payment method's internal state
 * (never in its public shape) and decides what happens when it is confirmed or charged.
 */
export type CardBehaviour =
  | 'succeed'
  | 'generic_decline'
  | 'insufficient_funds'
  | 'three_d_secure'
  | 'expired_card'
  | 'incorrect_cvc';

const SPECIAL: Record<string, CardBehaviour> = {
  '4000000000000002': 'generic_decline',
  '4000000000009995': 'insufficient_funds',
  '4000002500003155': 'three_d_secure',
  '4000002760003184': 'three_d_secure',
  '4000000000000069': 'expired_card',
  '4000000000000127': 'incorrect_cvc',
  // Attaches fine, declines every charge: how a customer's saved card starts failing.
  '4000000000000341': 'generic_decline',
};

/** Stripe's test tokens and payment method ids (`tok_visa`, `pm_card_visa`) name these numbers. */
export const TEST_TOKENS: Record<string, string> = {
  visa: '4242424242424242',
  mastercard: '5555555555554444',
  amex: '378282246310005',
  chargeDeclined: '4000000000000002',
  chargeDeclinedInsufficientFunds: '4000000000009995',
  chargeDeclinedExpiredCard: '4000000000000069',
  chargeDeclinedIncorrectCvc: '4000000000000127',
  chargeCustomerFail: '4000000000000341',
  authenticationRequiredOnSetup: '4000002500003155',
  authenticationRequired: '4000002760003184',
  threeDSecure2Required: '4000002500003155',
};

export function testTokenNumber(token: string): string | null {
  const match = /^(?:tok|pm_card)_(.+)$/.exec(token);
  return match ? (TEST_TOKENS[match[1] ?? ''] ?? null) : null;
}

export function behaviourOf(number: string): CardBehaviour {
  return SPECIAL[number] ?? 'succeed';
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

function brandOf(number: string): string {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  return 'unknown';
}

function cardError(code: string, message: string, param: string): StripeError {
  return new StripeError(402, { type: 'card_error', code, message, param });
}

/** Checks what Stripe checks when a card payment method is created: number and expiry. */
export function validateCard(number: string, expMonth: number, expYear: number, now: Date): void {
  if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  }
  if (!(expMonth >= 1 && expMonth <= 12)) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const year = expYear < 100 ? 2000 + expYear : expYear;
  const thisYear = now.getUTCFullYear();
  if (year < thisYear || year > thisYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (year === thisYear && expMonth < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
}

export function cardDetails(number: string, expMonth: number, expYear: number): Stripe.PaymentMethod.Card {
  return {
    brand: brandOf(number),
    checks: { address_line1_check: null, address_postal_code_check: null, cvc_check: 'pass' },
    country: 'US',
    display_brand: brandOf(number),
    exp_month: expMonth,
    exp_year: expYear < 100 ? 2000 + expYear : expYear,
    fingerprint: Buffer.from(number).toString('base64url').slice(0, 16),
    funding: 'credit',
    generated_from: null,
    last4: number.slice(-4),
    networks: { available: [brandOf(number)], preferred: null },
    regulated_status: 'unregulated',
    three_d_secure_usage: { supported: true },
    wallet: null,
  };
}

/** The error a declined charge or setup answers with (Stripe's codes and messages). */
export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
}

export function declineFor(behaviour: CardBehaviour): Decline | null {
  switch (behaviour) {
    case 'generic_decline':
      return { code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    case 'insufficient_funds':
      return {
        code: 'card_declined',
        decline_code: 'insufficient_funds',
        message: 'Your card has insufficient funds.',
      };
    case 'expired_card':
      return { code: 'expired_card', decline_code: 'expired_card', message: 'Your card has expired.' };
    case 'incorrect_cvc':
      return {
        code: 'incorrect_cvc',
        decline_code: 'incorrect_cvc',
        message: "Your card's security code is incorrect.",
      };
    default:
      return null;
  }
}

export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
