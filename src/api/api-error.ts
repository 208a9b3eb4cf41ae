// Failures of API calls as the console sees them: the spec's error body (section 8) on an ApiError.

import { HTTPError } from 'ky';
import { type ErrorBody, isErrorBody, unknownServerErrorMessage } from '@/domain/error-codes';

export interface ApiErrorInit {
  status: number;
  /** errorCode of the body; null when the body was not the spec's error body. */
  code: number | null;
  message: string;
  data?: ErrorBody['errorData'];
}

/** An HTTP error response from the API, with the parsed {errorCode, errorMessage, errorData}. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: number | null;
  readonly data: ErrorBody['errorData'];

  constructor({ status, code, message, data = null }: ApiErrorInit) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The ApiError for a response status and its body text ('Unknown server error' unless the body has a code). */
export function apiErrorFromBody(status: number, bodyText: string): ApiError {
  const body = parseJson(bodyText);
  if (!isErrorBody(body)) return new ApiError({ status, code: null, message: unknownServerErrorMessage });
  const message =
    typeof body.errorMessage === 'string' && body.errorMessage
      ? body.errorMessage
      : unknownServerErrorMessage;
  return new ApiError({ status, code: body.errorCode, message, data: body.errorData ?? null });
}

/**
 * An HTTP error response becomes an ApiError; anything else (network failure after the retries,
 * an abort, a bug) is returned as it is, for the caller to show as 'Unknown error'.
 */
export async function toApiError(error: unknown): Promise<unknown> {
  if (!(error instanceof HTTPError)) return error;
  const bodyText = await error.response.text().catch(() => '');
  return apiErrorFromBody(error.response.status, bodyText);
}
