import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { changedAttributes, emit } from '../events';
import { get, getRow, listRows, put, setInternal } from '../store';
import { formatMoney } from './amounts';
import { invoiceInput, invoiceSubscription } from './subscription-invoicing';
import {
  type ItemSpec,
  pendingItemLines,
  periodEndFrom,
  periodLines,
  periodOf,
  setItems,
  specsOf,
} from './subscription-items';
import { reload, type SubInternal, save } from './subscription-store';

/** A subscription over time: cancellation, trial end, renewal, and the due work that runs them. */

export async function cancelSubscription(ctx: Ctx, id: string, at?: number): Promise<Stripe.Subscription> {
  const before = await get<Stripe.Subscription>(ctx, id, 'subscription');
  if (before.status === 'canceled') return before;
  const sub = structuredClone(before);
  const now = at ?? (await customerNow(ctx, sub.customer as string));
  sub.status = 'canceled';
  sub.ended_at = now;
  sub.canceled_at = sub.canceled_at ?? now;
  sub.cancellation_details = {
    comment: sub.cancellation_details?.comment ?? null,
    feedback: sub.cancellation_details?.feedback ?? null,
    feedback_option: null,
    reason: sub.cancellation_details?.reason ?? 'cancellation_requested',
  };
  const row = await getRow<Stripe.Subscription>(ctx, id, 'subscription');
  await put(ctx, sub, { internal: { ...row.internal, pendingUpdate: undefined } });
  await emit(ctx, 'customer.subscription.deleted', sub);
  ctx.notes.push(`${id}: canceled`);
  return sub;
}

export async function endTrial(ctx: Ctx, id: string, at: number): Promise<void> {
  const before = await reload(ctx, id);
  const sub = structuredClone(before);
  const customer = await get<Stripe.Customer>(ctx, sub.customer as string, 'customer');
  const hasCard = Boolean(sub.default_payment_method ?? customer.invoice_settings.default_payment_method);
  const missing = sub.trial_settings?.end_behavior.missing_payment_method;
  if (!hasCard && missing === 'cancel') {
    sub.cancellation_details = {
      comment: null,
      feedback: null,
      feedback_option: null,
      reason: 'payment_disabled' as Stripe.Subscription.CancellationDetails.Reason,
    };
    await put(ctx, sub);
    await cancelSubscription(ctx, id, at);
    ctx.notes.push(`${id}: trial ended without a payment method, canceled`);
    return;
  }
  if (!hasCard && missing === 'pause') {
    sub.status = 'paused';
    await save(ctx, before, sub);
    ctx.notes.push(`${id}: trial ended without a payment method, paused`);
    return;
  }
  const first = specsOf(sub)[0] as ItemSpec;
  const period = {
    start: at,
    end: periodEndFrom(at, first.price),
  };
  setItems(sub, specsOf(sub), period, at);
  sub.billing_cycle_anchor = at;
  sub.status = 'active';
  if (sub.cancel_at_period_end) sub.cancel_at = period.end;
  const { invoice, after } = await chargePeriod(ctx, sub, period, at);
  if (invoice.status !== 'paid') after.status = 'past_due';
  await put(ctx, after);
  await emit(ctx, 'customer.subscription.updated', after, changedAttributes(before, after));
  ctx.notes.push(`${id}: trial ended, ${invoiceOutcome(invoice)}`);
}

async function renew(ctx: Ctx, id: string, at: number): Promise<void> {
  const before = await reload(ctx, id);
  const sub = structuredClone(before);
  const old = periodOf(sub);
  const first = specsOf(sub)[0] as ItemSpec;
  const period = {
    start: old.end,
    end: periodEndFrom(old.end, first.price),
  };
  setItems(sub, specsOf(sub), period, at);
  const { invoice, after } = await chargePeriod(ctx, sub, period, at);
  if (invoice.status !== 'paid') after.status = 'past_due';
  else if (after.status === 'past_due') after.status = 'active';
  await put(ctx, after);
  await emit(ctx, 'customer.subscription.updated', after, changedAttributes(before, after));
  ctx.notes.push(`${id}: renewed, ${invoiceOutcome(invoice)}`);
}

/**
 * Invoices a new period (the items' charges after any prorations waiting for it) and charges it.
 * Answers the subscription as the payment left it: trial end and renewal each set its status their way.
 */
