import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './browser';

/** What the flows need from a server: the fake API or the real sandbox, with the merchant page mounted. */
export interface BrowserHarness {
  baseUrl: string;
  publishableKey: string;
  setupIntentSecret(): Promise<string>;
  /** A subscription checkout for 3 seats with a 14-day trial; success_url /done, cancel_url /cancelled. */
  checkoutSessionId(): Promise<string>;
  /** A setup-mode checkout (save a card) with the same URLs. */
  setupCheckoutSessionId(): Promise<string>;
  /** A checkout that has expired. */
  expiredCheckoutSessionId(): Promise<string>;
  /** An open invoice's id, when the harness can make one. */
  openInvoiceId?(): Promise<string>;
  close(): Promise<void>;
}

/** expect.poll with room for a loaded machine (its default is one second). */
function poll<T>(read: () => Promise<T> | T) {
  return expect.poll(read, { timeout: 10_000 });
}

const cards = {
  succeeds: '4242 4242 4242 4242',
  declined: '4000 0000 0000 0002',
  threeDSecure: '4000 0025 0000 3155',
};
const authenticationFailed =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

async function fillCardElement(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
}

async function fillCheckout(page: Page, number: string) {
  await page.getByLabel('Email').fill('olivia@acme.test');
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiration').fill('1234');
  await page.getByLabel('CVC').fill('123');
  await page.getByLabel('Cardholder name').fill('Olivia Owner');
}

