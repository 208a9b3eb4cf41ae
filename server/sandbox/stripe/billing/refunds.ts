import type Stripe from 'stripe';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { invalidRequest } from '../errors';
import { changedAttributes, emit } from '../events';
import { newId } from '../ids';
import { get, put } from '../store';

/** Refunds of succeeded card charges, whole or in part; card refunds succeed at once in test mode. */

export interface RefundRequest {
  charge?: string;
  paymentIntent?: string;
  /** Cents; the whole unrefunded rest when absent. */
  amount?: number;
  reason?: Stripe.Refund.Reason | null;
  metadata?: Record<string, string>;
}

const money = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** The charge a refund request names: its own, or the payment intent's latest successful one. */
async function chargeToRefund(ctx: Ctx, request: RefundRequest): Promise<Stripe.Charge> {
  if (request.charge && request.paymentIntent)
    throw invalidRequest('You cannot pass both `charge` and `payment_intent`.', 'payment_intent');
  if (request.charge) return get<Stripe.Charge>(ctx, request.charge, 'charge', 'charge');
  if (!request.paymentIntent)
    throw invalidRequest('One of `charge` or `payment_intent` is required.', 'charge');
  const pi = await get<Stripe.PaymentIntent>(ctx, request.paymentIntent, 'payment_intent', 'payment_intent');
  if (pi.status !== 'succeeded' || !pi.latest_charge)
    throw invalidRequest(
      `This PaymentIntent (${pi.id}) does not have a successful charge to refund.`,
      'payment_intent',
      'charge_not_refundable',
    );
  return get<Stripe.Charge>(ctx, pi.latest_charge as string, 'charge');
}

/** How much of the charge this refund takes, or Stripe's error when it cannot. */
function refundAmount(charge: Stripe.Charge, requested: number | undefined): number {
  if (!charge.paid || charge.status !== 'succeeded')
    throw invalidRequest(
      `Charge ${charge.id} has not succeeded; it cannot be refunded.`,
      'charge',
      'charge_not_refundable',
    );
  const left = charge.amount_captured - charge.amount_refunded;
  if (left <= 0)
    throw invalidRequest(
      `Charge ${charge.id} has already been refunded.`,
      'charge',
      'charge_already_refunded',
    );
  if (requested === undefined) return left;
  if (requested < 1) throw invalidRequest('Invalid positive integer', 'amount');
  if (requested > left)
    throw invalidRequest(
      `Refund amount (${money(requested)}) is greater than unrefunded amount on charge (${money(left)})`,
      'amount',
      'amount_too_large',
    );
  return requested;
}

/** Refunds a charge; emits refund.created and charge.refunded (the charge with its new amounts). */
export async function createRefund(ctx: Ctx, request: RefundRequest): Promise<Stripe.Refund> {
  const charge = await chargeToRefund(ctx, request);
  const amount = refundAmount(charge, request.amount);
  const refund: Stripe.Refund = {
    id: newId('re'),
    object: 'refund',
    amount,
    balance_transaction: null,
    charge: charge.id,
    created: await customerNow(ctx, charge.customer as string | null),
    currency: charge.currency,
    customer: charge.customer as string | null,
    customer_account: null,
    destination_details: { card: { type: 'refund' }, type: 'card' },
    metadata: request.metadata ?? {},
    payment_intent: charge.payment_intent as string | null,
    payment_method: charge.payment_method,
    reason: request.reason ?? null,
    receipt_number: null,
    source_transfer_reversal: null,
    status: 'succeeded',
    transfer_reversal: null,
  };
  await put(ctx, refund);
  const refunded: Stripe.Charge = {
    ...charge,
    amount_refunded: charge.amount_refunded + amount,
    refunded: charge.amount_refunded + amount === charge.amount_captured,
    refunds: {
      object: 'list',
      data: [refund, ...(charge.refunds?.data ?? [])],
      has_more: false,
      url: `/v1/charges/${charge.id}/refunds`,
    },
  };
  await put(ctx, refunded);
  await emit(ctx, 'refund.created', refund);
  const { refunds: _before, ...previous } = charge;
  const { refunds: _after, ...current } = refunded;
  await emit(ctx, 'charge.refunded', refunded, changedAttributes(previous, current));
  ctx.notes.push(`${charge.id}: refunded ${money(amount)}`);
  return refund;
}
