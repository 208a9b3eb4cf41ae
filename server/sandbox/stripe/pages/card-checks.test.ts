// No Postgres database: pure checks of card numbers, expiry dates and CVCs.
import { describe, expect, it } from 'vitest';
import {
  cardBrand,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  formatExpiry,
  numberProblem,
  passesLuhn,
} from './browser/card-checks.js';

const november2026 = new Date(2026, 10, 23);

describe('card checks (shared by the hosted pages and the Stripe.js stand-in)', () => {
  it('knows the test cards and their brands', () => {
    for (const number of ['4242424242424242', '4000000000000002', '4000002500003155', '4000000000009995']) {
      expect(numberProblem(number)).toBeNull();
      expect(cardBrand(number)).toBe('visa');
    }
    expect(cardBrand('378282246310005')).toBe('amex');
    expect(numberProblem('3782 822463 10005')).toBeNull();
    expect(cardBrand('5555555555554444')).toBe('mastercard');
  });

  it("says incomplete or invalid with Stripe's words", () => {
    expect(numberProblem('')?.message).toBe('Your card number is incomplete.');
    expect(numberProblem('4242 4242')?.code).toBe('incomplete_number');
    expect(numberProblem('4242424242424241')).toMatchObject({
      code: 'invalid_number',
      message: 'Your card number is invalid.',
    });
    expect(passesLuhn('79927398713')).toBe(true);
    expect(passesLuhn('79927398710')).toBe(false);
  });

  it('checks the expiry against today', () => {
    expect(expiryProblem('', november2026)?.message).toBe("Your card's expiration date is incomplete.");
    expect(expiryProblem('1', november2026)?.code).toBe('incomplete_expiry');
    expect(expiryProblem('12 / 25', november2026)?.message).toBe(
      "Your card's expiration year is in the past.",
    );
    expect(expiryProblem('10 / 26', november2026)?.message).toBe(
      "Your card's expiration date is in the past.",
    );
    expect(expiryProblem('13 / 30', november2026)?.message).toBe("Your card's expiration month is invalid.");
    expect(expiryProblem('11 / 26', november2026)).toBeNull();
    expect(expiryProblem('12 / 34', november2026)).toBeNull();
  });

  it('wants three CVC digits, four for American Express', () => {
    expect(cvcProblem('12', 'visa')?.message).toBe("Your card's security code is incomplete.");
    expect(cvcProblem('123', 'visa')).toBeNull();
    expect(cvcProblem('123', 'amex')?.code).toBe('incomplete_cvc');
  });

  it('formats while typing', () => {
    expect(formatCardNumber('4242424242424242999')).toBe('4242 4242 4242 4242');
    expect(formatCardNumber('378282246310005')).toBe('3782 822463 10005');
    expect(formatExpiry('1234')).toBe('12 / 34');
    expect(formatExpiry('4')).toBe('04 / ');
    expect(formatExpiry('12')).toBe('12 / ');
    expect(formatExpiry('12', true)).toBe('12');
  });
});
