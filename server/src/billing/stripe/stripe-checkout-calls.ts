import type { BillingProvider } from '../provider';
import { isMissingResource, isStripeError } from './stripe-errors';
import type { StripeParts } from './stripe-parts';

/** Stripe's hosted checkout for a team without a subscription: open one, close it, read how it went. */
export function createStripeCheckoutCalls({
  stripe,
  call,
  priceIds,
}: StripeParts): Pick<BillingProvider, 'createCheckout' | 'expireCheckout' | 'getCheckout'> {
  return {
    createCheckout: (request, idempotencyKey) =>
      call(async () => {
        const session = await stripe().checkout.sessions.create(
          {
            mode: 'subscription',
            customer: request.customerId,
            client_reference_id: String(request.teamId),
            line_items: [{ price: await priceIds.idFor(request.priceId), quantity: request.quantity }],
            subscription_data: {
              metadata: { teamId: String(request.teamId) },
              ...(request.trialDays ? { trial_period_days: request.trialDays } : {}),
              ...(request.taxRateIds.length > 0 ? { default_tax_rates: request.taxRateIds } : {}),
            },
            metadata: {
              teamId: String(request.teamId),
              planId: request.priceId,
              quantity: String(request.quantity),
            },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey },
        );
        return { id: session.id, url: session.url ?? '' };
      }),

    expireCheckout: (id) =>
      call(async () => {
        try {
          await stripe().checkout.sessions.expire(id, {}, { idempotencyKey: `checkout-expire:${id}` });
        } catch (error) {
          // Completed or expired meanwhile: nothing left to close.
          if (!isStripeError(error) || error.type !== 'StripeInvalidRequestError') throw error;
        }
      }),

    getCheckout: (id) =>
      call(async () => {
        try {
          const session = await stripe().checkout.sessions.retrieve(id);
          const ref = (value: string | { id: string } | null) =>
            value == null ? null : typeof value === 'string' ? value : value.id;
          const quantity = Number(session.metadata?.quantity);
          return {
            status: session.status ?? 'open',
            customerId: ref(session.customer),
            subscriptionId: ref(session.subscription),
            url: session.url ?? null,
            planId: session.metadata?.planId ?? null,
            quantity: Number.isInteger(quantity) ? quantity : null,
          };
        } catch (error) {
          if (isMissingResource(error)) return null;
          throw error;
        }
      }),
  };
}
