// What the console does with a failure (spec section 8). Pure: errors are recognised by shape, so
// this needs no HTTP client. ApiError (src/api) has exactly this shape.
import { type ApiErrorShape, isApiErrorShape } from './api-error-shape';
import { ErrorCode, membershipLostCodes } from './error-codes';
import { fieldErrorText, validationFieldErrors } from './field-errors';

export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

export type ErrorOutcome =
  /** 1502, 1600, 1850: drop that team user from the registry, show no flash. */
  | { kind: 'membershipLost'; teamId: number | null; userId: number | null }
  /** 401: run the auth flow again. */
  | { kind: 'unauthorized' }
  /** Any other API error: a danger flash with its message. */
  | { kind: 'apiError'; message: string }
  /** Not an API error at all. */
  | { kind: 'unknown'; message: typeof UNKNOWN_ERROR_MESSAGE };

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isSafeInteger(value) ? value : null;
}

export function classifyError(error: unknown): ErrorOutcome {
  if (!isApiErrorShape(error)) return { kind: 'unknown', message: UNKNOWN_ERROR_MESSAGE };
  if (error.code !== null && membershipLostCodes.includes(error.code)) {
    const data = (typeof error.data === 'object' && error.data !== null ? error.data : {}) as Record<
      string,
      unknown
    >;
    return { kind: 'membershipLost', teamId: numberOrNull(data.teamId), userId: numberOrNull(data.userId) };
  }
  if (error.status === 401) return { kind: 'unauthorized' };
  return { kind: 'apiError', message: apiErrorMessage(error) };
}

/**
 * What an API error says to a person. A validation error's message is the catalogue's bare
 * 'Validation error'; its field list says what is wrong ('Price id already has a premium plan'),
 * so that is shown wherever the error is not put under a field of a form.
 */
function apiErrorMessage(error: ApiErrorShape): string {
  if (error.code !== ErrorCode.validation) return error.message;
  const fields = validationFieldErrors(error).map(fieldErrorText);
  return fields.length > 0 ? fields.join('. ') : error.message;
}

/** During screen setup these are not shown in the error box but passed up to the app. */
export function passesUpFromScreenSetup(error: unknown): boolean {
  const { kind } = classifyError(error);
  return kind === 'membershipLost' || kind === 'unauthorized';
}
