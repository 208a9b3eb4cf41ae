import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { decimal, newId } from '../ids';
import { list } from '../store';
import { type AppliedDiscount, computeTotals, type DraftLine, type Totals } from './amounts';

/** An invoice built from its draft lines: amounts, discounts, taxes and the lines as Stripe shows them. */

export interface InvoiceInput {
  customer: Stripe.Customer;
  subscription: Stripe.Subscription | null;
  billingReason: Stripe.Invoice.BillingReason;
  lines: DraftLine[];
  discounts: AppliedDiscount[];
  taxRates: Stripe.TaxRate[];
  periodStart: number;
  periodEnd: number;
  collectionMethod?: Stripe.Invoice.CollectionMethod;
  autoAdvance?: boolean;
  defaultPaymentMethod?: string | null;
  description?: string | null;
  metadata?: Record<string, string>;
  /** Previews get an `upcoming_in_...` id and are never stored. */
  preview?: boolean;
  prorationDate?: number;
}

/** Taxes as Stripe lists them, alike on each line and in the invoice's total. */
function taxAmounts(
  taxes: Totals['taxes'],
  taxabilityReason: Stripe.Invoice.TotalTax.TaxabilityReason,
): Stripe.Invoice.TotalTax[] {
  return taxes.map((tax) => ({
    amount: tax.amount,
    tax_behavior: tax.rate.inclusive ? 'inclusive' : 'exclusive',
    tax_rate_details: { tax_rate: tax.rate.id },
    taxability_reason: taxabilityReason,
    taxable_amount: tax.taxable,
    type: 'tax_rate_details',
  }));
}

export async function buildInvoice(ctx: Ctx, input: InvoiceInput): Promise<Stripe.Invoice> {
  const now = await customerNow(ctx, input.customer.id);
  const id = input.preview ? `upcoming_${newId('in')}` : newId('in');
  const exemption = input.customer.tax_exempt ?? 'none';
  const totals = computeTotals(input.lines, input.discounts, input.taxRates, exemption !== 'none');
  const taxabilityReason =
    exemption === 'reverse' ? 'reverse_charge' : exemption === 'exempt' ? 'customer_exempt' : 'not_available';
  const currency = input.lines[0]?.price.currency ?? 'usd';
  const startingBalance = input.customer.balance ?? 0;
  const afterBalance = totals.total + startingBalance;
  const sub = input.subscription;
  const lines: Stripe.InvoiceLineItem[] = input.lines.map((line, i) => {
    const lineTotals = totals.lines[i] ?? { discountAmounts: [], taxes: [] };
    return {
      id: newId('il'),
      object: 'line_item',
      amount: line.amount,
      currency,
      description: line.description,
      discount_amounts: lineTotals.discountAmounts,
      discountable: true,
      discounts: [],
      invoice: id,
      livemode: false,
      metadata: {},
      parent: line.invoiceItem
        ? {
            type: 'invoice_item_details',
            invoice_item_details: {
              invoice_item: line.invoiceItem,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: sub?.id ?? null,
            },
            subscription_item_details: null,
          }
        : {
            type: 'subscription_item_details',
            invoice_item_details: null,
            subscription_item_details: {
              invoice_item: null,
              proration: line.proration,
              proration_details: { credited_items: null },
              subscription: sub?.id ?? null,
              subscription_item: line.subscriptionItem ?? '',
            },
          },
      period: line.period,
      pretax_credit_amounts: [],
      pricing: {
        type: 'price_details',
        price_details: { price: line.price.id, product: line.price.product as string },
        unit_amount_decimal: line.price.unit_amount_decimal,
      },
      quantity: line.quantity,
      quantity_decimal: decimal(line.quantity),
      subscription: sub?.id ?? null,
      subtotal: line.amount,
      taxes: taxAmounts(lineTotals.taxes, taxabilityReason),
    };
  });
  const invoice: Stripe.Invoice = {
    id,
    object: 'invoice',
    account_country: 'US',
    account_name: 'Spark Teams (sandbox)',
    account_tax_ids: null,
    amount_due: Math.max(0, afterBalance),
    amount_overpaid: 0,
    amount_paid: 0,
    amount_remaining: Math.max(0, afterBalance),
    amount_shipping: 0,
    application: null,
    attempt_count: 0,
    attempted: false,
    auto_advance: input.autoAdvance ?? true,
    automatic_tax: { disabled_reason: null, enabled: false, liability: null, provider: null, status: null },
    automatically_finalizes_at: null,
    billing_reason: input.billingReason,
    collection_method: input.collectionMethod ?? 'charge_automatically',
    confirmation_secret: null,
    created: now,
    currency,
    custom_fields: null,
    customer: input.customer.id,
    customer_account: null,
    customer_address: input.customer.address ?? null,
    customer_email: input.customer.email,
    customer_name: input.customer.name ?? null,
    customer_phone: input.customer.phone ?? null,
    customer_shipping: null,
    customer_tax_exempt: input.customer.tax_exempt ?? 'none',
    customer_tax_ids: (await list<Stripe.TaxId>(ctx, 'tax_id', input.customer.id)).map((t) => ({
      type: t.type as Stripe.Invoice.CustomerTaxId.Type,
      value: t.value,
    })),
    default_payment_method: input.defaultPaymentMethod ?? null,
    default_source: null,
    default_tax_rates: input.taxRates,
    description: input.description ?? null,
    discounts: input.discounts.map((d) => d.discount.id),
    due_date: null,
    effective_at: null,
    ending_balance: null,
    footer: null,
    from_invoice: null,
    hosted_invoice_url: null,
    invoice_pdf: null,
    issuer: { type: 'self' },
    last_finalization_error: null,
    latest_revision: null,
    lines: { object: 'list', data: lines, has_more: false, url: `/v1/invoices/${id}/lines` },
    livemode: false,
    metadata: input.metadata ?? {},
    next_payment_attempt: null,
    number: null,
    on_behalf_of: null,
    parent: sub
      ? {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            metadata: sub.metadata,
            subscription: sub.id,
            ...(input.prorationDate ? { subscription_proration_date: input.prorationDate } : {}),
          },
        }
      : null,
    payment_settings: { default_mandate: null, payment_method_options: null, payment_method_types: null },
    payments: { object: 'list', data: [], has_more: false, url: '/v1/invoice_payments' },
    period_end: input.periodEnd,
    period_start: input.periodStart,
    post_payment_credit_notes_amount: 0,
    pre_payment_credit_notes_amount: 0,
    receipt_number: null,
    rendering: null,
    shipping_cost: null,
    shipping_details: null,
    starting_balance: startingBalance,
    statement_descriptor: null,
    status: 'draft',
    status_transitions: { finalized_at: null, marked_uncollectible_at: null, paid_at: null, voided_at: null },
    subtotal: totals.subtotal,
    subtotal_excluding_tax:
      totals.subtotal - totals.taxes.filter((t) => t.rate.inclusive).reduce((s, t) => s + t.amount, 0),
    test_clock: input.customer.test_clock ?? null,
    total: totals.total,
    total_discount_amounts: totals.discountAmounts,
    total_excluding_tax: totals.total - totals.exclusiveTax,
    total_pretax_credit_amounts: totals.discountAmounts.map((d) => ({
      amount: d.amount,
      discount: d.discount,
      type: 'discount',
    })),
    total_taxes: taxAmounts(totals.taxes, taxabilityReason),
    webhooks_delivered_at: null,
  };
  return invoice;
}
