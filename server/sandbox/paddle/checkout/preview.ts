import type { AddressEntity } from '../api/addresses-and-businesses';
import type { CustomerEntity } from '../api/customers';
import { trialOf } from '../billing/subscriptions';
import type { TransactionEntity } from '../billing/transaction-entity';
import { type ItemInput, priceItems } from '../billing/transactions';
import type { Ctx } from '../context';
import type { Body } from '../fields';
import { findRow } from '../store';
import { checkoutAddress, checkoutItems, payableTransaction } from './checkout-input';

/** What the overlay shows before the card: the items, their totals, and what recurs. */
export async function previewCheckout(ctx: Ctx, body: Body) {
  const address = checkoutAddress(body, false);
  const countryCode = address?.countryCode ?? null;
  if (body.transactionId !== undefined) {
    const transaction = await payableTransaction(ctx, body);
    const items: ItemInput[] = transaction.items.map((item) => ({
      price: item.price,
      quantity: item.quantity,
      proration: item.proration,
    }));
    const priced = address
      ? await priceItems(ctx, { items, addressId: null, countryCode })
      : { details: transaction.details, currency_code: transaction.currency_code };
    return {
      ...answer(items, priced.details.totals, priced.currency_code, null, transaction),
      customer: await knownCustomer(ctx, transaction),
    };
  }
  const items = await checkoutItems(ctx, body);
  const trial = trialOf(items) !== null;
  const first = await priceItems(ctx, {
    items: items.map((item) => ({ ...item, trial })),
    addressId: null,
    countryCode,
  });
  const recurring = items.every((item) => item.price.billing_cycle)
    ? (await priceItems(ctx, { items, addressId: null, countryCode })).details.totals
    : null;
  return answer(items, first.details.totals, first.currency_code, recurring, null);
}

/**
 * A transaction's own customer and address, which Paddle's checkout shows filled in: the payment
 * link of an invoice asks the buyer only for the card.
 */
async function knownCustomer(ctx: Ctx, transaction: TransactionEntity) {
  if (!transaction.customer_id) return null;
  const customer = await findRow<CustomerEntity>(ctx, transaction.customer_id, 'customer');
  const address = transaction.address_id
    ? await findRow<AddressEntity>(ctx, transaction.address_id, 'address')
    : null;
  if (!customer) return null;
  return {
    email: customer.data.email,
    countryCode: address?.data.country_code ?? null,
    postalCode: address?.data.postal_code ?? null,
  };
}

type TotalsOf = { subtotal: string; tax: string; total: string };

function answer(
  items: ItemInput[],
  totals: TotalsOf,
  currencyCode: string,
  recurring: TotalsOf | null,
  transaction: TransactionEntity | null,
) {
  return {
    currencyCode,
    transactionId: transaction?.id ?? null,
    items: items.map((item) => ({
      priceId: item.price.id,
      productName:
        transaction?.details.line_items.find((line) => line.price_id === item.price.id)?.product.name ??
        item.price.description,
      description: item.price.description,
      quantity: item.quantity,
      unitPrice: item.price.unit_price.amount,
      billingCycle: item.price.billing_cycle,
      trialDays: trialDays(item),
    })),
    totals: pick(totals),
    recurringTotals: recurring ? pick(recurring) : null,
  };
}

const pick = ({ subtotal, tax, total }: TotalsOf) => ({ subtotal, tax, total });

function trialDays(item: ItemInput): number | null {
  const trial = item.price.trial_period;
  if (!trial) return null;
  const perUnit = { day: 1, week: 7, month: 30, year: 365 }[trial.interval];
  return perUnit * trial.frequency;
}
