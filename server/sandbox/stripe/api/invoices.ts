import type Stripe from 'stripe';
import { buildInvoice } from '../billing/invoice-build';
import { invoiceItemLines } from '../billing/invoice-item-lines';
import { declinedChargeError, invoicePaymentIntent } from '../billing/invoice-payment-intent';
import { previewInvoice } from '../billing/invoice-preview';
import {
  attemptInvoicePayment,
  createInvoice,
  finalizeInvoice,
  markInvoicePaid,
  payInvoice,
  voidInvoice,
} from '../billing/invoices';
import { resolvePaymentMethod } from '../billing/payment-methods';
import { activeDiscounts } from '../billing/subscription-discounts';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest, missingParam } from '../errors';
import { changedAttributes, emit } from '../events';
import { decimal, newId } from '../ids';
import { paginate } from '../lists';
import { bool, int, metadata, obj, reqStr, str, strings } from '../params';
import type { RouteDef } from '../router';
import { find, get, getRow, list, put, remove } from '../store';
import { buildPrice, createProduct } from './products-and-prices';
import { retrieve, urlObject } from './retrieve';

/** One-off invoice items and invoices, and the read/pay/void/finalize calls for every invoice. */

async function createInvoiceItem(ctx: Ctx, params: Record<string, unknown>): Promise<Stripe.InvoiceItem> {
  const p = params as Parameters<typeof str>[0];
  const customerId = reqStr(p, 'customer');
  const customer = await get<Stripe.Customer>(ctx, customerId, 'customer', 'customer');
  const now = await customerNow(ctx, customerId);
  const quantity = int(p, 'quantity') ?? 1;
  let price: Stripe.Price;
  const priceId = str(p, 'price');
  const priceData = obj(p, 'price_data');
  if (priceId) price = await get<Stripe.Price>(ctx, priceId, 'price', 'price');
  else if (priceData) {
    price = await buildPrice(ctx, priceData, 'price_data[');
    await put(ctx, price);
  } else {
    const amount = int(p, 'amount');
    if (amount === undefined) throw missingParam('amount');
    const currency = reqStr(p, 'currency').toLowerCase();
    // An amount without a price: Stripe makes an ad-hoc product and price for the line.
    const product = await put(ctx, await createProduct(ctx, str(p, 'description') ?? 'Invoice item'));
    price = await buildPrice(ctx, { currency, unit_amount: String(amount), product: product.id });
    await put(ctx, price);
  }
  const invoiceId = str(p, 'invoice') ?? null;
  if (invoiceId) {
    const invoice = await get<Stripe.Invoice>(ctx, invoiceId, 'invoice', 'invoice');
    if (invoice.status !== 'draft')
      throw invalidRequest('You can only add invoice items to draft invoices.', 'invoice');
  }
  const product = await find<Stripe.Product>(ctx, price.product as string, 'product');
  const item: Stripe.InvoiceItem = {
    id: newId('ii'),
    object: 'invoiceitem',
    amount: (price.unit_amount ?? 0) * quantity,
    // No discounts per item here: the amount after discounts is the amount.
    net_amount: (price.unit_amount ?? 0) * quantity,
    currency: price.currency,
    customer: customer.id,
    customer_account: null,
    date: now,
    description: str(p, 'description') ?? product?.name ?? null,
    discountable: bool(p, 'discountable') ?? true,
    discounts: [],
    invoice: invoiceId,
    livemode: false,
    metadata: metadata(p),
    parent: null,
    period: { start: now, end: now },
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product as string },
      unit_amount_decimal: price.unit_amount_decimal,
    },
    proration: false,
    quantity,
    quantity_decimal: decimal(quantity),
    tax_rates: null,
    test_clock: customer.test_clock as string | null,
  };
  await put(ctx, item, { customer: customer.id, internal: { price } });
  await emit(ctx, 'invoiceitem.created', item);
  if (invoiceId) await rebuildDraft(ctx, invoiceId);
  return item;
}

/** A one-off draft's lines are its invoice items: recomputed whenever one is added. */
async function rebuildDraft(ctx: Ctx, invoiceId: string): Promise<void> {
  const row = await getRow<Stripe.Invoice>(ctx, invoiceId, 'invoice');
  const draft = row.data;
  const customer = await get<Stripe.Customer>(ctx, draft.customer as string, 'customer');
  const rebuilt = await buildInvoice(ctx, {
    customer,
    subscription: null,
    billingReason: draft.billing_reason ?? 'manual',
    lines: await invoiceItemLines(ctx, customer.id, (item) => item.invoice === invoiceId),
    discounts: await activeDiscounts(ctx, draft.discounts as string[], draft.created),
    taxRates: draft.default_tax_rates,
    periodStart: draft.period_start,
    periodEnd: draft.period_end,
    collectionMethod: draft.collection_method,
    autoAdvance: draft.auto_advance,
    description: draft.description,
    metadata: draft.metadata ?? {},
  });
  await put(ctx, {
    ...rebuilt,
    id: invoiceId,
    created: draft.created,
    lines: {
      ...rebuilt.lines,
      url: `/v1/invoices/${invoiceId}/lines`,
      data: rebuilt.lines.data.map((l) => ({ ...l, invoice: invoiceId })),
    },
  });
}

