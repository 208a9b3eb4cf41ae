import { type AddressEntity, createAddress } from '../api/addresses-and-businesses';
import { type CustomerEntity, createCustomer } from '../api/customers';
import { AUTHENTICATION_FAILED, type CheckoutCard, chargeOutcome, checkoutCard } from '../billing/cards';
import type { SubscriptionEntity } from '../billing/subscription-entity';
import { createSubscription, recurringCycle, trialOf } from '../billing/subscriptions';
import type { TransactionEntity } from '../billing/transaction-entity';
import {
  completeTransaction,
  createTransaction,
  failTransactionPayment,
  type ItemInput,
} from '../billing/transactions';
import { sandboxIso, sandboxNow } from '../clock';
import type { Ctx } from '../context';
import { invalidField } from '../errors';
import { recordEvent } from '../events';
import type { Body } from '../fields';
import { newId, randomToken } from '../ids';
import { get, getRow, getState, list, put, setState } from '../store';
import {
  checkoutAddress,
  checkoutCustomData,
  checkoutItems,
  isPayable,
  notPayable,
  payableTransaction,
} from './checkout-input';

/** The checkout's answer to a payment (contract B): paid, declined, or a 3-D Secure step first. */
export type PayAnswer =
  | { status: 'completed'; transactionId: string; customerId: string; subscriptionId: string | null }
  | { status: 'declined'; message: string }
  | { status: 'requires_action'; threeDSecureId: string };

/** A payment waiting for its 3-D Secure step, kept in the sandbox's state under its id. */
interface PendingAuthentication {
  transactionId: string;
  card: CheckoutCard;
}

const pendingKey = (id: string) => `checkout_3ds:${id}`;

/** The checkout's pay: for new items (a customer, an address, a transaction), or a transaction. */
export async function payCheckout(ctx: Ctx, body: Body): Promise<PayAnswer> {
  const card = checkoutCard(body.card, await sandboxNow(ctx));
  const transaction =
    body.transactionId !== undefined
      ? await payableTransaction(ctx, body)
      : await newCheckoutTransaction(ctx, body);
  return charge(ctx, transaction, card, false);
}

/** The buyer approved or failed the 3-D Secure step of a payment waiting for it. */
export async function authenticateCheckout(ctx: Ctx, id: string, body: Body): Promise<PayAnswer> {
  const pending = await getState<PendingAuthentication | null>(ctx, pendingKey(id), null);
  if (!pending) throw invalidField('threeDSecureId', 'names no payment waiting for 3-D Secure');
  await setState(ctx, pendingKey(id), null);
  if (body.outcome !== 'approve' && body.outcome !== 'fail')
    throw invalidField('outcome', 'must be approve or fail');
  const transaction = await get<TransactionEntity>(ctx, pending.transactionId, 'transaction');
  // Paid some other way while this step waited (another tab, the portal): it is not charged twice.
  if (!isPayable(transaction)) throw notPayable(transaction);
  if (body.outcome === 'fail') {
    await failTransactionPayment(
      ctx,
      transaction,
      pending.card.details,
      pending.card.paymentMethodId,
      AUTHENTICATION_FAILED.errorCode,
    );
    return { status: 'declined', message: AUTHENTICATION_FAILED.message };
  }
  return charge(ctx, transaction, pending.card, true);
}

async function charge(
  ctx: Ctx,
  transaction: TransactionEntity,
  card: CheckoutCard,
  authenticated: boolean,
): Promise<PayAnswer> {
  const outcome = chargeOutcome(card.number, authenticated, Number(transaction.details.totals.grand_total));
  if (outcome.kind === 'authenticate') {
    const threeDSecureId = `tds_${randomToken(26)}`;
    await setState(ctx, pendingKey(threeDSecureId), {
      transactionId: transaction.id,
      card,
    } satisfies PendingAuthentication);
    return { status: 'requires_action', threeDSecureId };
  }
  if (outcome.kind === 'declined') {
    await failTransactionPayment(ctx, transaction, card.details, card.paymentMethodId, outcome.errorCode);
    return { status: 'declined', message: outcome.message };
  }
  return settle(ctx, transaction, card);
}

const itemsOf = (transaction: TransactionEntity): ItemInput[] =>
  transaction.items.map((item) => ({
    price: item.price,
    quantity: item.quantity,
    proration: item.proration,
  }));

