// Field errors (spec sections 5 and 8): a rule's or the server's {field, message}, and how it reads
// under the field. 'Server field errors are shown as humanized field plus message', and the local
// rules are written the same way (field name, 'must not be empty'), so both read alike:
// 'Name must not be empty', 'Email is invalid', 'Team name is incorrect'.

import { isApiErrorShape } from './api-error-shape';
import { ErrorCode, type FieldError } from './error-codes';

/** The last segment of a field path: a field inside a list body may come as `0.email` or `[0].email`. */
const fieldName = (field: string): string =>
  field
    .split(/[.[\]]/u)
    .filter(Boolean)
    .at(-1) ?? field;

/**
 * Fields whose words are not their name split: the billing details form's labels (spec section 2),
 * so a server's 'line1' error reads as the field the person sees, 'Address 1'.
 */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  line1: 'Address 1',
  line2: 'Address 2',
  postalCode: 'ZIP / Postal Code',
  vatId: 'VAT Number',
};

/**
 * The field as words: the last segment of a path inside a list body ('0.email', '[1].email'), by
 * its form label where it has one ('line1' -> 'Address 1'), else camelCase and snake_case split,
 * sentence case: 'fullName' -> 'Full name', 'Team name' stays.
 */
export function humanizeField(field: string): string {
  const name = fieldName(field);
  const label = FIELD_LABELS[name];
  if (label) return label;
  const words = name
    .replace(/(\p{Ll}|\d)(\p{Lu})/gu, '$1 $2')
    .replace(/[_\s]+/gu, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * The text shown for a field error: the humanized field plus the message. The catalogue's messages
 * are predicates ('must not be empty', 'is invalid', 'is too large') that need the field as their
 * subject; a message that is a sentence of its own (it starts upper-case, as 'PNG, JPG only') reads
 * alone.
 */
export function fieldErrorText({ field, message }: FieldError): string {
  if (/^\p{Lu}/u.test(message)) return message;
  return `${humanizeField(field)} ${message}`;
}

function isFieldError(item: unknown): item is FieldError {
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof (item as FieldError).field === 'string' &&
    typeof (item as FieldError).message === 'string'
  );
}

/** The field list of a validation error (code 10); empty for any other failure. */
export function validationFieldErrors(error: unknown): FieldError[] {
  if (!isApiErrorShape(error) || error.code !== ErrorCode.validation || !Array.isArray(error.data)) {
    return [];
  }
  return error.data.filter(isFieldError);
}

/** The server's complaint about one of `fields`, as shown under the field; null when there is none. */
export function serverFieldErrorText(error: unknown, ...fields: string[]): string | null {
  const match = validationFieldErrors(error).find(({ field }) => fields.includes(fieldName(field)));
  return match ? fieldErrorText(match) : null;
}
