/** Stripe's error body and HTTP status; thrown by handlers, answered by the plugin's error handler. */
export type StripeErrorType = 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';

export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  charge?: string;
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
  readonly body: StripeErrorBody;

  constructor(
    readonly status: number,
    body: StripeErrorBody,
    readonly commit = false,
  ) {
    super(body.message);
    this.body = withDocUrl(body);
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

/**
 * Stripe links each error code to its page (`https://stripe.com/docs/error-codes/card-declined`);
 * errors without a code (a bad key, an unknown URL) have none.
 */
function withDocUrl(body: StripeErrorBody): StripeErrorBody {
  if (!body.code || body.doc_url) return body;
  return { ...body, doc_url: `https://stripe.com/docs/error-codes/${body.code.replaceAll('_', '-')}` };
}

/**
 * 404 for the object the URL names (param `id`); 400 for one a parameter names
 * (`items[0][price]=price_nope`), as Stripe answers. `status` overrides it for sandbox-only calls.
 */
export function resourceMissing(
  kind: string,
  id: string,
  param = 'id',
  status = param === 'id' ? 404 : 400,
): StripeError {
  return new StripeError(status, {
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
