// Test model of the personal purchase path (spec section 2 'Personal pages'): a free person on
// /pb/products picks a price, goes through the provider's hosted checkout and lands on /pb/result.
// States are what the person sees; events what the person, the page or the browser does (prefixes as
// in billing-flow-models.ts; browser.* is the browser leaving for the hosted page). Invoke-free. The
// console's part (the Checkout dialog: hosted-checkout.machine.ts with the personal 30 s redirect
// wait) is replayed in Vitest (src/machines/personal-purchase.model.test.ts); the whole path through
// the browser, the real server and the Stripe sandbox in e2e/personal-model.spec.ts.
//
// The Checkout dialog is the same for every price, so the model goes through it with the price
// without a coupon; the coupon price goes straight on to its hosted page.
import { createMachine } from 'xstate';

/** What the hosted checkout page offers wherever the card form is shown. */
const onTheCardForm = {
  'user.paysGoodCard': 'paid',
  'user.paysDeclinedCard': 'declined',
  'user.goesBack': 'cancelled',
} as const;

export const personalPurchaseModel = createMachine({
  id: 'personalPurchaseModel',
  initial: 'products',
  states: {
    /** /pb/products with a Checkout button per price; the person is free. */
    products: {
      on: {
        'user.choosesPrice': 'redirecting',
        'user.choosesCouponPrice': 'couponCheckout',
      },
    },
    /** The Checkout dialog: 'Redirecting to checkout...' while the browser is on its way. */
    redirecting: {
      on: { 'browser.leaves': 'checkout', 'page.redirectTimesOut': 'failed' },
    },
    /** Still on the page after the 30 s wait: the dialog's error with Close and Retry. */
    failed: { on: { 'user.retries': 'redirecting', 'user.closes': 'products' } },
    /** The hosted checkout of the monthly price: its total, the card form and Back. */
    checkout: {
      on: { ...onTheCardForm, 'user.paysCardAskingFor3ds': 'authenticating' },
    },
    /** The hosted checkout of the yearly price with its coupon: the discount in the summary. */
    couponCheckout: {
      on: { 'user.paysGoodCard': 'paid', 'user.goesBack': 'cancelled' },
    },
    /** The hosted checkout again, saying the card was declined. */
    declined: { on: { 'user.paysGoodCard': 'paid', 'user.goesBack': 'cancelled' } },
    /** The 3-D Secure challenge. */
    authenticating: { on: { 'user.approves3ds': 'paid', 'user.fails3ds': 'authenticationFailed' } },
    /** The hosted checkout again, saying the payment method could not be authenticated. */
    authenticationFailed: { on: { 'user.paysGoodCard': 'paid' } },
    /** /pb/result: 'Checkout completed successfully. Thanks for your purchase.'; premium. */
    paid: { on: { 'user.backToProfile': 'premiumProfile' } },
    /** /pb/result: 'Failed to complete the checkout.'; still free. */
    cancelled: { on: { 'user.backToProfile': 'freeProfile' } },
    /** The profile: Premium, bought on the web, for the price's period. */
    premiumProfile: { on: { 'user.opensProducts': 'premiumProducts' } },
    /** /pb/products says what the person has and offers no Checkout. */
    premiumProducts: {},
    /** The profile: Free, with Start trial. */
    freeProfile: { on: { 'user.opensProducts': 'products' } },
  },
});
