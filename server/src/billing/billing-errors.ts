import { defaultErrorMessages, ErrorCode } from '@domain/error-codes';
import { AppError } from '../errors';

/** The provider refused a card payment; the message is the provider's, for the owner to read (402). */
export class PaymentFailedError extends AppError {
  constructor(message: string, code: string | null = null, declineCode: string | null = null) {
    super(402, ErrorCode.paymentFailed, message || defaultErrorMessages[ErrorCode.paymentFailed], {
      code,
      declineCode,
    });
  }
}

/**
 * The provider could not be reached, timed out, or failed on its side (503). The console's client
 * retries 5xx answers, and every change carries an idempotency key, so a retry never doubles it.
 */
export class ProviderUnavailableError extends AppError {
  constructor() {
    super(
      503,
      ErrorCode.paymentProviderUnavailable,
      defaultErrorMessages[ErrorCode.paymentProviderUnavailable],
    );
  }
}

/** A webhook whose Stripe-Signature does not verify: 400, nothing done. */
export class WebhookSignatureError extends AppError {
  constructor() {
    super(400, ErrorCode.validation, defaultErrorMessages[ErrorCode.validation], [
      { field: 'Stripe-Signature', message: 'is invalid' },
    ]);
  }
}
