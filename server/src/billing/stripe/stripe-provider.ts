import Stripe from 'stripe';
import { WebhookSignatureError } from '../billing-errors';
import type { BillingProvider, PlanChangeOutcome, ProviderSubscription } from '../provider';
import { createStripeCatalogueCalls } from './stripe-catalogue-calls';
import { createStripeCheckoutCalls } from './stripe-checkout-calls';
import { createStripeCustomerCalls } from './stripe-customer-calls';
import { translateStripeError } from './stripe-errors';
import { createStripeInvoiceCalls } from './stripe-invoice-calls';
import { eventReferences, paymentSecretOf, toPreview, toProviderSubscription } from './stripe-mapping';
import { createStripePersonalCalls } from './stripe-personal';
import { createPriceIds } from './stripe-price-ids';
import { createStripeRefundCalls } from './stripe-refund-calls';
import { createStripeSubscriptionCalls } from './stripe-subscription-calls';
import { isSignedInTheFuture } from './webhook-timestamp';

export interface StripeSettings {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /**
   * Set only for the built-in sandbox: where the SDK sends its requests instead of api.stripe.com. A
   * function, because the sandbox is this server, whose port is known only once it listens.
   */
  endpoint?: () => { host: string; port: number; protocol: 'http' | 'https' };
}

/** What an invoice's discounts took off, in cents. */
const discountOf = (invoice: Stripe.Invoice | null): number =>
  (invoice?.total_discount_amounts ?? []).reduce((sum, entry) => sum + entry.amount, 0);

/**
 * Team billing on Stripe through the official SDK. The same code talks to Stripe itself or, with
 * `endpoint` set, to the built-in sandbox: there is no other difference.
 */
