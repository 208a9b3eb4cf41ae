// The payment-provider switch of the billing page (spec section 2 'Team billing').
import type { PaymentProvider } from './entities';

/**
 * Which providers a team may pay with: the team's own once it has one; else Stripe alone when the
 * operator configured a default provider; else both (the spec's rule, word for word).
 */
export function allowedPaymentProviders(
  teamProvider: PaymentProvider | null,
  configDefaultProvider: PaymentProvider | null,
): PaymentProvider[] {
  if (teamProvider) return [teamProvider];
  if (configDefaultProvider) return ['stripe'];
  return ['stripe', 'paddle'];
}