/** Paid: the transaction completes; a new checkout of recurring prices starts its subscription. */
async function settle(ctx: Ctx, transaction: TransactionEntity, card: CheckoutCard): Promise<PayAnswer> {
  const items = itemsOf(transaction);
  const startsSubscription =
    transaction.origin === 'web' && transaction.subscription_id === null && recurringCycle(items) !== null;
  const subscriptionId = startsSubscription ? newId('subscription') : transaction.subscription_id;
  const completed = await completeTransaction(ctx, transaction, card.details, card.paymentMethodId, {
    subscription_id: subscriptionId,
  });
  const customerId = completed.customer_id as string;
  if (startsSubscription && subscriptionId) {
    await createSubscription(ctx, {
      id: subscriptionId,
      items,
      customerId,
      addressId: completed.address_id as string,
      businessId: completed.business_id,
      customData: completed.custom_data,
      card,
    });
  } else if (subscriptionId) {
    await cardPaidForSubscription(ctx, subscriptionId, card, completed);
  }
  return { status: 'completed', transactionId: completed.id, customerId, subscriptionId };
}

/**
 * A subscription's own transaction paid through the checkout (a card change, a past-due payment):
 * the card becomes the one renewals charge, and a past-due subscription is active again.
 */
async function cardPaidForSubscription(
  ctx: Ctx,
  subscriptionId: string,
  card: CheckoutCard,
  paid: TransactionEntity,
): Promise<void> {
  const row = await getRow<SubscriptionEntity>(ctx, subscriptionId, 'subscription');
  const wasPastDue = row.data.status === 'past_due';
  // A past-due renewal paid: its period is the subscription's, and the next bill comes at its end.
  const period =
    wasPastDue && paid.origin !== 'subscription_payment_method_change' ? paid.billing_period : null;
  const subscription = await put<SubscriptionEntity>(
    ctx,
    'subscription',
    {
      ...row.data,
      status: wasPastDue ? 'active' : row.data.status,
      ...(period ? { current_billing_period: period, next_billed_at: period.ends_at } : {}),
      updated_at: await sandboxIso(ctx),
    },
    {
      internal: {
        ...row.internal,
        cardNumber: card.number,
        card: card.details,
        paymentMethodId: card.paymentMethodId,
      },
    },
  );
  if (wasPastDue) await recordEvent(ctx, 'subscription.activated', subscription);
  await recordEvent(ctx, 'subscription.updated', subscription);
}

async function newCheckoutTransaction(ctx: Ctx, body: Body): Promise<TransactionEntity> {
  const items = await checkoutItems(ctx, body);
  const address = checkoutAddress(body, true) as { countryCode: string; postalCode: string };
  const customer = await checkoutCustomer(ctx, body.customer);
  const addressId = await customerAddress(ctx, customer.id, address);
  const trial = recurringCycle(items) !== null && trialOf(items) !== null;
  return createTransaction(ctx, {
    items: items.map((item) => ({ ...item, trial })),
    customerId: customer.id,
    addressId,
    customData: checkoutCustomData(body),
    origin: 'web',
  });
}

/** The customer the checkout names: by id, or by email (found, or made as Paddle's checkout does). */
async function checkoutCustomer(ctx: Ctx, value: unknown): Promise<CustomerEntity> {
  const customer = (value ?? {}) as { id?: unknown; email?: unknown };
  if (typeof customer.id === 'string') return get<CustomerEntity>(ctx, customer.id, 'customer');
  if (typeof customer.email !== 'string') throw invalidField('customer.email', 'is required');
  const email = customer.email.trim().toLowerCase();
  const known = (await list<CustomerEntity>(ctx, 'customer')).find((candidate) => candidate.email === email);
  if (known) return known;
  const made = await createCustomer(ctx, { email });
  await recordEvent(ctx, 'customer.created', made);
  return made;
}

/** The customer's address in that country and postcode, made when it is new. */
async function customerAddress(
  ctx: Ctx,
  customerId: string,
  address: { countryCode: string; postalCode: string },
) {
  const known = (await list<AddressEntity>(ctx, 'address', customerId)).find(
    (candidate) =>
      candidate.country_code === address.countryCode && (candidate.postal_code ?? '') === address.postalCode,
  );
  if (known) return known.id;
  const made = await createAddress(ctx, customerId, {
    country_code: address.countryCode,
    postal_code: address.postalCode,
  });
  await recordEvent(ctx, 'address.created', made);
  return made.id;
}