export function createStripeProvider(
  settings: StripeSettings,
  log: (error: unknown) => void = () => {},
): BillingProvider {
  let client: Stripe | null = null;
  const stripe = (): Stripe => {
    client ??= new Stripe(settings.secretKey, {
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
      ...(settings.endpoint?.() ?? {}),
    });
    return client;
  };
  const priceIds = createPriceIds(stripe);

  /**
   * Runs a Stripe call and turns its failures into the product's errors. A price this process
   * remembered that Stripe no longer knows (another server made the catalogue again) is looked up
   * afresh and the call made once more; every step of a call is idempotent, so the retry is safe.
   */
  async function call<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      if (!priceIds.forgets(error)) throw translateStripeError(error, log);
    }
    try {
      return await fn();
    } catch (error) {
      throw translateStripeError(error, log);
    }
  }

  /** The open latest invoice's payment intent with its client secret ('pi_123_secret_abc'), or null. */
  async function openInvoicePayment(
    subscription: Stripe.Subscription,
  ): Promise<{ secret: string; intent: Stripe.PaymentIntent } | null> {
    const latest = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
    const secret = paymentSecretOf(latest);
    const intentId = secret?.split('_secret_')[0];
    if (!secret || !intentId?.startsWith('pi_')) return null;
    return { secret, intent: await stripe().paymentIntents.retrieve(intentId) };
  }

  async function pendingSecret(subscription: Stripe.Subscription): Promise<string | null> {
    const payment = await openInvoicePayment(subscription);
    return payment?.intent.status === 'requires_action' ? payment.secret : null;
  }

  /** The subscription's discount as it was before a plan change put a promotion code on. */
  async function putDiscountBack(subscription: ProviderSubscription, idempotencyKey: string): Promise<void> {
    await stripe().subscriptions.update(
      subscription.id,
      {
        discounts: subscription.promotionCodeId ? [{ promotion_code: subscription.promotionCodeId }] : '',
        proration_behavior: 'none',
      },
      { idempotencyKey },
    );
  }

  async function mapSubscription(subscription: Stripe.Subscription): Promise<ProviderSubscription> {
    return toProviderSubscription(subscription, await pendingSecret(subscription));
  }

  return {
    name: 'stripe',

    ...createStripePersonalCalls({ stripe, call, mapSubscription, priceIds }),
    ...createStripeCatalogueCalls({ stripe, call, mapSubscription, priceIds }),
    ...createStripeCustomerCalls({ stripe, call, mapSubscription, priceIds }),
    ...createStripeRefundCalls({ stripe, call, mapSubscription, priceIds }),
    ...createStripeCheckoutCalls({ stripe, call, mapSubscription, priceIds }),
    ...createStripeInvoiceCalls({ stripe, call, mapSubscription, priceIds }),
    ...createStripeSubscriptionCalls({ stripe, call, mapSubscription, priceIds }),

    publishableKey: () => settings.publishableKey,

    preview: (request) =>
      call(async () => {
        const price = await priceIds.idFor(request.priceId);
        const discounts = request.promotionCodeId ? [{ promotion_code: request.promotionCodeId }] : undefined;
        const current = request.subscription;
        const invoice = await stripe().invoices.createPreview({
          ...(request.customerId
            ? { customer: request.customerId }
            : { customer_details: { address: { country: request.country ?? 'US' } } }),
          ...(current ? { subscription: current.id } : {}),
          subscription_details: {
            items: [
              current
                ? { id: current.itemId, price, quantity: request.quantity }
                : { price, quantity: request.quantity },
            ],
            ...(current ? { proration_behavior: 'always_invoice' as const } : {}),
            default_tax_rates: request.taxRateIds,
          },
          ...(discounts ? { discounts } : {}),
        });
        return toPreview(invoice, 0);
      }),

    changePlan: (request, idempotencyKey) =>
      call(async (): Promise<PlanChangeOutcome> => {
        const { subscription } = request;
        const price = await priceIds.idFor(request.priceId);
        // Pending updates take no discounts, so a promotion code goes on first, on its own.
        const discountChanged =
          request.promotionCodeId && request.promotionCodeId !== subscription.promotionCodeId;
        if (discountChanged) {
          await stripe().subscriptions.update(
            subscription.id,
            {
              discounts: [{ promotion_code: request.promotionCodeId as string }],
              proration_behavior: 'none',
            },
            { idempotencyKey: `${idempotencyKey}:discount` },
          );
        }
        // The proration is charged now; with pending_if_incomplete the change only applies once paid.
        const updated = await stripe().subscriptions.update(
          subscription.id,
          {
            items: [{ id: subscription.itemId, price, quantity: request.quantity }],
            proration_behavior: 'always_invoice',
            payment_behavior: 'pending_if_incomplete',
            expand: ['latest_invoice.confirmation_secret'],
          },
          { idempotencyKey },
        );
        const latest = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
        // Stripe may fold a proration's discount into its amount and show none, so a change that
        // charged something spends the code too; one that came to a credit does not.
        const codeSpent = !discountChanged || discountOf(latest) > 0 || (latest?.subtotal ?? 0) > 0;
        if (!updated.pending_update) {
          if (discountChanged && !codeSpent) await putDiscountBack(subscription, `${idempotencyKey}:unspent`);
          return { outcome: 'applied', codeSpent };
        }
        const payment = await openInvoicePayment(updated);
        if (payment?.intent.status === 'requires_action') {
          return { outcome: 'needs_authentication', clientSecret: payment.secret, codeSpent };
        }
        // Declined: say why, drop the waiting change with its invoice, put the discount back.
        const failure = payment?.intent.last_payment_error;
        if (latest?.id) {
          await stripe().invoices.voidInvoice(latest.id, {}, { idempotencyKey: `${idempotencyKey}:void` });
        }
        if (discountChanged) await putDiscountBack(subscription, `${idempotencyKey}:discount-back`);
        return {
          outcome: 'declined',
          message: failure?.message ?? 'Your card was declined.',
          code: failure?.code ?? null,
          declineCode: failure?.decline_code ?? null,
        };
      }),

    verifyWebhook(rawBody, signature) {
      let event: Stripe.Event;
      try {
        event = stripe().webhooks.constructEvent(rawBody, signature ?? '', settings.webhookSecret);
      } catch {
        throw new WebhookSignatureError();
      }
      // The SDK refuses only old timestamps; a future one is refused too (webhook-timestamp.ts).
      if (isSignedInTheFuture(signature, Date.now())) throw new WebhookSignatureError();
      return { id: event.id, type: event.type, ...eventReferences(event) };
    },
  };
}
