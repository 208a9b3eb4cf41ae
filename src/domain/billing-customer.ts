// The billing details form (spec sections 2 'Checkout dialog flows', 3 'Customer' and 5): how a
// customer is normalised before it is saved, and which fields are wrong. The console runs the same
// rules before it sends, and the API server runs them again on what it is sent, so both refuse alike.

import { isCountryCode, isUsStateCode, US_COUNTRY_CODE } from './countries';
import type { Customer } from './entities';
import type { FieldError } from './error-codes';
import { isEuCountry, normalizeVatId } from './vat';

export const EMPTY_MESSAGE = 'must not be empty';
export const INVALID_MESSAGE = 'is invalid';
export const TOO_LONG_MESSAGE = 'is too long';

/** Name, address lines, city and a non-US state: generous for any address, small enough to store. */
export const CUSTOMER_TEXT_MAX_LENGTH = 200;
/** The longest real postal codes are about 10 characters; 20 leaves room for spacing. */
export const POSTAL_CODE_MAX_LENGTH = 20;
/** The longest EU VAT number is 14 characters with its prefix (FR, NL, GB with branch); 20 to spare. */
export const VAT_ID_MAX_LENGTH = 20;

/** Two letters of prefix, then 2 to 13 digits or letters: the shape every EU VAT number shares. */
const VAT_ID_PATTERN = /^[A-Z]{2}[0-9A-Z]{2,13}$/u;
/** A US ZIP code: five digits, or ZIP+4. */
const US_ZIP_PATTERN = /^[0-9]{5}(?:-[0-9]{4})?$/u;

const isUs = (country: string): boolean => country === US_COUNTRY_CODE;

/**
 * The customer as it is saved: every field trimmed; country upper-case; a US state upper-case (it is
 * a code), any other state as typed (it is a place name); the VAT number normalised for the country
 * (normalizeVatId: upper-case, no spaces, the country's prefix on a bare number, GR -> EL, UK -> GB).
 * The form asks for a VAT number only in EU countries, so one left over from an earlier EU country
 * is emptied rather than sent to the provider with the wrong country.
 * The country itself is not translated: the select only offers ISO codes, so 'UK' stays 'UK' (and is
 * reported invalid) instead of being guessed into 'GB'.
 */
export function normalizeCustomer(input: Customer): Customer {
  const country = input.country.trim().toUpperCase();
  const state = input.state.trim();
  return {
    name: input.name.trim(),
    line1: input.line1.trim(),
    line2: input.line2.trim(),
    city: input.city.trim(),
    state: isUs(country) ? state.toUpperCase() : state,
    postalCode: input.postalCode.trim(),
    country,
    vatId: isEuCountry(country) ? normalizeVatId(input.vatId, country) : '',
  };
}

/** Characters as Postgres's varchar counts them (code points), so an emoji is one, not two. */
const characterCount = (value: string): number => Array.from(value).length;

const isTooLong = (value: string, maxLength: number): boolean => characterCount(value) > maxLength;

/** A field the form requires (spec: field name, 'must not be empty'), up to `maxLength` characters. */
function requiredTextMessage(value: string, maxLength: number): string | null {
  if (value === '') return EMPTY_MESSAGE;
  return isTooLong(value, maxLength) ? TOO_LONG_MESSAGE : null;
}

/** An optional field (Address 2): anything up to `maxLength` characters. */
function optionalTextMessage(value: string, maxLength: number): string | null {
  return isTooLong(value, maxLength) ? TOO_LONG_MESSAGE : null;
}

/** The Country select: required, and one of the countries the billing provider accepts. */
function countryMessage(country: string): string | null {
  if (country === '') return EMPTY_MESSAGE;
  return isCountryCode(country) ? null : INVALID_MESSAGE;
}

/**
 * State is a select of state codes for the US, where tax and addresses depend on it, so it is
 * required and must be a code. Elsewhere it is free text and optional: many countries have no states,
 * and the ones that do spell them in many ways.
 */
function stateMessage(state: string, country: string): string | null {
  if (!isUs(country)) return optionalTextMessage(state, CUSTOMER_TEXT_MAX_LENGTH);
  if (state === '') return EMPTY_MESSAGE;
  return isUsStateCode(state) ? null : INVALID_MESSAGE;
}

/**
 * ZIP / Postal Code is required everywhere the form is used. Only US ZIP codes have a shape checked
 * here (5 digits or ZIP+4); other countries' formats vary too much to check without false refusals.
 */
function postalCodeMessage(postalCode: string, country: string): string | null {
  const message = requiredTextMessage(postalCode, POSTAL_CODE_MAX_LENGTH);
  if (message !== null || !isUs(country)) return message;
  return US_ZIP_PATTERN.test(postalCode) ? null : INVALID_MESSAGE;
}

/**
 * The VAT number is optional, and only asked for in EU VAT countries (which, for the billing
 * provider, still include GB: UK VAT numbers keep their GB prefix and are validated the same way
 * after Brexit). normalizeCustomer has already emptied it elsewhere. Only the shape shared by all
 * those numbers is checked; whether a number is registered is the provider's check, not ours.
 */
function vatIdMessage(vatId: string): string | null {
  if (vatId === '') return null;
  if (isTooLong(vatId, VAT_ID_MAX_LENGTH)) return TOO_LONG_MESSAGE;
  return VAT_ID_PATTERN.test(vatId) ? null : INVALID_MESSAGE;
}

/**
 * What is wrong with the customer as it would be saved (it is normalised first, so ' de ' is DE and
 * a blank name is empty): at most one error per field, in the form's order, with the field names of
 * the Customer entity, so server errors land on the same fields (spec section 8). Empty when valid.
 */
export function customerFieldErrors(customer: Customer): FieldError[] {
  const c = normalizeCustomer(customer);
  const messages: [keyof Customer, string | null][] = [
    ['name', requiredTextMessage(c.name, CUSTOMER_TEXT_MAX_LENGTH)],
    ['line1', requiredTextMessage(c.line1, CUSTOMER_TEXT_MAX_LENGTH)],
    ['line2', optionalTextMessage(c.line2, CUSTOMER_TEXT_MAX_LENGTH)],
    ['city', requiredTextMessage(c.city, CUSTOMER_TEXT_MAX_LENGTH)],
    ['country', countryMessage(c.country)],
    ['state', stateMessage(c.state, c.country)],
    ['postalCode', postalCodeMessage(c.postalCode, c.country)],
    ['vatId', vatIdMessage(c.vatId)],
  ];
  return messages.flatMap(([field, message]) => (message === null ? [] : [{ field, message }]));
}