export const invoiceRoutes: RouteDef[] = [
  {
    method: 'POST',
    path: '/v1/invoiceitems',
    auth: 'secret',
    accepts: [
      'customer',
      'amount',
      'currency',
      'description',
      'price',
      'price_data',
      'quantity',
      'invoice',
      'subscription',
      'metadata',
      'discountable',
      'period',
      'tax_rates',
      'discounts',
      'pricing',
    ],
    handler: (ctx, { params }) => createInvoiceItem(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/invoiceitems',
    auth: 'secret',
    async handler(ctx, { params }) {
      const customer = str(params, 'customer');
      const invoice = str(params, 'invoice');
      const pending = bool(params, 'pending');
      const items = (await list<Stripe.InvoiceItem>(ctx, 'invoiceitem', customer)).filter(
        (i) =>
          (!invoice || i.invoice === invoice) && (pending === undefined || (i.invoice === null) === pending),
      );
      return paginate(items, params, '/v1/invoiceitems');
    },
  },
  {
    method: 'DELETE',
    path: '/v1/invoiceitems/:id',
    auth: 'secret',
    async handler(ctx, { path }) {
      const item = await urlObject<Stripe.InvoiceItem>(ctx, path, 'invoiceitem');
      await remove(ctx, item.id);
      if (item.invoice) await rebuildDraft(ctx, item.invoice as string);
      return { id: item.id, object: 'invoiceitem', deleted: true };
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices',
    auth: 'secret',
    accepts: [
      'customer',
      'collection_method',
      'auto_advance',
      'description',
      'metadata',
      'subscription',
      'pending_invoice_items_behavior',
      'default_tax_rates',
      'discounts',
      'days_until_due',
      'default_payment_method',
      'currency',
      'footer',
    ],
    async handler(ctx, { params }) {
      const customerId = reqStr(params, 'customer');
      const customer = await get<Stripe.Customer>(ctx, customerId, 'customer', 'customer');
      const now = await customerNow(ctx, customerId);
      const taxRates = await Promise.all(
        (strings(params, 'default_tax_rates') ?? []).map((id) =>
          get<Stripe.TaxRate>(ctx, id, 'tax_rate', 'default_tax_rates'),
        ),
      );
      const invoice = await createInvoice(ctx, {
        customer,
        subscription: null,
        billingReason: 'manual',
        lines: [],
        discounts: [],
        taxRates,
        periodStart: now,
        periodEnd: now,
        collectionMethod:
          (str(params, 'collection_method') as Stripe.Invoice.CollectionMethod | undefined) ??
          'charge_automatically',
        autoAdvance: bool(params, 'auto_advance') ?? false,
        defaultPaymentMethod: str(params, 'default_payment_method') ?? null,
        description: str(params, 'description') ?? null,
        metadata: metadata(params),
      });
      if (str(params, 'pending_invoice_items_behavior') === 'include') {
        for (const item of await list<Stripe.InvoiceItem>(ctx, 'invoiceitem', customerId)) {
          if (item.invoice === null && item.parent === null) await put(ctx, { ...item, invoice: invoice.id });
        }
        await rebuildDraft(ctx, invoice.id);
      }
      return get(ctx, invoice.id, 'invoice');
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/create_preview',
    auth: 'secret',
    accepts: [
      'customer',
      'subscription',
      'subscription_details',
      'discounts',
      'customer_details',
      'automatic_tax',
      'currency',
      'invoice_items',
      'preview_mode',
    ],
    handler: (ctx, { params }) => previewInvoice(ctx, params),
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id',
    auth: 'secret',
    handler: retrieve('invoice'),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id',
    auth: 'secret',
    accepts: ['metadata', 'description', 'auto_advance', 'default_payment_method', 'footer'],
    async handler(ctx, { path, params }) {
      const invoice = await urlObject<Stripe.Invoice>(ctx, path, 'invoice');
      const next = {
        ...invoice,
        metadata: metadata(params, invoice.metadata ?? {}),
        description:
          params.description === undefined ? invoice.description : str(params, 'description') || null,
        auto_advance: bool(params, 'auto_advance') ?? invoice.auto_advance,
        default_payment_method: str(params, 'default_payment_method') ?? invoice.default_payment_method,
      };
      await put(ctx, next);
      const changed = changedAttributes(invoice, next);
      if (Object.keys(changed).length > 0) await emit(ctx, 'invoice.updated', next, changed);
      return next;
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices',
    auth: 'secret',
    async handler(ctx, { params }) {
      const customer = str(params, 'customer');
      const subscription = str(params, 'subscription');
      const status = str(params, 'status');
      const invoices = (await list<Stripe.Invoice>(ctx, 'invoice', customer)).filter(
        (i) =>
          (!subscription || i.parent?.subscription_details?.subscription === subscription) &&
          (!status || i.status === status),
      );
      return paginate(invoices, params, '/v1/invoices');
    },
  },
  {
    method: 'GET',
    path: '/v1/invoices/:id/lines',
    auth: 'secret',
    async handler(ctx, { path, params }) {
      const invoice = await urlObject<Stripe.Invoice>(ctx, path, 'invoice');
      return paginate(invoice.lines.data, params, `/v1/invoices/${invoice.id}/lines`);
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/finalize',
    auth: 'secret',
    accepts: ['auto_advance'],
    async handler(ctx, { path }) {
      const invoice = await finalizeInvoice(ctx, path.id ?? '');
      // auto_advance: Stripe would go on to charge it; an invoice with auto_advance false stays open.
      if (
        invoice.status === 'open' &&
        invoice.auto_advance &&
        invoice.collection_method === 'charge_automatically'
      ) {
        return attemptInvoicePayment(ctx, invoice.id, { onSession: false });
      }
      return invoice;
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/pay',
    auth: 'secret',
    accepts: ['payment_method', 'off_session', 'paid_out_of_band', 'forgive'],
    async handler(ctx, { path, params }) {
      if (bool(params, 'paid_out_of_band')) {
        await urlObject(ctx, path, 'invoice');
        return markInvoicePaid(ctx, path.id ?? '');
      }
      return payInvoice(ctx, path.id ?? '', str(params, 'payment_method'));
    },
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/void',
    auth: 'secret',
    accepts: [],
    handler: (ctx, { path }) => voidInvoice(ctx, path.id ?? ''),
  },
  {
    method: 'POST',
    path: '/v1/invoices/:id/mark_uncollectible',
    auth: 'secret',
    accepts: [],
    async handler(ctx, { path }) {
      const invoice = await urlObject<Stripe.Invoice>(ctx, path, 'invoice');
      if (invoice.status !== 'open') throw invalidRequest('You can only mark open invoices uncollectible.');
      const next: Stripe.Invoice = {
        ...invoice,
        status: 'uncollectible',
        status_transitions: {
          ...invoice.status_transitions,
          marked_uncollectible_at: await customerNow(ctx, invoice.customer as string),
        },
      };
      await put(ctx, next);
      await emit(ctx, 'invoice.marked_uncollectible', next);
      return next;
    },
  },
  {
    method: 'POST',
    path: '/v1/sandbox/invoices/:id/pay',
    auth: 'either',
    raw: true,
    accepts: ['payment_method'],
    async handler(ctx, { path, params }) {
      // The hosted invoice page pays an invoice that has no payment intent yet with the card it took.
      const invoice = await urlObject<Stripe.Invoice>(ctx, path, 'invoice');
      if (invoice.status !== 'open')
        throw invalidRequest(`This invoice is ${invoice.status}.`, undefined, 'invoice_not_open');
      const pm = reqStr(params, 'payment_method');
      const card = await resolvePaymentMethod(ctx, pm);
      const after = await attemptInvoicePayment(ctx, invoice.id, {
        paymentMethod: card.id,
        onSession: true,
        returnUrl: `${ctx.config.publicUrl()}/sandbox/stripe/invoices/${invoice.id}`,
      });
      if (after.status === 'paid') return after;
      const intent = await invoicePaymentIntent(ctx, invoice.id);
      if (intent?.status === 'requires_action') return { ...after, payment_intent: intent };
      throw declinedChargeError(intent, 'Your card was declined.', true);
    },
  },
  {
    method: 'GET',
    path: '/v1/sandbox/invoices/:id',
    auth: 'either',
    raw: true,
    async handler(ctx, { path }) {
      // The hosted invoice page reads this: the invoice with its payment's client secret.
      const invoice = await urlObject<Stripe.Invoice>(ctx, path, 'invoice');
      return {
        ...invoice,
        confirmation_secret: invoice.confirmation_secret ?? null,
        payments: invoice.payments,
      };
    },
  },
];
