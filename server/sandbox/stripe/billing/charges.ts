import type Stripe from 'stripe';
import type { Decline } from '../cards';
import { customerNow } from '../clock';
import type { Ctx } from '../context';
import { emit } from '../events';
import { newId } from '../ids';
import { get, put } from '../store';

/** Charges: the record of each card payment attempt, as Stripe makes one per confirmed payment intent. */

const SUCCEEDED_OUTCOME: Stripe.Charge.Outcome = {
  advice_code: null,
  network_advice_code: null,
  network_decline_code: null,
  network_status: 'approved_by_network',
  reason: null,
  risk_level: 'normal',
  risk_score: 20,
  seller_message: 'Payment complete.',
  type: 'authorized',
};

function declinedOutcome(decline: Decline): Stripe.Charge.Outcome {
  return {
    advice_code: null,
    network_advice_code: null,
    network_decline_code: null,
    network_status: 'declined_by_network',
    reason: decline.decline_code ?? decline.code,
    risk_level: 'normal',
    risk_score: 20,
    seller_message: 'The bank did not return any further details with this decline.',
    type: 'issuer_declined',
  };
}

function threeDSecure(authenticated: boolean): Stripe.Charge.PaymentMethodDetails.Card.ThreeDSecure | null {
  if (!authenticated) return null;
  return {
    authentication_flow: 'challenge',
    electronic_commerce_indicator: '05',
    exemption_indicator: null,
    result: 'authenticated',
    result_reason: null,
    transaction_id: null,
    version: '2.2.0',
  };
}

function cardPaymentDetails(
  pm: Stripe.PaymentMethod,
  amount: number,
  authenticated: boolean,
): Stripe.Charge.PaymentMethodDetails {
  const card = pm.card as Stripe.PaymentMethod.Card;
  return {
    card: {
      amount_authorized: amount,
      authorization_code: null,
      brand: card.brand,
      checks: card.checks,
      country: card.country,
      electronic_commerce_indicator: authenticated ? '05' : null,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      extended_authorization: { status: 'disabled' },
      fingerprint: card.fingerprint ?? null,
      funding: card.funding,
      incremental_authorization: { status: 'unavailable' },
      installments: null,
      last4: card.last4,
      mandate: null,
      multicapture: { status: 'unavailable' },
      network: card.brand,
      network_token: { used: false },
      network_transaction_id: null,
      overcapture: { maximum_amount_capturable: amount, status: 'unavailable' },
      regulated_status: card.regulated_status ?? null,
      three_d_secure: threeDSecure(authenticated),
      transaction_link_id: null,
      wallet: null,
    },
    type: 'card',
  };
}

/**
 * The charge of one payment attempt of `pi` with its card: succeeded (captured at once, as the
 * sandbox's intents capture automatically) or failed with the decline. Emits charge.succeeded or
 * charge.failed; the caller names it as the intent's latest_charge.
 */
export async function recordCharge(
  ctx: Ctx,
  pi: Stripe.PaymentIntent,
  attempt: { decline: Decline | null; authenticated: boolean },
): Promise<Stripe.Charge> {
  const pm = await get<Stripe.PaymentMethod>(ctx, pi.payment_method as string, 'payment_method');
  const { decline } = attempt;
  const id = newId('ch');
  const charge: Stripe.Charge = {
    id,
    object: 'charge',
    amount: pi.amount,
    amount_captured: decline ? 0 : pi.amount,
    amount_refunded: 0,
    application: null,
    application_fee: null,
    application_fee_amount: null,
    balance_transaction: null,
    billing_details: { ...pm.billing_details, tax_id: null },
    calculated_statement_descriptor: 'SPARK SANDBOX',
    captured: !decline,
    created: await customerNow(ctx, pi.customer as string | null),
    currency: pi.currency,
    customer: pi.customer as string | null,
    description: pi.description,
    disputed: false,
    failure_balance_transaction: null,
    failure_code: decline?.code ?? null,
    failure_message: decline?.message ?? null,
    fraud_details: {},
    livemode: false,
    metadata: {},
    on_behalf_of: null,
    outcome: decline ? declinedOutcome(decline) : SUCCEEDED_OUTCOME,
    paid: !decline,
    payment_intent: pi.id,
    payment_method: pm.id,
    payment_method_details: cardPaymentDetails(pm, pi.amount, attempt.authenticated),
    receipt_email: pi.receipt_email,
    receipt_number: null,
    receipt_url: null,
    refunded: false,
    refunds: { object: 'list', data: [], has_more: false, url: `/v1/charges/${id}/refunds` },
    review: null,
    shipping: null,
    source: null,
    source_transfer: null,
    statement_descriptor: null,
    statement_descriptor_suffix: null,
    status: decline ? 'failed' : 'succeeded',
    transfer_data: null,
    transfer_group: null,
  };
  await put(ctx, charge);
  await emit(ctx, decline ? 'charge.failed' : 'charge.succeeded', charge);
  return charge;
}
