import type { BillingProvider } from '../provider';
import { isMissingResource } from './stripe-errors';
import { toInvoice, toInvoiceDetail } from './stripe-mapping';
import type { StripeParts } from './stripe-parts';

/** A customer's invoices at Stripe, listed and one by one. */
export function createStripeInvoiceCalls({
  stripe,
  call,
}: StripeParts): Pick<BillingProvider, 'listInvoices' | 'getInvoice'> {
  return {
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
  };
}
