import type { Card, Invoice, Preview, Subscription } from '@domain/entities';
import type {
  Subscription as PaddleSubscription,
  SubscriptionPreview,
  Transaction,
  TransactionPreview,
} from '@paddle/paddle-node-sdk';
import { byCodeUnits, planIdOf } from './paddle-catalogue';

export const seconds = (iso: string | null | undefined): number | null =>
  iso ? Math.floor(Date.parse(iso) / 1000) : null;
/** Paddle writes amounts as strings of the smallest unit. */
export const cents = (amount: string | null | undefined): number =>
  amount ? Number.parseInt(amount, 10) || 0 : 0;

/** Statuses in which a Paddle subscription gives the team its plan. */
export const PADDLE_LIVE: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);

/** What the subscription's scheduled change says: a cancel, and when it takes effect. */
export const scheduledCancelAt = (
  subscription: Pick<PaddleSubscription, 'scheduledChange'>,
): number | null =>
  subscription.scheduledChange?.action === 'cancel'
    ? seconds(subscription.scheduledChange.effectiveAt)
    : null;

/** The spec's Subscription from Paddle's (read with its next transaction included). */
export function toSubscription(subscription: PaddleSubscription): Subscription {
  const cancelAt = scheduledCancelAt(subscription);
  const next = subscription.nextTransaction?.details.totals;
  const taxRate = Number(subscription.nextTransaction?.details.taxRatesUsed[0]?.taxRate ?? 0);
  const tax = cents(next?.tax);
  return {
    status: subscription.status,
    planId: planIdOf(subscription.items[0]?.price) ?? '',
    cancelAt,
    nextPaymentAt: cancelAt === null ? seconds(subscription.nextBilledAt) : null,
    nextPaymentAmount: cancelAt === null && next ? cents(next.grandTotal ?? next.total) : null,
    nextPaymentProrations: [],
    nextPaymentTax:
      cancelAt === null && tax > 0 ? { amount: tax, percent: Math.round(taxRate * 10000) / 100 } : null,
    trialEndAt:
      subscription.status === 'trialing' ? seconds(subscription.currentBillingPeriod?.endsAt) : null,
    pendingPaymentIntentSecret: null,
  };
}

/** The card of a transaction's captured payment, if it was paid by card. */
export function cardOf(transaction: Transaction): Card | null {
  const paid = [...transaction.payments]
    .filter((p) => p.methodDetails?.card && (p.status === 'captured' || p.status === 'authorized'))
    .sort((a, b) => byCodeUnits(b.capturedAt ?? b.createdAt, a.capturedAt ?? a.createdAt))[0];
  const card = paid?.methodDetails?.card;
  return card
    ? { last4: card.last4, brand: card.type, expMonth: card.expiryMonth, expYear: card.expiryYear }
    : null;
}

/**
 * A Paddle transaction as one of the spec's invoices. The PDF goes through the product's own link
 * (`invoiceBase/{id}/invoice`, authenticated), which asks Paddle for its short-lived PDF URL; a
 * past-due one is paid at its checkout URL.
 */
export function toInvoice(transaction: Transaction, invoiceBase: string): Invoice {
  const open = transaction.status === 'past_due';
  return {
    id: transaction.id,
    date: seconds(transaction.billedAt ?? transaction.createdAt) ?? 0,
    number: transaction.invoiceNumber ?? '',
    status: open ? 'open' : 'paid',
    amount: cents(transaction.details?.totals?.grandTotal ?? transaction.details?.totals?.total),
    currency: transaction.currencyCode,
    payUrl: open ? (transaction.checkout?.url ?? null) : null,
    pdfUrl: open ? null : `${invoiceBase}/${transaction.id}/invoice`,
  };
}

type Details = NonNullable<SubscriptionPreview['immediateTransaction']>['details'];

function previewOf(details: Details | null | undefined, currency: string): Preview {
  const totals = details?.totals;
  const rate = Number(details?.taxRatesUsed[0]?.taxRate ?? 0);
  return {
    lines: (details?.lineItems ?? []).map((line) => ({
      description: `${line.quantity} × ${line.product.name}${line.proration ? ' (prorated)' : ''}`,
      amount: cents(line.totals.subtotal),
    })),
    subtotal: cents(totals?.subtotal),
    discount: cents(totals?.discount),
    tax: cents(totals?.tax),
    taxPercent: Math.round(rate * 10000) / 100,
    amountDue: cents(totals?.grandTotal ?? totals?.total),
    currency,
  };
}

/** Paddle's preview of a subscription update: what it charges now, else what the next bill will be. */
export function toUpdatePreview(preview: SubscriptionPreview): Preview {
  const details = preview.immediateTransaction?.details ?? preview.nextTransaction?.details;
  return previewOf(details, preview.currencyCode);
}

/** Paddle's preview of a first purchase (no subscription yet). */
export function toTransactionPreview(preview: TransactionPreview): Preview {
  const totals = preview.details.totals;
  const rate = Number(preview.details.taxRatesUsed[0]?.taxRate ?? 0);
  return {
    lines: preview.details.lineItems.map((line) => ({
      description: `${line.quantity} × ${line.product?.name ?? line.priceId}`,
      amount: cents(line.totals.subtotal),
    })),
    subtotal: cents(totals.subtotal),
    discount: cents(totals.discount),
    tax: cents(totals.tax),
    taxPercent: Math.round(rate * 10000) / 100,
    amountDue: cents(totals.grandTotal ?? totals.total),
    currency: preview.currencyCode,
  };
}
