import type { Card, Customer, Invoice, Preview } from '@domain/entities';
import type Stripe from 'stripe';
import type { InvoiceDetail, ProviderSubscription } from '../provider';

// Stripe's objects in the spec's shapes (section 3). Pure functions, so they are tested without HTTP.

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

export function toCard(paymentMethod: Stripe.PaymentMethod | null | undefined): Card | null {
  const card = paymentMethod?.card;
  if (!card) return null;
  return { last4: card.last4, brand: card.brand, expMonth: card.exp_month, expYear: card.exp_year };
}

/** Stripe's customer as the billing details form shows it; null until an address was given. */
export function toCustomer(customer: Stripe.Customer, taxIds: readonly Stripe.TaxId[]): Customer | null {
  const address = customer.address;
  if (!address?.country) return null;
  return {
    name: customer.name ?? '',
    line1: address.line1 ?? '',
    line2: address.line2 ?? '',
    city: address.city ?? '',
    state: address.state ?? '',
    postalCode: address.postal_code ?? '',
    country: address.country,
    vatId: taxIds[0]?.value ?? '',
  };
}

/** The client secret of the open invoice's payment, when that payment waits for 3-D Secure. */
export function paymentSecretOf(invoice: Stripe.Invoice | null): string | null {
  return invoice?.status === 'open' ? (invoice.confirmation_secret?.client_secret ?? null) : null;
}

export function toProviderSubscription(
  subscription: Stripe.Subscription,
  pendingPaymentIntentSecret: string | null,
): ProviderSubscription {
  const item = subscription.items.data[0];
  const latest = typeof subscription.latest_invoice === 'object' ? subscription.latest_invoice : null;
  const periodEnd = item?.current_period_end ?? null;
  return {
    id: subscription.id,
    customerId: idOf(subscription.customer) ?? '',
    status: subscription.status,
    planId: item?.price.lookup_key ?? null,
    itemId: item?.id ?? '',
    quantity: item?.quantity ?? 0,
    trialEndAt: subscription.status === 'trialing' ? subscription.trial_end : null,
    cancelAt: subscription.cancel_at ?? (subscription.cancel_at_period_end ? periodEnd : null),
    currentPeriodEnd: periodEnd,
    created: subscription.created,
    hasPendingUpdate: subscription.pending_update != null,
    pendingPaymentIntentSecret,
    openInvoiceId: latest?.status === 'open' ? latest.id : null,
    taxRateIds: (subscription.default_tax_rates ?? []).map((rate) => rate.id),
    taxPercent: (subscription.default_tax_rates ?? [])
      .filter((rate) => !rate.inclusive)
      .reduce((sum, rate) => sum + rate.percentage, 0),
    promotionCodeId:
      (subscription.discounts ?? [])
        .map((discount) => (typeof discount === 'object' ? idOf(discount.promotion_code) : null))
        .find((id) => id !== null) ?? null,
  };
}

/** Pay while open (the hosted page), download once settled (spec 'Invoices list'). */
export function toInvoice(invoice: Stripe.Invoice): Invoice {
  const open = invoice.status === 'open';
  return {
    id: invoice.id ?? '',
    date: invoice.created,
    number: invoice.number ?? '',
    status: invoice.status ?? 'draft',
    amount: invoice.total,
    currency: invoice.currency.toUpperCase(),
    payUrl: open ? (invoice.hosted_invoice_url ?? null) : null,
    pdfUrl: open ? null : (invoice.invoice_pdf ?? null),
  };
}

const sum = (amounts: readonly { amount: number }[] | null | undefined) =>
  (amounts ?? []).reduce((total, item) => total + item.amount, 0);

/** An invoice preview in the spec's Preview shape; taxPercent comes from the rate the server chose. */
export function toPreview(invoice: Stripe.Invoice, taxPercent: number): Preview {
  return {
    lines: invoice.lines.data.map((line) => ({ description: line.description ?? '', amount: line.amount })),
    subtotal: invoice.subtotal,
    discount: sum(invoice.total_discount_amounts),
    tax: sum(invoice.total_taxes),
    taxPercent,
    amountDue: invoice.amount_due,
    currency: invoice.currency.toUpperCase(),
  };
}

export function toInvoiceDetail(invoice: Stripe.Invoice): InvoiceDetail {
  return {
    ...toInvoice(invoice),
    customerId: idOf(invoice.customer),
    customerName: invoice.customer_name ?? null,
    lines: invoice.lines.data.map((line) => ({
      description: line.description ?? '',
      amount: line.amount,
      quantity: line.quantity ?? null,
    })),
    subtotal: invoice.subtotal,
    tax: sum(invoice.total_taxes),
    discount: sum(invoice.total_discount_amounts),
    total: invoice.total,
    periodStart: invoice.period_start ?? null,
    periodEnd: invoice.period_end ?? null,
  };
}

/** The ids a webhook event names, whatever object it carries. */
export function eventReferences(event: Stripe.Event): {
  customerId: string | null;
  subscriptionId: string | null;
  checkoutSessionId: string | null;
  teamId: number | null;
} {
  const object = event.data.object as unknown as Record<string, unknown> & { object?: string };
  const teamIdText =
    (object.metadata as Record<string, string> | undefined)?.teamId ??
    (typeof object.client_reference_id === 'string' ? object.client_reference_id : undefined);
  const teamId = teamIdText && /^[1-9][0-9]{0,9}$/.test(teamIdText) ? Number(teamIdText) : null;
  const customer = idOf(object.customer as string | { id: string } | null);
  switch (object.object) {
    case 'customer':
      return { customerId: object.id as string, subscriptionId: null, checkoutSessionId: null, teamId };
    case 'subscription':
      return { customerId: customer, subscriptionId: object.id as string, checkoutSessionId: null, teamId };
    case 'checkout.session':
      return {
        customerId: customer,
        subscriptionId: idOf(object.subscription as string | { id: string } | null),
        checkoutSessionId: object.id as string,
        teamId,
      };
    case 'invoice': {
      const parent = (object as unknown as Stripe.Invoice).parent;
      return {
        customerId: customer,
        subscriptionId: idOf(parent?.subscription_details?.subscription ?? null),
        checkoutSessionId: null,
        teamId,
      };
    }
    default:
      return { customerId: customer, subscriptionId: null, checkoutSessionId: null, teamId };
  }
}