async function chargePeriod(
  ctx: Ctx,
  sub: Stripe.Subscription,
  period: { start: number; end: number },
  at: number,
): Promise<{ invoice: Stripe.Invoice; after: Stripe.Subscription }> {
  const lines = [
    ...(await pendingItemLines(ctx, sub.id, sub.customer as string)),
    ...(await periodLines(ctx, specsOf(sub), period, false)),
  ];
  const input = await invoiceInput(ctx, sub, 'subscription_cycle', lines, period, at);
  await put(ctx, sub);
  const invoice = await invoiceSubscription(ctx, sub, input, { charge: true });
  return { invoice, after: await reload(ctx, sub.id) };
}

/** How the clock's notes tell an invoice's outcome. */
function invoiceOutcome(invoice: Stripe.Invoice): string {
  return `invoice ${invoice.id} ${invoice.status === 'paid' ? `paid ${formatMoney(invoice.amount_paid, invoice.currency)}` : `open (${formatMoney(invoice.amount_due, invoice.currency)} due)`}`;
}

const TRIAL_WILL_END_NOTICE = 3 * 86_400;
const INCOMPLETE_EXPIRES_AFTER = 23 * 3600;

/** The next thing due for a subscription and when, or null. */
function nextDue(sub: Stripe.Subscription, internal: SubInternal): { at: number; kind: string } | null {
  const candidates: { at: number; kind: string }[] = [];
  const period = periodOf(sub);
  if (sub.status === 'trialing' && sub.trial_end) {
    if (!internal.trialWillEndSent && sub.trial_end - sub.start_date > TRIAL_WILL_END_NOTICE) {
      candidates.push({ at: sub.trial_end - TRIAL_WILL_END_NOTICE, kind: 'trial_will_end' });
    }
    if (sub.cancel_at !== null && sub.cancel_at <= sub.trial_end)
      candidates.push({ at: sub.cancel_at, kind: 'cancel' });
    else candidates.push({ at: sub.trial_end, kind: 'trial_end' });
  }
  if (sub.status === 'active' || sub.status === 'past_due') {
    if (sub.cancel_at !== null && sub.cancel_at <= period.end)
      candidates.push({ at: sub.cancel_at, kind: 'cancel' });
    else candidates.push({ at: period.end, kind: 'renew' });
  }
  if (sub.status === 'incomplete')
    candidates.push({ at: sub.created + INCOMPLETE_EXPIRES_AFTER, kind: 'expire' });
  if (sub.pending_update) candidates.push({ at: sub.pending_update.expires_at, kind: 'pending_expired' });
  candidates.sort((a, b) => a.at - b.at);
  return candidates[0] ?? null;
}

/**
 * Runs everything due up to `until` for the subscriptions on one clock (null: the sandbox clock),
 * in time order, each step at its own moment, so a long advance renews period after period.
 */
export async function runDueWork(ctx: Ctx, clockId: string | null, until: number): Promise<void> {
  for (let step = 0; step < 500; step++) {
    const rows = await listRows<Stripe.Subscription>(ctx, 'subscription');
    let best: { id: string; at: number; kind: string } | null = null;
    for (const row of rows) {
      if ((row.data.test_clock ?? null) !== clockId) continue;
      const due = nextDue(row.data, row.internal as SubInternal);
      if (due && due.at <= until && (!best || due.at < best.at)) best = { id: row.data.id, ...due };
    }
    if (!best) return;
    ctx.timeOverride = best.at;
    try {
      await runOne(ctx, best.id, best.kind, best.at);
    } finally {
      ctx.timeOverride = undefined;
    }
  }
}

async function runOne(ctx: Ctx, id: string, kind: string, at: number): Promise<void> {
  const row = await getRow<Stripe.Subscription>(ctx, id, 'subscription');
  switch (kind) {
    case 'trial_will_end':
      await setInternal(ctx, id, { ...row.internal, trialWillEndSent: true });
      await emit(ctx, 'customer.subscription.trial_will_end', row.data);
      ctx.notes.push(`${id}: trial ends in 3 days`);
      return;
    case 'trial_end':
      return endTrial(ctx, id, at);
    case 'renew':
      return renew(ctx, id, at);
    case 'cancel':
      await cancelSubscription(ctx, id, at);
      return;
    case 'expire': {
      const sub = structuredClone(row.data);
      sub.status = 'incomplete_expired';
      await save(ctx, row.data, sub);
      ctx.notes.push(`${id}: incomplete, expired`);
      return;
    }
    case 'pending_expired': {
      const sub = structuredClone(row.data);
      sub.pending_update = null;
      await put(ctx, sub, { internal: { ...row.internal, pendingUpdate: undefined } });
      await emit(ctx, 'customer.subscription.pending_update_expired', sub);
      ctx.notes.push(`${id}: pending update expired`);
      return;
    }
  }
}
