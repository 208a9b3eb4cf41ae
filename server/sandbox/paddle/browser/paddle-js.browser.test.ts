// No Postgres database: the Paddle.js stand-in and its overlay in Chromium, against a fake of the
// checkout's back end, driven through the official @paddle/paddle-js wrapper.
import Fastify from 'fastify';
import type { Browser, FrameLocator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../stripe/pages/test-support/browser';
import { paddleJsStandIn } from './paddle-js-plugin';
import { createFakeCheckoutApi, PAST_DUE_TRANSACTION } from './test-support/fake-checkout-api';
import { registerMerchantPage } from './test-support/merchant-page';

const token = 'test_sandboxclienttoken';
const fake = createFakeCheckoutApi(token);
let browser: Browser;
let baseUrl = '';
let page: Page;
let pageErrors: string[] = [];
const app = Fastify();

beforeAll(async () => {
  fake.register(app);
  await app.register(paddleJsStandIn);
  registerMerchantPage(app);
  [baseUrl, browser] = await Promise.all([app.listen({ host: '127.0.0.1', port: 0 }), launchChromium()]);
});
afterAll(async () => {
  await browser?.close();
  await app.close();
});

function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000 });
}

/** The merchant's page on a 390 px phone, Paddle initialised through the wrapper. */
async function openMerchant(query = '', pageToken = token): Promise<Page> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
  context.setDefaultTimeout(10_000);
  page = await context.newPage();
  pageErrors = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') pageErrors.push(message.text());
  });
  await page.goto(`/merchant?token=${pageToken}${query}`);
  await poll(() => page.getByRole('status').first().textContent()).toBe('Paddle ready');
  return page;
}

interface PaddleEvent {
  name: string;
  detail?: string;
  data: Record<string, unknown>;
}
// Strings: the server's types have no DOM, and these run in the merchant's page.
const eventNames = () => page.evaluate<string[]>('window.paddleEvents.map((event) => event.name)');
const lastEvent = (name: string) =>
  page.evaluate<PaddleEvent | undefined>(
    `window.paddleEvents.filter((event) => event.name === ${JSON.stringify(name)}).at(-1)`,
  );
const hasFocus = (frame: FrameLocator, label: string) =>
  frame.getByLabel(label).evaluate((element) => element.matches(':focus'));

function checkout(): FrameLocator {
  return page.frameLocator('iframe[title="Paddle checkout"]');
}

async function fillDetails(frame: FrameLocator) {
  await frame.getByLabel('Country').selectOption('DE');
  await frame.getByLabel('Postcode').fill('10115');
  await frame.getByRole('button', { name: 'Continue' }).click();
}

async function fillCard(frame: FrameLocator, number: string) {
  await frame.getByLabel('Card number').fill(number);
  await frame.getByLabel('Expiration').fill('1234');
  await frame.getByLabel('CVC').fill('123');
  await frame.getByLabel('Cardholder name').fill('Bella Baker');
}