/** The browser tests of the pages and the Stripe.js stand-in, run against the given harness. */
export function describeBrowserFlows(name: string, start: () => Promise<BrowserHarness>) {
  describe(name, () => {
    let harness: BrowserHarness;
    let browser: Browser;
    let page: Page;
    // Uncaught errors and console errors of the current page; a 402 or 404 answer the page expects
    // is logged by Chromium as 'Failed to load resource' and is not one.
    let pageErrors: string[] = [];

    beforeAll(async () => {
      [harness, browser] = await Promise.all([start(), launchChromium()]);
    });
    afterAll(async () => {
      await browser?.close();
      await harness?.close();
    });

    async function openPage(): Promise<Page> {
      const context = await browser.newContext({ baseURL: harness.baseUrl });
      // Shorter than the test's own timeout, so a failing step names itself.
      context.setDefaultTimeout(10_000);
      page = await context.newPage();
      pageErrors = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      page.on('console', (message) => {
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          pageErrors.push(message.text());
      });
      return page;
    }

    async function openMerchant(): Promise<Page> {
      const secret = await harness.setupIntentSecret();
      const opened = await openPage();
      await opened.goto(`/merchant?pk=${harness.publishableKey}&secret=${secret}`);
      await opened.getByLabel('Card number').waitFor();
      return opened;
    }

    const outcome = () => page.getByRole('status');

    describe('Stripe.js stand-in', () => {
      it('mounts labelled inputs, reports changes, and confirms a setup intent with 4242', async () => {
        await openMerchant();
        await poll(() => page.evaluate('window.cardEvents')).toContain('ready');
        await poll(() => page.getByLabel('Expiration').getAttribute('placeholder')).toBe('MM / YY');
        await page.getByLabel('Card number').fill('4242424242424241');
        await poll(() => page.locator('#card-errors').textContent()).toBe('Your card number is invalid.');
        await fillCardElement(page, cards.succeeds);
        await poll(() => page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
        await poll(() => page.locator('#card-state').textContent()).toBe('complete visa');
        await poll(() => page.locator('#card-errors').textContent()).toBe('');
        await page.getByRole('button', { name: 'Confirm' }).click();
        await poll(() => outcome().textContent()).toMatch(/^seti_\S+ succeeded$/);
        expect(pageErrors).toEqual([]);
      });

      it('answers a validation error for an incomplete card without calling the API', async () => {
        await openMerchant();
        await page.getByLabel('Card number').fill('4242 4242');
        await page.getByRole('button', { name: 'Confirm' }).click();
        await poll(() => outcome().textContent()).toBe(
          'Error: Your card number is incomplete. (incomplete_number)',
        );
        await poll(() => page.getByLabel('Card number').getAttribute('aria-invalid')).toBe('true');
      });

      it("resolves Stripe's decline error for 0002", async () => {
        await openMerchant();
        await fillCardElement(page, cards.declined);
        await page.getByRole('button', { name: 'Confirm' }).click();
        await poll(() => outcome().textContent()).toBe('Error: Your card was declined. (card_declined)');
      });

      it('opens the 3-D Secure page in an overlay for 3155; completing it succeeds', async () => {
        await openMerchant();
        await fillCardElement(page, cards.threeDSecure);
        await page.getByRole('button', { name: 'Confirm' }).click();
        const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
        await poll(() => page.getByRole('dialog', { name: '3D Secure authentication' }).count()).toBe(1);
        await challenge.getByText('This is a test 3D Secure authentication page').waitFor();
        await challenge.getByRole('button', { name: 'Complete authentication' }).click();
        await poll(() => outcome().textContent()).toMatch(/^seti_\S+ succeeded$/);
        expect(await page.getByRole('dialog').count()).toBe(0);
      });

      it('failing the 3-D Secure challenge resolves an authentication error', async () => {
        await openMerchant();
        await fillCardElement(page, cards.threeDSecure);
        await page.getByRole('button', { name: 'Confirm' }).click();
        const challenge = page.frameLocator('iframe[title="3D Secure authentication"]');
        await challenge.getByRole('button', { name: 'Fail authentication' }).click();
        await poll(() => outcome().textContent()).toBe(
          `Error: ${authenticationFailed} (setup_intent_authentication_failure)`,
        );
        expect(await page.getByRole('dialog').count()).toBe(0);
      });
    });

    it("the 3-D Secure page, opened as a page, does not follow an intent's return URL to another origin", async () => {
      const secret = await harness.setupIntentSecret();
      const intentId = secret.slice(0, secret.indexOf('_secret_'));
      const api = (path: string, form: Record<string, string>) =>
        fetch(`${harness.baseUrl}/v1/${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${harness.publishableKey}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams(form),
        }).then((response) => response.json() as Promise<{ id: string; status?: string }>);
      const card = await api('payment_methods', {
        type: 'card',
        'card[number]': cards.threeDSecure.replaceAll(' ', ''),
        'card[exp_month]': '12',
        'card[exp_year]': '2034',
        'card[cvc]': '123',
      });
      const confirmed = await api(`setup_intents/${intentId}/confirm`, {
        client_secret: secret,
        payment_method: card.id,
        return_url: 'https://evil.example/landing',
      });
      expect(confirmed.status).toBe('requires_action');
      await openPage();
      await page.goto(`/sandbox/stripe/3ds/${intentId}?client_secret=${encodeURIComponent(secret)}`);
      await page.getByRole('button', { name: 'Complete authentication' }).click();
      await poll(() => outcome().textContent()).toBe('Authentication complete.');
      // Give a redirect the time it would take, then check it did not happen.
      await page.waitForTimeout(500);
      expect(new URL(page.url()).pathname).toBe(`/sandbox/stripe/3ds/${intentId}`);
    });

    describe('hosted checkout page', () => {
      async function openCheckout(): Promise<Page> {
        const id = await harness.checkoutSessionId();
        const opened = await openPage();
        await opened.goto(`/sandbox/stripe/checkout/${id}`);
        await opened.getByRole('button', { name: 'Subscribe' }).waitFor();
        return opened;
      }
      const alert = () => page.locator('#form-alert');

      it('shows the plan, seats, trial and total; 4242 subscribes and lands on the success URL', async () => {
        await openCheckout();
        await page.getByText('14-day free trial').waitFor();
        await page.getByText('Qty 3').waitFor();
        expect(await page.getByText('Total due today').count()).toBe(1);
        expect(await page.getByLabel('Email').inputValue()).toBe('olivia@acme.test');
        expect(await page.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe(
          `${harness.baseUrl}/cancelled`,
        );
        await fillCheckout(page, cards.succeeds);
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.waitForURL(/\/done\?session_id=cs_/);
        await page.getByRole('heading', { name: 'Thanks for subscribing' }).waitFor();
        expect(pageErrors).toEqual([]);
      });

      it("checks the fields before calling, with Stripe's messages", async () => {
        await openCheckout();
        await page.getByLabel('Email').fill('');
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.getByText('Your card number is incomplete.').waitFor();
        await page.getByText("Your card's expiration date is incomplete.").waitFor();
        await page.getByText("Your card's security code is incomplete.").waitFor();
        await page.getByText('Your email is incomplete.').waitFor();
        expect(await page.evaluate('document.activeElement.id')).toBe('email');
        await fillCheckout(page, cards.succeeds);
        await page.getByLabel('Expiration').fill('01 / 20');
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.getByText("Your card's expiration year is in the past.").waitFor();
        expect(page.url()).toContain('/sandbox/stripe/checkout/');
      });

      it('a declined card shows the message by the form and keeps it', async () => {
        await openCheckout();
        await fillCheckout(page, cards.declined);
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await poll(() => alert().textContent()).toBe('Your card was declined.');
        expect(await page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).count()).toBe(1);
        expect(await page.getByRole('button', { name: 'Subscribe' }).isEnabled()).toBe(true);
        expect(await page.getByLabel('Card number').inputValue()).toBe(cards.declined);
      });

      it('3155 goes through the 3-D Secure page and back to the success URL', async () => {
        await openCheckout();
        await fillCheckout(page, cards.threeDSecure);
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.getByRole('button', { name: 'Complete authentication' }).click();
        await page.waitForURL(/\/done\?session_id=cs_/);
      });

      it('a failed 3-D Secure challenge comes back to the form with the reason', async () => {
        await openCheckout();
        await fillCheckout(page, cards.threeDSecure);
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await page.getByRole('button', { name: 'Fail authentication' }).click();
        await page.waitForURL(
          /\/sandbox\/stripe\/checkout\/cs_\w+\?setup_intent=seti_\w+&.*redirect_status=failed/,
        );
        await poll(() => alert().textContent()).toBe(authenticationFailed);
      });

      it('setup mode saves the card and lands on the success URL', async () => {
        const id = await harness.setupCheckoutSessionId();
        await openPage();
        await page.goto(`/sandbox/stripe/checkout/${id}`);
        await page.getByRole('heading', { name: 'Save a card for future payments' }).waitFor();
        await fillCheckout(page, cards.succeeds);
        await page.getByRole('button', { name: 'Save card' }).click();
        await page.waitForURL(/\/done\?session_id=cs_/);
      });

      it('an expired session says so and shows no form and no way back', async () => {
        const id = await harness.expiredCheckoutSessionId();
        await openPage();
        await page.goto(`/sandbox/stripe/checkout/${id}`);
        await page.getByText('This checkout session has expired.', { exact: false }).waitFor();
        expect(await page.locator('#payment-section').isHidden()).toBe(true);
        // Return URLs may carry login codes: an expired checkout shows none (issue 20).
        expect(await page.getByRole('link', { name: 'Back' }).isVisible()).toBe(false);
      });

      it('an unknown session says so', async () => {
        await openPage();
        await page.goto('/sandbox/stripe/checkout/cs_test_unknown');
        await page.getByText('This checkout session could not be found.').waitFor();
        expect(await page.locator('#payment-section').isHidden()).toBe(true);
      });
    });

    describe('hosted invoice page', () => {
      async function openInvoice(context: { skip(): void }): Promise<Page> {
        if (!harness.openInvoiceId) context.skip();
        const id = await harness.openInvoiceId?.();
        const opened = await openPage();
        await opened.goto(`/sandbox/stripe/invoices/${id}`);
        await opened.getByRole('heading', { name: /^Invoice / }).waitFor();
        await opened.getByRole('button', { name: 'Pay' }).waitFor();
        return opened;
      }
      async function fillInvoiceCard(number: string) {
        await page.getByLabel('Card number').fill(number);
        await page.getByLabel('Expiration').fill('12 / 34');
        await page.getByLabel('CVC').fill('123');
        await page.getByLabel('Cardholder name').fill('Olivia Owner');
      }

      /** The table's headers and amounts that render on more than one line ('Qt / y', '$15.0 / 0'). */
      const brokenCells = () =>
        page.evaluate<
          string[]
        >(`[...document.querySelectorAll('table.lines th, table.lines td:not(:first-child)')]
          .filter((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size > 1;
          })
          .map((cell) => cell.textContent)`);

      it('keeps its headers and amounts whole, on a phone and on a wide screen', async (context) => {
        await openInvoice(context);
        for (const width of [320, 1280]) {
          await page.setViewportSize({ width, height: 800 });
          await page.getByText('Amount due').waitFor();
          expect(await brokenCells()).toEqual([]);
        }
      });

      it('shows an open invoice; a declined card says so, 4242 pays it', async (context) => {
        await openInvoice(context);
        await page.getByText('Amount due').waitFor();
        expect(await page.getByRole('button', { name: 'Close this page' }).isVisible()).toBe(false);
        await fillInvoiceCard(cards.declined);
        await page.getByRole('button', { name: 'Pay' }).click();
        await poll(() => page.locator('#form-alert').textContent()).toBe('Your card was declined.');
        await page.getByLabel('Card number').fill(cards.succeeds);
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.getByText('Paid. Thank you!').waitFor();
        expect(await page.locator('#payment-section').isHidden()).toBe(true);
        // Nothing left to do on the page: it says how to go back.
        await page.getByRole('button', { name: 'Close this page' }).waitFor();
        await page.getByText('You can close this page and go back to where you came from.').waitFor();
        expect(pageErrors).toEqual([]);
      });

      it('3155 pays after the 3-D Secure page, back on the invoice', async (context) => {
        await openInvoice(context);
        await fillInvoiceCard(cards.threeDSecure);
        await page.getByRole('button', { name: 'Pay' }).click();
        await page.getByRole('button', { name: 'Complete authentication' }).click();
        await page.waitForURL(
          /\/sandbox\/stripe\/invoices\/in_\w+\?payment_intent=pi_\w+&.*redirect_status=succeeded/,
        );
        await poll(() => page.locator('#invoice-status').textContent()).toBe('Paid');
      });
    });
  });
}
