import type { BillingProvider } from '../provider';
import { isMissingResource } from './stripe-errors';
import type { StripeParts } from './stripe-parts';

type PersonalCalls = Pick<
  BillingProvider,
  | 'syncPersonalCatalogue'
  | 'createPersonCustomer'
  | 'createPersonalCheckout'
  | 'createSetupCheckout'
  | 'createPortalSession'
  | 'startTrialSubscription'
>;

/** Our price id without its coupon suffix: the provider price's lookup key. */
export const lookupKeyOf = (priceId: string): string => priceId.split('--')[0] ?? priceId;

/**
 * Personal billing on Stripe through the same SDK as team billing: the person's own
 * customer (metadata accountId), hosted checkout in subscription and setup modes, the Customer Portal
 * and a trial without a card.
 */
export function createStripePersonalCalls({
  stripe,
  call,
  mapSubscription,
  priceIds,
}: StripeParts): PersonalCalls {
  async function ensureProduct(id: string, name: string): Promise<void> {
    try {
      await stripe().products.retrieve(id);
    } catch (error) {
      if (!isMissingResource(error)) throw error;
      await stripe().products.create({ id, name }, { idempotencyKey: `product:${id}` });
    }
  }

  async function ensurePromotionCode(code: string, percentOff: number): Promise<void> {
    const { data } = await stripe().promotionCodes.list({ code, limit: 1 });
    if (data.length > 0) return;
    const coupon = await stripe().coupons.create(
      { percent_off: percentOff, duration: 'once', name: `${percentOff}% off` },
      { idempotencyKey: `coupon:${code}:${percentOff}` },
    );
    await stripe().promotionCodes.create(
      { promotion: { type: 'coupon', coupon: coupon.id }, code },
      { idempotencyKey: `promotion-code:${code}` },
    );
  }

  return {
    syncPersonalCatalogue: (prices) =>
      call(async () => {
        for (const price of prices) {
          const suffix = price.id.split('--')[1];
          if (suffix && price.couponPercentOff) await ensurePromotionCode(suffix, price.couponPercentOff);
          const lookupKey = lookupKeyOf(price.id);
          const { data } = await stripe().prices.list({ lookup_keys: [lookupKey], limit: 1 });
          const found = data[0];
          if (found && found.unit_amount === price.amount && found.recurring?.interval === price.interval) {
            priceIds.remember(lookupKey, found.id);
            continue;
          }
          const productId = `spark_${price.productId}`;
          await ensureProduct(productId, price.productName);
          // Prices are immutable: a new amount is a new price, and the lookup key moves to it.
          const created = await stripe().prices.create(
            {
              product: productId,
              unit_amount: price.amount,
              currency: price.currency.toLowerCase(),
              recurring: { interval: price.interval },
              lookup_key: lookupKey,
              transfer_lookup_key: true,
              metadata: { personalPriceId: lookupKey },
            },
            { idempotencyKey: `price:${lookupKey}:${price.amount}:${price.interval}` },
          );
          priceIds.remember(lookupKey, created.id);
        }
      }),

    createPersonCustomer: (input, idempotencyKey) =>
      call(async () => {
        const customer = await stripe().customers.create(
          { name: input.name, email: input.email, metadata: { accountId: String(input.accountId) } },
          { idempotencyKey },
        );
        return customer.id;
      }),

    createPersonalCheckout: (request, idempotencyKey) =>
      call(async () => {
        const session = await stripe().checkout.sessions.create(
          {
            mode: 'subscription',
            customer: request.customerId,
            line_items: [{ price: await priceIds.idFor(request.priceId), quantity: 1 }],
            subscription_data: { metadata: { accountId: String(request.accountId) } },
            ...(request.promotionCodeId ? { discounts: [{ promotion_code: request.promotionCodeId }] } : {}),
            // planId/quantity as team checkouts carry them, so getCheckout reads both kinds alike.
            metadata: { accountId: String(request.accountId), planId: request.catalogueId, quantity: '1' },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey },
        );
        return { id: session.id, url: session.url ?? '' };
      }),

    createSetupCheckout: (request, idempotencyKey) =>
      call(async () => {
        const session = await stripe().checkout.sessions.create(
          {
            mode: 'setup',
            customer: request.customerId,
            currency: 'usd',
            metadata: { accountId: String(request.accountId) },
            success_url: request.successUrl,
            cancel_url: request.cancelUrl,
          },
          { idempotencyKey },
        );
        return { id: session.id, url: session.url ?? '' };
      }),

    createPortalSession: (request) =>
      call(async () => {
        const session = await stripe().billingPortal.sessions.create({
          customer: request.customerId,
          return_url: request.returnUrl,
        });
        return { url: session.url };
      }),

    startTrialSubscription: (request, idempotencyKey) =>
      call(async () => {
        const subscription = await stripe().subscriptions.create(
          {
            customer: request.customerId,
            items: [{ price: await priceIds.idFor(request.priceId) }],
            trial_period_days: request.trialDays,
            // No card yet: the trial simply ends, as Stripe's own free trials without one do.
            trial_settings: { end_behavior: { missing_payment_method: 'cancel' } },
            metadata: { accountId: String(request.accountId) },
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey },
        );
        return mapSubscription(subscription);
      }),
  };
}
