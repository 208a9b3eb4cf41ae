// The caller's own profile in a team (spec sections 2 'Members' and 5): 'Your Full Name'.

import type { FieldError } from './error-codes';

export const FULL_NAME_FIELD = 'fullName';
export const EMPTY_FULL_NAME_MESSAGE = 'must not be empty';

/** Spec section 5: the own full name must not be empty, as the team name (blank counts as empty). */
export function fullNameError(fullName: string): FieldError | null {
  return fullName.trim() === '' ? { field: FULL_NAME_FIELD, message: EMPTY_FULL_NAME_MESSAGE } : null;
}
