// The `data` of the events Paddle.js hands to eventCallback (checkout.loaded, …completed, …closed),
// built from what the overlay knows: the checkout's preview, the buyer and the payment. Pure.

const zeroDecimal = new Set(['jpy', 'krw', 'vnd', 'clp', 'pyg', 'isk', 'huf', 'twd']);

/** '3600', 'USD' -> 36 (the API writes the smallest unit as a string; Paddle.js events use units). */
export function toUnits(amount, currency) {
  const value = Number(amount ?? 0);
  if (!Number.isFinite(value)) return 0;
  return zeroDecimal.has(String(currency).toLowerCase()) ? value : value / 100;
}

function totalsOf(totals, currency) {
  return {
    subtotal: toUnits(totals?.subtotal, currency),
    tax: toUnits(totals?.tax, currency),
    discount: 0,
    total: toUnits(totals?.total, currency),
    credit: 0,
    balance: 0,
  };
}

// Stripe.js's brand names (card-checks.js) to Paddle's card types.
const cardTypes = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'american_express',
  diners: 'diners_club',
  discover: 'discover',
  jcb: 'jcb',
  unionpay: 'union_pay',
};

function itemOf(item, currency) {
  const quantity = item.quantity ?? 1;
  const subtotal = Number(item.unitPrice ?? 0) * quantity;
  const lineTotals = totalsOf({ subtotal, tax: 0, total: subtotal }, currency);
  return {
    price_id: item.priceId,
    price_name: item.description ?? null,
    product: { id: item.productId ?? '', name: item.productName ?? '', description: item.description ?? '' },
    quantity,
    totals: lineTotals,
    ...(item.billingCycle ? { billing_cycle: item.billingCycle, recurring_totals: lineTotals } : {}),
    ...(item.trialDays ? { trial_period: { interval: 'day', frequency: item.trialDays } } : {}),
  };
}

function paymentOf(card) {
  if (!card) return { method_details: { type: 'none' } };
  return {
    method_details: {
      type: 'card',
      card: {
        type: cardTypes[card.brand] ?? 'unknown',
        last4: card.last4,
        expiry_month: card.expiryMonth,
        expiry_year: card.expiryYear,
      },
    },
  };
}

function customerOf(customer) {
  const address = customer?.address?.countryCode
    ? {
        id: '',
        country_code: customer.address.countryCode,
        postal_code: customer.address.postalCode ?? '',
        region: '',
        city: '',
        first_line: '',
      }
    : null;
  return {
    id: customer?.id ?? '',
    email: customer?.email ?? '',
    address,
    business: null,
  };
}

/**
 * CheckoutEventsData from the overlay's state: {checkoutId, status ('draft' | 'ready' |
 * 'completed'), preview (the preview endpoint's answer or null), transactionId, customer ({id,
 * email, address: {countryCode, postalCode}}), customData, card ({brand, last4, expiryMonth,
 * expiryYear} or null), settings}.
 */
export function checkoutEventData(state) {
  const currency = state.preview?.currencyCode ?? 'USD';
  return {
    id: state.checkoutId,
    transaction_id: state.transactionId ?? '',
    status: state.status,
    custom_data: state.customData ?? null,
    currency_code: currency,
    customer: customerOf(state.customer),
    items: (state.preview?.items ?? []).map((item) => itemOf(item, currency)),
    totals: totalsOf(state.preview?.totals, currency),
    ...(state.preview?.recurringTotals
      ? { recurring_totals: totalsOf(state.preview.recurringTotals, currency) }
      : {}),
    payment: paymentOf(state.card),
    settings: {
      display_mode: state.settings?.displayMode ?? 'overlay',
      theme: state.settings?.theme ?? 'light',
    },
    upsell: null,
  };
}

/** {name, data}, as eventCallback receives it. */
export function checkoutEvent(name, state) {
  return { name, data: checkoutEventData(state) };
}

/** What a failed payment adds to its event: Paddle's error fields beside name and data. */
export function paymentFailedEvent(state, message) {
  return {
    ...checkoutEvent('checkout.payment.failed', state),
    type: 'checkout.payment.failed',
    code: 'payment_declined',
    detail: message,
    error: { type: 'checkout.payment.failed', code: 'payment_declined', detail: message },
  };
}