describe('Paddle.js stand-in (fake checkout back end)', () => {
  it('buys with 4242 on a 390 px phone: details, totals, checkout.completed with the transaction, then closed', async () => {
    await openMerchant();
    await page.getByRole('button', { name: 'Buy Plus' }).click();
    await poll(() => page.getByRole('dialog', { name: 'Paddle checkout' }).count()).toBe(1);
    const frame = checkout();
    await poll(() => frame.getByLabel('Email').inputValue()).toBe('bella@bakery.test');
    await frame.getByText('Plus', { exact: true }).waitFor();
    await poll(eventNames).toEqual(['checkout.loaded']);
    await fillDetails(frame);
    await frame.getByText('$6.84').waitFor(); // the tax at the German address
    expect(await frame.getByText('bella@bakery.test · Germany 10115').count()).toBe(1);
    await poll(eventNames).toContain('checkout.customer.created');
    await fillCard(frame, '4242 4242 4242 4242');
    await frame.getByRole('button', { name: 'Pay $42.84' }).click();
    await frame.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const completed = await lastEvent('checkout.completed');
    expect(completed?.data).toMatchObject({
      transaction_id: expect.stringMatching(/^txn_/),
      status: 'completed',
      customer: { id: expect.stringMatching(/^ctm_/), email: 'bella@bakery.test' },
      custom_data: { teamId: 'team_1', checkoutToken: 'signed' },
      payment: {
        method_details: {
          type: 'card',
          card: { type: 'visa', last4: '4242', expiry_month: 12, expiry_year: 2034 },
        },
      },
    });
    expect(fake.payments.at(-1)).toMatchObject({
      items: [{ priceId: 'pri_01plusmonthly', quantity: 3 }],
      customer: { email: 'bella@bakery.test' },
      customData: { teamId: 'team_1', checkoutToken: 'signed' },
      address: { countryCode: 'DE', postalCode: '10115' },
      card: { number: '4242424242424242', expiry: '12/34', cvc: '123', name: 'Bella Baker' },
    });
    // Nothing wider than the phone inside the overlay.
    const frameElement = await page.locator('iframe[title="Paddle checkout"]').elementHandle();
    const inner = await frameElement?.contentFrame();
    expect(await inner?.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await frame.getByRole('button', { name: 'Close', exact: true }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await lastEvent('checkout.closed'))?.data).toMatchObject({
      transaction_id: completed?.data.transaction_id,
    });
    expect(pageErrors).toEqual([]);
  });

  it('declines 0002 with the message and checkout.payment.failed, then takes another card (by keyboard)', async () => {
    await openMerchant();
    await page.getByRole('button', { name: 'Buy Plus' }).focus();
    await page.keyboard.press('Enter');
    const frame = checkout();
    await poll(() => frame.getByLabel('Email').inputValue()).toBe('bella@bakery.test');
    // The focus starts on the first field the buyer has to fill.
    await poll(() => hasFocus(frame, 'Country')).toBe(true);
    await page.keyboard.press('Tab');
    await page.keyboard.type('SW1A 1AA');
    await page.keyboard.press('Enter');
    await poll(() => hasFocus(frame, 'Card number')).toBe(true);
    await page.keyboard.type('4000000000000002');
    await page.keyboard.press('Tab');
    await page.keyboard.type('1234');
    await page.keyboard.press('Tab');
    await page.keyboard.type('123');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Bella Baker');
    await page.keyboard.press('Enter');
    await frame.getByRole('alert').filter({ hasText: 'Your card was declined.' }).waitFor();
    expect(await lastEvent('checkout.payment.failed')).toMatchObject({ detail: 'Your card was declined.' });
    expect(await eventNames()).not.toContain('checkout.completed');
    await frame.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.keyboard.press('Enter');
    await frame.getByRole('heading', { name: 'Payment successful' }).waitFor();
    await poll(eventNames).toContain('checkout.completed');
    await page.keyboard.press('Escape');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await eventNames()).at(-1)).toBe('checkout.closed');
  });

  it('passes 3-D Secure with 3155 when approved, and shows the failure when not', async () => {
    await openMerchant('&late');
    await page.getByRole('button', { name: 'Buy Plus' }).click();
    const frame = checkout();
    await fillDetails(frame);
    await fillCard(frame, '4000 0025 0000 3155');
    await frame.getByRole('button', { name: /^Pay / }).click();
    await frame.getByRole('button', { name: 'Fail authentication' }).click();
    await frame.getByRole('alert').filter({ hasText: 'We are unable to authenticate' }).waitFor();
    await poll(eventNames).toContain('checkout.payment.failed');
    await frame.getByRole('button', { name: /^Pay / }).click();
    await frame.getByRole('button', { name: 'Complete authentication' }).click();
    await frame.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect((await lastEvent('checkout.completed'))?.data.transaction_id).toMatch(/^txn_/);
    expect(pageErrors).toEqual([]);
  });

  it('pays an existing transaction (a card update) and closes from the page with Checkout.close()', async () => {
    await openMerchant();
    await page.getByRole('button', { name: 'Update card' }).click();
    const frame = checkout();
    await poll(() => frame.getByLabel('Email').inputValue()).toBe('pat@press.test');
    await fillDetails(frame);
    await fillCard(frame, '4242 4242 4242 4242');
    await frame.getByRole('button', { name: 'Pay $0.00' }).click();
    await frame.getByRole('heading', { name: 'Payment successful' }).waitFor();
    const paid = fake.payments.at(-1);
    expect(paid).toMatchObject({ transactionId: 'txn_01updatepaymentmethod', customer: { id: 'ctm_01pat' } });
    expect(paid?.items).toBeUndefined();
    // The overlay covers the page, so the page's own code calls close (as after checkout.completed).
    await page.getByRole('button', { name: 'Close from page' }).dispatchEvent('click');
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect((await eventNames()).at(-1)).toBe('checkout.closed');
  });

  it('a payment link: Initialize on a page whose address has _ptxn opens the checkout for it, customer filled in', async () => {
    await openMerchant(`&_ptxn=${PAST_DUE_TRANSACTION}`);
    await poll(() => page.getByRole('dialog', { name: 'Paddle checkout' }).count()).toBe(1);
    const frame = checkout();
    await poll(() => frame.getByLabel('Email').inputValue()).toBe('pat@press.test');
    expect(await frame.getByLabel('Email').isEditable()).toBe(false);
    expect(await frame.getByLabel('Country').inputValue()).toBe('DE');
    expect(await frame.getByLabel('Postcode').inputValue()).toBe('10115');
    await frame.getByRole('button', { name: 'Continue' }).click();
    await fillCard(frame, '4242 4242 4242 4242');
    await frame.getByRole('button', { name: /^Pay / }).click();
    await frame.getByRole('heading', { name: 'Payment successful' }).waitFor();
    expect(fake.payments.at(-1)).toMatchObject({ transactionId: PAST_DUE_TRANSACTION });
    expect(pageErrors).toEqual([]);
  });

  it('closing before paying sends checkout.closed with no transaction', async () => {
    await openMerchant();
    await page.getByRole('button', { name: 'Buy Plus' }).click();
    await checkout().getByRole('button', { name: 'Close checkout' }).click();
    await poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(await eventNames()).toEqual(['checkout.loaded', 'checkout.closed']);
    expect((await lastEvent('checkout.closed'))?.data).toMatchObject({ transaction_id: '', status: 'draft' });
  });

  it("a wrong client token: the overlay says so and the page gets Paddle's checkout.error", async () => {
    await openMerchant('', 'test_wrongtoken');
    await page.getByRole('button', { name: 'Buy Plus' }).click();
    await checkout().getByText('The client-side token is not valid.').waitFor();
    expect(await lastEvent('checkout.error')).toMatchObject({
      code: 'forbidden',
      detail: 'The client-side token is not valid.',
    });
    expect(await checkout().getByLabel('Email').isVisible()).toBe(false);
  });
});
