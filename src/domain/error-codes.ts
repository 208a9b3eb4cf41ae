// The error catalogue of spec section 8, shared by the console and the API server.
// Every error body on the wire is { errorCode, errorMessage, errorData }.

import type { TeamUserRef } from './team-user-ref';
export const ErrorCode = {
  validation: 10,
  tokenInvalid: 1200,
  teamNotFound: 1502,
  notTeamMember: 1600,
  invalidUserStatus: 1850,
  itemNotFound: 2200,
  /**
   * Not in the spec's catalogue: the caller is a member but their role, the plan or the team
   * settings do not allow the action (spec section 6). The console shows its message as a flash.
   */
  permissionDenied: 1700,
  /**
   * Not in the spec's catalogue: the payment provider refused a card payment (declined, insufficient
   * funds, authentication failed). errorMessage is the provider's message, shown as a danger flash
   * (spec section 8 'Card payment failure'); errorData {code, declineCode}.
   */
  paymentFailed: 1900,
  /** Not in the spec's catalogue: the payment provider could not be reached or failed (503). */
  paymentProviderUnavailable: 1910,
  /**
   * Not in the spec's catalogue: too many attempts from this client or at this target (429, with a
   * Retry-After header); errorData {retryAfter} in seconds. The console shows the message.
   */
  tooManyRequests: 1800,
  /**
   * Not in the spec's catalogue: a public file whose link is right but whose time ran out (410). The
   * download page shows spec section 4's 'expired' kind.
   */
  publicFileExpired: 2210,
  /** Not in the spec's catalogue: a public file its sender deleted (410), the 'deleted' kind. */
  publicFileDeleted: 2211,
  /**
   * Not in the spec's catalogue: the server cannot reach its database right now (503, with a
   * Retry-After header); errorData {retryAfter} in seconds. A 5xx, so the console retries (spec section 8).
   */
  serviceUnavailable: 1920,
} as const;

export type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** A field-level validation failure, as carried in errorData of errorCode 10. */
export interface FieldError {
  field: string;
  message: string;
}

export interface ErrorBody {
  errorCode: number;
  errorMessage: string;
  errorData: FieldError[] | TeamUserRef | Record<string, unknown> | null;
}

/** Codes after which the console drops the team user from its registry and shows no flash. */
export const membershipLostCodes: readonly number[] = [
  ErrorCode.teamNotFound,
  ErrorCode.notTeamMember,
  ErrorCode.invalidUserStatus,
];

export const defaultErrorMessages: Record<ErrorCodeValue, string> = {
  [ErrorCode.validation]: 'Validation error',
  [ErrorCode.tokenInvalid]: 'Token is invalid',
  [ErrorCode.teamNotFound]: 'Team not found',
  [ErrorCode.notTeamMember]: 'You are not a member of this team',
  [ErrorCode.invalidUserStatus]: 'Invalid user status',
  [ErrorCode.itemNotFound]: 'Item not found',
  [ErrorCode.permissionDenied]: 'You are not allowed to do this',
  [ErrorCode.paymentFailed]: 'Your card was declined.',
  [ErrorCode.paymentProviderUnavailable]: 'The payment provider is not available. Please try again later',
  [ErrorCode.tooManyRequests]: 'Too many attempts. Please try again later',
  [ErrorCode.publicFileExpired]: 'The file has expired',
  [ErrorCode.publicFileDeleted]: 'The file was deleted by the sender',
  [ErrorCode.serviceUnavailable]: 'The service is temporarily unavailable. Please try again later',
};

export const unknownServerErrorMessage = 'Unknown server error';

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { errorCode?: unknown }).errorCode === 'number'
  );
}
