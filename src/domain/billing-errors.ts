// How billing failures read (spec sections 5 and 8): a card payment refused by the provider shows its
// own message as a danger flash; server field errors land by their fields, humanized; a refused
// promotion code shows by the coupon field.

import { isApiErrorShape } from './api-error-shape';
import { ErrorCode, type FieldError } from './error-codes';
import { serverFieldErrorText, validationFieldErrors } from './field-errors';

/** Spec section 8: a free upgrade or renew that fails. */
export const BILLING_UNKNOWN_ERROR_MESSAGE = 'Unknown error. Please try again later';

/** The billing details form's fields, as the server names them. */
export const CUSTOMER_FIELDS = [
  'name',
  'line1',
  'line2',
  'city',
  'country',
  'state',
  'postalCode',
  'vatId',
] as const;

/** The card provider's message when it refused a payment (402 code 1900); null for anything else. */
export function paymentFailureMessage(error: unknown): string | null {
  return isApiErrorShape(error) && error.code === ErrorCode.paymentFailed ? error.message : null;
}

/** The server's complaints about the billing details fields ('address' counts as Address 1). */
export function customerServerFieldErrors(error: unknown): FieldError[] {
  return validationFieldErrors(error).flatMap(({ field, message }) => {
    const name = field === 'address' ? 'line1' : field;
    return (CUSTOMER_FIELDS as readonly string[]).includes(name) ? [{ field: name, message }] : [];
  });
}

/** A refused promotion code, as shown by the Promotion code field; null when the code was not the problem. */
export function couponErrorText(error: unknown): string | null {
  const text = serverFieldErrorText(error, 'coupon');
  return text === null ? null : text.replace(/^Coupon /u, 'Promotion code ');
}
