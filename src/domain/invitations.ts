// The invite form's address list (spec section 5): 'a@x.com, b@y.com'.

import type { FieldError } from './error-codes';

export const INVITATION_FIELD = 'email';
export const EMPTY_INVITATION_LIST_MESSAGE = 'must not be empty';
export const INVALID_INVITATION_MESSAGE = 'is invalid';

export interface InvitationListError extends FieldError {
  field: typeof INVITATION_FIELD;
  message: typeof EMPTY_INVITATION_LIST_MESSAGE | typeof INVALID_INVITATION_MESSAGE;
}

export type InvitationListResult = { ok: true; emails: string[] } | { ok: false; error: InvitationListError };

/**
 * Deliberately loose: an '@' with text on both sides and no spaces. The server and the invitation
 * mail are the real check; the form only catches typos such as a missing '@' or two addresses
 * without a comma. The same shape as the server's validation error, so the form shows either alike.
 */
const INVITATION_ADDRESS = /^[^@\s]+@[^@\s]+$/u;

/**
 * Splits the comma-separated list, trims entries and drops blanks ('a@x.com, ,b@y.com,'). The same
 * address typed twice (in any case) is invited once, keeping the first spelling.
 */
export function parseInvitationList(text: string): InvitationListResult {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) {
    return { ok: false, error: { field: INVITATION_FIELD, message: EMPTY_INVITATION_LIST_MESSAGE } };
  }
  if (!entries.every((entry) => INVITATION_ADDRESS.test(entry))) {
    return { ok: false, error: { field: INVITATION_FIELD, message: INVALID_INVITATION_MESSAGE } };
  }
  const seen = new Set<string>();
  const emails: string[] = [];
  for (const entry of entries) {
    const key = entry.toLowerCase();
    if (!seen.has(key)) {
      seen.add(key);
      emails.push(entry);
    }
  }
  return { ok: true, emails };
}
