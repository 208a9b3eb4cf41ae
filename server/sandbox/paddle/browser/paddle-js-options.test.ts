// No Postgres database: pure checks of what pages hand to Paddle.js and the events it hands back.
import { describe, expect, it } from 'vitest';
import { type CheckoutState, checkoutEvent, paymentFailedEvent, toUnits } from './client/checkout-events.js';
import { parseInitializeOptions, parseOpenOptions } from './client/open-options.js';

describe('Paddle.Initialize options', () => {
  it('takes a client token, the event callback and the checkout settings', () => {
    const eventCallback = () => {};
    expect(
      parseInitializeOptions({
        token: 'test_abc123',
        eventCallback,
        checkout: { settings: { theme: 'dark' } },
      }),
    ).toEqual({ token: 'test_abc123', eventCallback, settings: { theme: 'dark' } });
  });

  it.each([
    [undefined, 'options object'],
    [{}, 'client-side token'],
    [{ token: 'pdl_sdbx_apikey_x' }, 'client-side token'],
    [{ token: 'test_x', eventCallback: 'no' }, 'eventCallback must be a function'],
  ])('refuses %j', (options, words) => {
    expect(parseInitializeOptions(options)).toEqual({ error: expect.stringContaining(words) });
  });
});

describe('Paddle.Checkout.open options', () => {
  it('items with the customer, custom data and settings over those of Initialize', () => {
    const parsed = parseOpenOptions(
      {
        items: [{ priceId: 'pri_01plus', quantity: 3 }, { priceId: 'pri_02addon' }],
        customer: { email: 'bella@bakery.test' },
        customData: { teamId: 't1', checkoutToken: 'abc', drop: () => 1 },
        settings: { successUrl: 'https://console.test/done' },
      },
      { theme: 'dark', displayMode: 'overlay' },
    );
    expect(parsed).toEqual({
      items: [
        { priceId: 'pri_01plus', quantity: 3 },
        { priceId: 'pri_02addon', quantity: 1 },
      ],
      transactionId: null,
      customer: { id: null, email: 'bella@bakery.test' },
      customData: { teamId: 't1', checkoutToken: 'abc' },
      settings: { displayMode: 'overlay', theme: 'dark', successUrl: 'https://console.test/done' },
    });
  });

  it('a transaction to pay, for a known customer', () => {
    expect(parseOpenOptions({ transactionId: 'txn_01upm', customer: { id: 'ctm_01pat' } })).toMatchObject({
      items: null,
      transactionId: 'txn_01upm',
      customer: { id: 'ctm_01pat', email: null },
      customData: null,
    });
  });

  it.each([
    [{}, 'either items or a transactionId'],
    [{ items: [{ priceId: 'pri_1' }], transactionId: 'txn_1' }, 'either items or a transactionId'],
    [{ items: [] }, 'non-empty'],
    [{ items: [{ priceId: 'plus_30' }] }, 'priceId (pri_…)'],
    [{ items: [{ priceId: 'pri_1', quantity: 0 }] }, 'whole number'],
    [{ items: [{ priceId: 'pri_1', quantity: 1.5 }] }, 'whole number'],
    [{ transactionId: 'in_1' }, 'txn_'],
    [{ items: [{ priceId: 'pri_1' }], customer: { id: 'cus_1' } }, 'ctm_'],
    [{ items: [{ priceId: 'pri_1' }], customer: {} }, 'id or an email'],
    [{ items: [{ priceId: 'pri_1' }], customData: ['a'] }, 'customData'],
  ])('refuses %j', (options, words) => {
    expect(parseOpenOptions(options)).toEqual({ error: expect.stringContaining(words) });
  });

  it('refuses customData that is not JSON, rather than throwing in the page', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    for (const customData of [cyclic, { big: 1n }]) {
      expect(parseOpenOptions({ items: [{ priceId: 'pri_1' }], customData })).toEqual({
        error: 'customData must be JSON (no cycles, no BigInt).',
      });
    }
  });
});

const state: CheckoutState = {
  checkoutId: 'che_1',
  status: 'completed',
  preview: {
    currencyCode: 'USD',
    items: [
      {
        priceId: 'pri_01plus',
        productName: 'Plus',
        description: 'Plus monthly',
        quantity: 3,
        unitPrice: '1200',
        billingCycle: { interval: 'month', frequency: 1 },
        trialDays: 14,
      },
    ],
    totals: { subtotal: '3600', tax: '720', total: '4320' },
    recurringTotals: { subtotal: '3600', tax: '720', total: '4320' },
  },
  transactionId: 'txn_01',
  customer: { id: 'ctm_01', email: 'bella@bakery.test', address: { countryCode: 'DE', postalCode: '10115' } },
  customData: { teamId: 't1' },
  card: { brand: 'amex', last4: '0005', expiryMonth: 12, expiryYear: 2034 },
  settings: { displayMode: 'overlay', theme: 'light' },
};

describe('checkout events', () => {
  it("checkout.completed carries the transaction, the customer, the custom data and the card, in Paddle.js's shape", () => {
    const event = checkoutEvent('checkout.completed', state);
    expect(event.name).toBe('checkout.completed');
    expect(event.data).toMatchObject({
      id: 'che_1',
      transaction_id: 'txn_01',
      status: 'completed',
      custom_data: { teamId: 't1' },
      currency_code: 'USD',
      customer: {
        id: 'ctm_01',
        email: 'bella@bakery.test',
        address: { country_code: 'DE', postal_code: '10115' },
      },
      totals: { subtotal: 36, tax: 7.2, total: 43.2 },
      recurring_totals: { total: 43.2 },
      payment: {
        method_details: {
          type: 'card',
          card: { type: 'american_express', last4: '0005', expiry_month: 12, expiry_year: 2034 },
        },
      },
      settings: { display_mode: 'overlay', theme: 'light' },
    });
    expect(event.data.items).toEqual([
      expect.objectContaining({
        price_id: 'pri_01plus',
        quantity: 3,
        product: expect.objectContaining({ name: 'Plus' }),
        billing_cycle: { interval: 'month', frequency: 1 },
        trial_period: { interval: 'day', frequency: 14 },
        totals: expect.objectContaining({ subtotal: 36 }),
      }),
    ]);
  });

  it('before payment: no transaction yet, no card, an empty customer', () => {
    const data = checkoutEvent('checkout.loaded', {
      ...state,
      status: 'draft',
      transactionId: null,
      customer: null,
      card: null,
      customData: null,
    }).data;
    expect(data).toMatchObject({ transaction_id: '', status: 'draft', custom_data: null });
    expect(data.customer).toEqual({ id: '', email: '', address: null, business: null });
    expect(data.payment).toEqual({ method_details: { type: 'none' } });
  });

  it('a failed payment names the decline', () => {
    expect(paymentFailedEvent(state, 'Your card was declined.')).toMatchObject({
      name: 'checkout.payment.failed',
      detail: 'Your card was declined.',
      data: { transaction_id: 'txn_01' },
    });
  });

  it('amounts: the smallest unit as a string to units, zero-decimal currencies as they are', () => {
    expect(toUnits('1999', 'USD')).toBe(19.99);
    expect(toUnits('500', 'JPY')).toBe(500);
    expect(toUnits('x', 'EUR')).toBe(0);
    expect(toUnits(undefined, 'EUR')).toBe(0);
  });
});
