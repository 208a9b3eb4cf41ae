import Stripe from 'stripe';
import { AppError, ValidationError } from '../../errors';
import { PaymentFailedError, ProviderUnavailableError } from '../billing-errors';

export const isStripeError = (error: unknown): error is Stripe.errors.StripeError =>
  error instanceof Stripe.errors.StripeError;

export const isMissingResource = (error: unknown): boolean =>
  isStripeError(error) && error.code === 'resource_missing';

/**
 * Stripe's failures in the product's terms: a card problem is the owner's to read (402 with Stripe's
 * message), a refused tax id is a field error, anything else from Stripe is the provider failing
 * (503, logged by the caller), never a 500 with Stripe's internals.
 */
export function translateStripeError(error: unknown, log: (error: unknown) => void): unknown {
  if (error instanceof AppError || !isStripeError(error)) return error;
  if (error instanceof Stripe.errors.StripeCardError) {
    return new PaymentFailedError(error.message, error.code ?? null, error.decline_code ?? null);
  }
  if (error.code === 'tax_id_invalid')
    return new ValidationError([{ field: 'vatId', message: 'is invalid' }]);
  log(error);
  return new ProviderUnavailableError();
}
