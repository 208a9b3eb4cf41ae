import Stripe from 'stripe';
import type { Customer } from '../../../../src/domain/entities';
import { isEuCountry } from '../../../../src/domain/vat';
import { ValidationError } from '../../errors';
import { WebhookSignatureError } from '../billing-errors';
import type { BillingProvider, PlanChangeOutcome, ProviderSubscription } from '../provider';
import { isMissingResource, isStripeError, translateStripeError } from './stripe-errors';
import {
  eventReferences,
  paymentSecretOf,
  toCard,
  toCustomer,
  toInvoice,
  toInvoiceDetail,
  toPreview,
  toProviderSubscription,
} from './stripe-mapping';
import { createStripePersonalCalls } from './stripe-personal';
import { createPriceIds } from './stripe-price-ids';
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

// Subscriptions are read with their latest invoice's payment secret, so a payment waiting for 3-D
// Secure shows up as pendingPaymentIntentSecret.
const subscriptionExpand = ['latest_invoice.confirmation_secret', 'default_tax_rates', 'discounts'];

/** The team's VAT id as Stripe types it: Great Britain has its own type, the EU shares eu_vat. */
const taxIdType = (country: string): 'gb_vat' | 'eu_vat' => (country === 'GB' ? 'gb_vat' : 'eu_vat');

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

  async function mapSubscription(subscription: Stripe.Subscription): Promise<ProviderSubscription> {
    return toProviderSubscription(subscription, await pendingSecret(subscription));
  }

  return {
    name: 'stripe',

    ...createStripePersonalCalls({ stripe, call, mapSubscription, priceIds }),

    publishableKey: () => settings.publishableKey,

    syncCatalogue: (products, prices) =>
      call(async () => {
        const lookupKeys = prices.map((price) => price.id);
        const existing = new Map<string, Stripe.Price>();
        for (let i = 0; i < lookupKeys.length; i += 10) {
          const { data } = await stripe().prices.list({
            lookup_keys: lookupKeys.slice(i, i + 10),
            limit: 100,
          });
          for (const price of data) if (price.lookup_key) existing.set(price.lookup_key, price);
        }
        for (const price of prices) {
          const found = existing.get(price.id);
          const interval = price.interval;
          if (found && found.unit_amount === price.amount && found.recurring?.interval === interval) {
            priceIds.remember(price.id, found.id);
            continue;
          }
          const product = products.find((p) => p.code === price.productCode);
          const productId = `spark_${price.productCode}`;
          try {
            await stripe().products.retrieve(productId);
          } catch (error) {
            if (!isMissingResource(error)) throw error;
            await stripe().products.create(
              { id: productId, name: `Spark ${product?.title ?? price.productCode}` },
              { idempotencyKey: `product:${productId}` },
            );
          }
          // A changed amount is a new price; the lookup key moves to it, the old one stays for
          // the subscriptions on it (Stripe prices are immutable).
          const created = await stripe().prices.create(
            {
              product: productId,
              unit_amount: price.amount,
              currency: price.currency.toLowerCase(),
              recurring: { interval },
              lookup_key: price.id,
              transfer_lookup_key: true,
              metadata: { planId: price.id },
            },
            { idempotencyKey: `price:${price.id}:${price.amount}:${interval}` },
          );
          priceIds.remember(price.id, created.id);
        }
      }),

    ensureTaxRate: (rate) =>
      call(async () => {
        const created = await stripe().taxRates.create(
          {
            display_name: rate.displayName,
            percentage: rate.percent,
            inclusive: false,
            country: rate.country,
            jurisdiction: rate.country,
          },
          { idempotencyKey: `tax-rate:${rate.country}:${rate.percent}:${rate.displayName}` },
        );
        return created.id;
      }),

    createCustomer: (input, idempotencyKey) =>
      call(async () => {
        const customer = await stripe().customers.create(
          { name: input.name, email: input.email, metadata: { teamId: String(input.teamId) } },
          { idempotencyKey },
        );
        return customer.id;
      }),

    getCustomer: (customerId) =>
      call(async () => {
        const customer = await stripe().customers.retrieve(customerId, {
          expand: ['invoice_settings.default_payment_method'],
        });
        if (customer.deleted) return { customer: null, card: null, email: null };
        const taxIds = await stripe().customers.listTaxIds(customerId, { limit: 10 });
        const method = customer.invoice_settings?.default_payment_method;
        return {
          customer: toCustomer(customer, taxIds.data),
          card: typeof method === 'object' ? toCard(method) : null,
          email: customer.email ?? null,
        };
      }),

    updateCustomer: (customerId, customer: Customer) =>
      call(async () => {
        // The tax id first: Stripe refusing it leaves the rest unchanged, so the form loses nothing.
        const { data: taxIds } = await stripe().customers.listTaxIds(customerId, { limit: 10 });
        const wanted = isEuCountry(customer.country) && customer.vatId ? customer.vatId : null;
        const keep = taxIds.find((taxId) => taxId.value === wanted);
        if (wanted && !keep) {
          await stripe().customers.createTaxId(customerId, {
            type: taxIdType(customer.country),
            value: wanted,
          });
        }
        for (const taxId of taxIds) {
          if (taxId !== keep) await stripe().customers.deleteTaxId(customerId, taxId.id);
        }
        await stripe().customers.update(customerId, {
          name: customer.name,
          address: {
            line1: customer.line1,
            line2: customer.line2,
            city: customer.city,
            state: customer.state,
            postal_code: customer.postalCode,
            country: customer.country,
          },
          // A business with an EU VAT id pays no VAT itself (reverse charge).
          tax_exempt: wanted ? 'reverse' : 'none',
        });
      }),

    createSetupIntent: (customerId, idempotencyKey) =>
      call(async () => {
        const intent = await stripe().setupIntents.create(
          { customer: customerId, usage: 'off_session' },
          { idempotencyKey },
        );
        return intent.client_secret ?? '';
      }),

    setDefaultCard: (customerId, paymentMethodId, subscription) =>
      call(async () => {
        const refused = () => new ValidationError([{ field: 'paymentMethodId', message: 'is invalid' }]);
        let method: Stripe.PaymentMethod;
        try {
          method = await stripe().paymentMethods.retrieve(paymentMethodId);
        } catch (error) {
          throw isMissingResource(error) ? refused() : error;
        }
        const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
        // Another customer's card is never taken over; a fresh one (Stripe.js) is attached.
        if (owner !== null && owner !== customerId) throw refused();
        if (owner === null) {
          method = await stripe().paymentMethods.attach(paymentMethodId, { customer: customerId });
        }
        await stripe().customers.update(customerId, {
          invoice_settings: { default_payment_method: method.id },
        });
        if (subscription) {
          await stripe().subscriptions.update(subscription.id, { default_payment_method: method.id });
          // A renewal that failed on the old card is paid with the new one at once.
          if (subscription.openInvoiceId && !subscription.hasPendingUpdate) {
            await stripe().invoices.pay(subscription.openInvoiceId, { payment_method: method.id });
          }
        }
        return toCard(method) ?? { last4: '', brand: 'unknown', expMonth: 0, expYear: 0 };
      }),

    listSubscriptions: (customerId) =>
      call(async () => {
        const { data } = await stripe().subscriptions.list({
          customer: customerId,
          status: 'all',
          limit: 20,
          expand: subscriptionExpand.map((path) => `data.${path}`),
        });
        return Promise.all(data.map(mapSubscription));
      }),

    getSubscription: (subscriptionId) =>
      call(async () => {
        try {
          return await mapSubscription(
            await stripe().subscriptions.retrieve(subscriptionId, { expand: subscriptionExpand }),
          );
        } catch (error) {
          if (isMissingResource(error)) return null;
          throw error;
        }
      }),

    nextPaymentAmount: (subscription) =>
      call(async () => {
        const preview = await stripe().invoices.createPreview({
          customer: subscription.customerId,
          subscription: subscription.id,
        });
        return preview.amount_due;
      }),

    findPromotionCode: (code) =>
      call(async () => {
        const { data } = await stripe().promotionCodes.list({ code, active: true, limit: 1 });
        return data[0]?.id ?? null;
      }),

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
        if (!updated.pending_update) return { outcome: 'applied' };
        const payment = await openInvoicePayment(updated);
        if (payment?.intent.status === 'requires_action') {
          return { outcome: 'needs_authentication', clientSecret: payment.secret };
        }
        // Declined: say why, drop the waiting change with its invoice, put the discount back.
        const latest = typeof updated.latest_invoice === 'object' ? updated.latest_invoice : null;
        const failure = payment?.intent.last_payment_error;
        if (latest?.id) {
          await stripe().invoices.voidInvoice(latest.id, {}, { idempotencyKey: `${idempotencyKey}:void` });
        }
        if (discountChanged) {
          await stripe().subscriptions.update(
            subscription.id,
            {
              discounts: subscription.promotionCodeId
                ? [{ promotion_code: subscription.promotionCodeId }]
                : '',
              proration_behavior: 'none',
            },
            { idempotencyKey: `${idempotencyKey}:discount-back` },
          );
        }
        return {
          outcome: 'declined',
          message: failure?.message ?? 'Your card was declined.',
          code: failure?.code ?? null,
          declineCode: failure?.decline_code ?? null,
        };
      }),

    setCancelAtPeriodEnd: (subscriptionId, cancel, idempotencyKey) =>
      call(async () => {
        await stripe().subscriptions.update(
          subscriptionId,
          { cancel_at_period_end: cancel },
          { idempotencyKey },
        );
      }),

    setQuantity: (subscription, quantity, idempotencyKey) =>
      call(async () => {
        await stripe().subscriptions.update(
          subscription.id,
          { items: [{ id: subscription.itemId, quantity }], proration_behavior: 'create_prorations' },
          { idempotencyKey },
        );
      }),

    cancelNow: (subscriptionId, idempotencyKey) =>
      call(async () => {
        await stripe().subscriptions.cancel(subscriptionId, {}, { idempotencyKey });
      }),

    setTaxRates: (subscriptionId, taxRateIds) =>
      call(async () => {
        await stripe().subscriptions.update(subscriptionId, {
          default_tax_rates: taxRateIds.length > 0 ? taxRateIds : '',
          proration_behavior: 'none',
        });
      }),

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

    listInvoices: (customerId) =>
      call(async () => {
        const { data } = await stripe().invoices.list({ customer: customerId, limit: 50 });
        return data.filter((invoice) => invoice.status !== 'draft').map(toInvoice);
      }),

    getInvoice: (invoiceId) =>
      call(async () => {
        try {
          return toInvoiceDetail(await stripe().invoices.retrieve(invoiceId));
        } catch (error) {
          if (isMissingResource(error)) return null;
          throw error;
        }
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
