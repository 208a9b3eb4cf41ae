import type Stripe from 'stripe';
import type { Ctx } from './context';
import { listOf } from './lists';
import { list } from './store';

/**
 * The value of an includable field that is not stored on the object but made when asked for
 * (`expand[]=subscriptions` on a customer), as Stripe makes it; undefined when the sandbox keeps
 * it on the object itself (a charge's refunds).
 */
export async function includableValue(
  ctx: Ctx,
  record: Record<string, unknown>,
  field: string,
): Promise<unknown> {
  if (record.object !== 'customer') return undefined;
  const customer = record as unknown as Stripe.Customer;
  const url = (collection: string) => `/v1/customers/${customer.id}/${collection}`;
  switch (field) {
    case 'subscriptions':
      return listOf(await list<Stripe.Subscription>(ctx, 'subscription', customer.id), url('subscriptions'));
    case 'tax_ids':
      return listOf(await list<Stripe.TaxId>(ctx, 'tax_id', customer.id), url('tax_ids'));
    case 'sources':
      // Only payment methods here, never the legacy sources.
      return listOf([], url('sources'));
    case 'cash_balance':
      return null;
    case 'invoice_credit_balance':
      return {};
    case 'tax':
      return customerTax(customer);
    default:
      return undefined;
  }
}

/** Stripe's tax location: from the billing address, when it names a country. */
function customerTax(customer: Stripe.Customer): Stripe.Customer.Tax {
  const country = customer.address?.country ?? null;
  return {
    automatic_tax: country ? 'supported' : 'unrecognized_location',
    ip_address: null,
    location: country ? { country, source: 'billing_address', state: customer.address?.state ?? null } : null,
    provider: 'stripe',
  };
}
