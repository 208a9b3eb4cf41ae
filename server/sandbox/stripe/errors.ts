/** Stripe's error body and HTTP status; thrown by handlers, answered by the plugin's error handler. */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  payment_intent?: unknown;
  setup_intent?: unknown;
  payment_method?: unknown;
  doc_url?: string;
}

export class StripeError extends Error {
  /**
   * commit: the state changes made before the error stay (a declined confirm still records the
   * failed attempt on the intent, as Stripe does); otherwise the request's transaction rolls back.
   */
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
    readonly commit = false,
  ) {
    super(body.message);
  }
}

export function invalidRequest(message: string, param?: string, code?: string): StripeError {
  return new StripeError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });
}

export function missingParam(param: string): StripeError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

export function resourceMissing(kind: string, id: string, param = 'id'): StripeError {
  return new StripeError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${kind}: '${id}'`,
    param,
  });
}

/** Keys are masked as Stripe masks them: prefix kept, the rest starred but the last four. */
export function maskKey(key: string): string {
  const prefix = /^(sk|pk|rk)_(test|live)_/.exec(key)?.[0] ?? '';
  if (!prefix) return '****';
  return `${prefix}****${key.length > prefix.length + 4 ? key.slice(-4) : ''}`;
}
