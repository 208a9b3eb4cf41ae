// The invite form's address list (spec section 5): 'a@x.com, b@y.com'.

import { isValidEmail } from './email';
import { ErrorCode, type FieldError } from './error-codes';

export const INVITATION_FIELD = 'email';
export const EMPTY_INVITATION_LIST_MESSAGE = 'must not be empty';
export const INVALID_INVITATION_MESSAGE = 'is invalid';

export interface InvitationListError extends FieldError {
  field: typeof INVITATION_FIELD;
  message: typeof EMPTY_INVITATION_LIST_MESSAGE | typeof INVALID_INVITATION_MESSAGE;
}

export type InvitationListResult =
  | { ok: true; emails: string[] }
  /** invalid: the entries that are not addresses, as typed (empty for an empty list). */
  | { ok: false; error: InvitationListError; invalid: string[] };

/**
 * Splits the comma-separated list, trims entries and drops blanks ('a@x.com, ,b@y.com,'). The same
 * address typed twice (in any case: the address mailed, see mailedAddress on the server) is invited
 * once, keeping the first spelling. Addresses pass the sign-up form's check (email.ts).
 */
export function parseInvitationList(text: string): InvitationListResult {
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) {
    return {
      ok: false,
      error: { field: INVITATION_FIELD, message: EMPTY_INVITATION_LIST_MESSAGE },
      invalid: [],
    };
  }
  // As strict as the sign-up form: anything a mailer could read as another address or as
  // several ('<mia@acme.test', 'x;y@evil.example') is refused rather than mailed somewhere else.
  const invalid = entries.filter((entry) => !isValidEmail(entry));
  if (invalid.length > 0) {
    return { ok: false, error: { field: INVITATION_FIELD, message: INVALID_INVITATION_MESSAGE }, invalid };
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

/**
 * The list's error with the bad entries named after the spec's message, so a long list says which
 * address to fix: 'is invalid: pete@acme, quinn.acme.test' (read as 'Email is invalid: ...').
 */
export function namedInvitationListError(result: InvitationListResult): FieldError | null {
  if (result.ok) return null;
  if (result.invalid.length === 0) return result.error;
  return { field: result.error.field, message: `${result.error.message}: ${result.invalid.join(', ')}` };
}

/**
 * Why the server left an address alone: it belongs to a member already, or to a pending invitation,
 * or the invitation mail limits held it back (429 code 1800 when nobody else was mailed).
 */
export type InvitationSkipReason = 'member' | 'invited' | 'limited';

export interface SkippedInvitation {
  email: string;
  reason: InvitationSkipReason;
}

const SKIP_REASON_TEXT: Record<InvitationSkipReason, string> = {
  member: 'already a member',
  invited: 'already invited',
  limited: 'too many invitations, try again later',
};

/**
 * The note beside the invite field: 'Not invited: mia@acme.test (already a member), ...'; null for
 * none. 'Resend all' lists the addresses the mail limits held back the same way, led by 'Not resent'.
 */
export function skippedInvitationsText(
  skipped: readonly SkippedInvitation[],
  lead: 'Not invited' | 'Not resent' = 'Not invited',
): string | null {
  if (skipped.length === 0) return null;
  return `${lead}: ${skipped.map(({ email, reason }) => `${email} (${SKIP_REASON_TEXT[reason]})`).join(', ')}`;
}

/** The note under the pending-invitation banner for the addresses a resend's mail limits held back. */
export function heldBackResendText(emails: readonly string[]): string | null {
  return skippedInvitationsText(
    emails.map((email) => ({ email, reason: 'limited' })),
    'Not resent',
  );
}

function isSkippedInvitation(item: unknown): item is SkippedInvitation {
  if (typeof item !== 'object' || item === null) return false;
  const { email, reason } = item as Partial<SkippedInvitation>;
  return typeof email === 'string' && (reason === 'member' || reason === 'invited' || reason === 'limited');
}

/**
 * The addresses an invite refused with 429 code 1800 because of the invitation mail limits
 * (errorData `skipped`, the report's shape), or null for any other failure (the per-inviter call
 * limit's 1800 names nobody). Read structurally: machines do not import the API client.
 */
export function limitedInvitations(error: unknown): SkippedInvitation[] | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, data } = error as { code?: unknown; data?: unknown };
  if (code !== ErrorCode.tooManyRequests || typeof data !== 'object' || data === null) return null;
  const skipped = (data as { skipped?: unknown }).skipped;
  if (!Array.isArray(skipped)) return null;
  const entries = skipped.filter(isSkippedInvitation);
  return entries.length > 0 ? entries : null;
}
