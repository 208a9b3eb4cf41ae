import type { Customer } from '@domain/entities';
import { isEuCountry } from '@domain/vat';
import type Stripe from 'stripe';
import { ValidationError } from '../../errors';
import type { BillingProvider } from '../provider';
import { isMissingResource } from './stripe-errors';
import { toCard, toCustomer } from './stripe-mapping';
import type { StripeParts } from './stripe-parts';

/** The team's VAT id as Stripe types it: Great Britain has its own type, the EU shares eu_vat. */
const taxIdType = (country: string): 'gb_vat' | 'eu_vat' => (country === 'GB' ? 'gb_vat' : 'eu_vat');

/** A team's customer at Stripe: name, address and VAT id, and its default card. */
export function createStripeCustomerCalls({
  stripe,
  call,
}: StripeParts): Pick<
  BillingProvider,
  'createCustomer' | 'getCustomer' | 'updateCustomer' | 'createSetupIntent' | 'setDefaultCard'
> {
  return {
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
  };
}
