import { paddleIso } from '../clock';
import type { Ctx } from '../context';
import { recordEvent } from '../events';
import { randomToken } from '../ids';
import { listRows, put, type Row } from '../store';
import { chargeOutcome } from './cards';
import { addCycle } from './periods';
import { endSubscription, itemsOfSubscription } from './subscription-changes';
import type { SubscriptionEntity, SubscriptionInternal } from './subscription-entity';
import type { TransactionEntity } from './transaction-entity';
import { completeTransaction, createTransaction, nextInvoiceNumber } from './transactions';

// What happens as the sandbox's time passes (the clock worker, and `cli sandbox advance`): scheduled
// cancels take effect, trials end and bill their first period, periods renew and bill the card on
// file; a declined renewal leaves the transaction and the subscription past due, as Paddle's
// dunning starts (the sandbox does not retry it: the buyer pays it through the checkout).

/** The most periods one run bills a subscription: an advance of years stops at five. */
const MAX_RENEWALS_PER_RUN = 60;

/** Runs everything due by `now`, oldest first; says what happened, in words. */
export async function runDueWork(ctx: Ctx, now: Date): Promise<string[]> {
  const happened: string[] = [];
  const rows = await listRows<SubscriptionEntity>(ctx, 'subscription');
  for (const row of rows) {
    let current = row;
    for (let step = 0; step < MAX_RENEWALS_PER_RUN; step++) {
      const next = await runOneDue(ctx, current, now, happened);
      if (!next) break;
      current = next;
    }
  }
  return happened;
}

/** The next due thing of one subscription, done; null when nothing is due. */
async function runOneDue(
  ctx: Ctx,
  row: Row<SubscriptionEntity>,
  now: Date,
  happened: string[],
): Promise<Row<SubscriptionEntity> | null> {
  const subscription = row.data;
  if (
    subscription.status === 'canceled' ||
    subscription.status === 'past_due' ||
    subscription.status === 'paused'
  )
    return null;
  const cancel = subscription.scheduled_change?.action === 'cancel' ? subscription.scheduled_change : null;
  if (cancel && Date.parse(cancel.effective_at) <= now.getTime()) {
    await endSubscription(ctx, subscription, cancel.effective_at);
    happened.push(`${subscription.id}: canceled at the end of its period`);
    return null;
  }
  if (!subscription.next_billed_at || Date.parse(subscription.next_billed_at) > now.getTime()) return null;
  return bill(ctx, row, subscription.next_billed_at, happened);
}

/** Bills the period starting `from` (a renewal, or the first after a trial) to the card on file. */
async function bill(
  ctx: Ctx,
  row: Row<SubscriptionEntity>,
  from: string,
  happened: string[],
): Promise<Row<SubscriptionEntity> | null> {
  const subscription = row.data;
  const internal = row.internal as unknown as SubscriptionInternal;
  const ends = addCycle(from, subscription.billing_cycle);
  const trialEnds = subscription.status === 'trialing';
  const transaction = await createTransaction(ctx, {
    items: itemsOfSubscription(subscription),
    customerId: subscription.customer_id,
    addressId: subscription.address_id,
    businessId: subscription.business_id,
    origin: trialEnds ? 'subscription_charge' : 'subscription_recurring',
    subscriptionId: subscription.id,
    billingPeriod: { starts_at: from, ends_at: ends },
  });
  const outcome = chargeOutcome(internal.cardNumber, true);
  if (outcome.kind === 'declined') {
    await pastDue(ctx, row, transaction, from);
    happened.push(`${subscription.id}: the renewal on ${from.slice(0, 10)} was declined; past due`);
    return null;
  }
  const paid = await completeTransaction(ctx, transaction, internal.card, internal.paymentMethodId);
  const renewed = await put<SubscriptionEntity>(ctx, 'subscription', {
    ...subscription,
    status: 'active',
    first_billed_at: subscription.first_billed_at ?? from,
    next_billed_at: ends,
    current_billing_period: { starts_at: from, ends_at: ends },
    items: subscription.items.map((item) => ({
      ...item,
      status: 'active',
      previously_billed_at: from,
      next_billed_at: ends,
    })),
    updated_at: paddleIso(new Date(from)),
  });
  if (trialEnds) await recordEvent(ctx, 'subscription.activated', renewed);
  await recordEvent(ctx, 'subscription.updated', renewed);
  happened.push(
    `${subscription.id}: ${trialEnds ? 'trial ended, first period' : 'renewed'}, ${paid.id} paid ${paid.details.totals.grand_total} ${paid.currency_code}`,
  );
  return { data: renewed, internal: row.internal };
}

async function pastDue(ctx: Ctx, row: Row<SubscriptionEntity>, transaction: TransactionEntity, from: string) {
  const internal = row.internal as unknown as SubscriptionInternal;
  // Billed, so numbered, as Paddle numbers a renewal's invoice whether or not its payment went through.
  const failed: TransactionEntity = {
    ...transaction,
    status: 'past_due',
    invoice_id: `inv_${randomToken(26)}`,
    invoice_number: await nextInvoiceNumber(ctx, from),
    billed_at: from,
    payments: [
      {
        payment_attempt_id: crypto.randomUUID(),
        stored_payment_method_id: crypto.randomUUID(),
        payment_method_id: internal.paymentMethodId,
        amount: transaction.details.totals.grand_total,
        status: 'error',
        error_code: 'declined',
        method_details: {
          type: 'card',
          card: internal.card,
          paypal: null,
          south_korea_local_card: null,
          underlying_details: null,
        },
        created_at: from,
        captured_at: null,
      },
    ],
  };
  await put<TransactionEntity>(ctx, 'transaction', failed);
  await recordEvent(ctx, 'transaction.payment_failed', failed);
  await recordEvent(ctx, 'transaction.past_due', failed);
  const subscription = await put<SubscriptionEntity>(ctx, 'subscription', {
    ...row.data,
    status: 'past_due',
    updated_at: from,
  });
  await recordEvent(ctx, 'subscription.past_due', subscription);
}
