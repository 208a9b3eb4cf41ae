// Test models of the billing flows (xstate/graph createTestModel): what a user of the billing page
// sees, as states, and what the user, the page or the server does, as events. Invoke-free (test
// models may not invoke or delay); the real machines are the systems under test, replayed in Vitest
// (src/machines/billing-flows.model.test.ts) and through the browser (e2e/billing-model.spec.ts).
//
// Event prefixes say who can play them:
//   user.*    clicks and typing, played in Vitest and in the browser;
//   page.*    the page doing something by itself (a timer ran out), played in both;
//   server.*  a server failure the real sandbox will not produce on demand: Vitest only.
import { createMachine } from 'xstate';

/** subscribe: the Confirmation step of a plan change, then success (a team with a subscription). */
export const subscribeModel = createMachine({
  id: 'subscribeModel',
  initial: 'confirmation',
  states: {
    confirmation: {
      on: {
        'user.revealsCode': 'codeField',
        'user.starts': 'subscribed',
        'user.closes': 'closed',
        'server.failsPreview': 'previewFailed',
        'server.declinesStart': 'cardDeclined',
        'server.asksForAuthentication': 'paymentPending',
      },
    },
    previewFailed: { on: { 'user.retries': 'confirmation', 'user.closes': 'closed' } },
    codeField: {
      on: {
        'user.appliesValidCode': 'codeApplied',
        'user.appliesUnknownCode': 'codeRefused',
        'user.starts': 'subscribed',
        'user.closes': 'closed',
      },
    },
    codeRefused: { on: { 'user.appliesValidCode': 'codeApplied', 'user.closes': 'closed' } },
    codeApplied: { on: { 'user.starts': 'subscribed', 'user.closes': 'closed' } },
    subscribed: { on: { 'user.closes': 'closed' } },
    cardDeclined: {},
    /** The change waits for 3-D Secure: the dialog closed, the lifecycle opens the challenge. */
    paymentPending: {},
    closed: {},
  },
});

/** freeUpgrade: the Billing Details step with 'Request Free Upgrade', then the result. */
export const freeUpgradeModel = createMachine({
  id: 'freeUpgradeModel',
  initial: 'details',
  states: {
    details: {
      on: {
        'user.submitsInvalidDetails': 'detailsInvalid',
        'user.submitsValidDetails': 'requested',
        'user.closes': 'closed',
        'server.failsRequest': 'failed',
      },
    },
    detailsInvalid: { on: { 'user.submitsValidDetails': 'requested', 'user.closes': 'closed' } },
    requested: { on: { 'user.closes': 'closed' } },
    failed: { on: { 'user.oks': 'closed' } },
    closed: {},
  },
});

/** editCustomer: the Billing Details step alone ('Update Details'). */
export const editCustomerModel = createMachine({
  id: 'editCustomerModel',
  initial: 'details',
  states: {
    details: {
      on: {
        'user.submitsInvalidDetails': 'detailsInvalid',
        'user.submitsValidDetails': 'saved',
        'user.closes': 'closed',
        'server.refusesVatId': 'detailsInvalid',
        'server.failsSave': 'errorFlashed',
      },
    },
    detailsInvalid: { on: { 'user.submitsValidDetails': 'saved', 'user.closes': 'closed' } },
    /** The save failed for another reason: a danger flash, the form still open. */
    errorFlashed: { on: { 'user.submitsValidDetails': 'saved', 'user.closes': 'closed' } },
    saved: {},
    closed: {},
  },
});

/** editCard: the Card step alone ('Update Card'). */
export const editCardModel = createMachine({
  id: 'editCardModel',
  initial: 'card',
  states: {
    card: {
      on: {
        'user.savesGoodCard': 'saved',
        'user.savesDeclinedCard': 'cardDeclined',
        'user.savesIncompleteCard': 'cardIncomplete',
        'user.closes': 'closed',
        'server.failsSetupIntent': 'errorFlashed',
      },
    },
    cardIncomplete: { on: { 'user.savesGoodCard': 'saved', 'user.closes': 'closed' } },
    saved: {},
    /** The dialog closed with a danger flash of the provider's message. */
    cardDeclined: {},
    errorFlashed: {},
    closed: {},
  },
});

/** editCustomerAndCard: Billing Details (Next), then the Card step. */
export const editCustomerAndCardModel = createMachine({
  id: 'editCustomerAndCardModel',
  initial: 'details',
  states: {
    details: {
      on: {
        'user.submitsInvalidDetails': 'detailsInvalid',
        'user.submitsValidDetails': 'card',
        'user.closes': 'closed',
        'server.refreshesSlowly': 'card',
      },
    },
    detailsInvalid: { on: { 'user.submitsValidDetails': 'card', 'user.closes': 'closed' } },
    card: {
      on: {
        'user.savesGoodCard': 'saved',
        'user.savesDeclinedCard': 'cardDeclined',
        'user.closes': 'closed',
      },
    },
    saved: {},
    cardDeclined: {},
    closed: {},
  },
});

/** renew: Billing Details (Next), Card ('Update Billing Info'), then the plan renewed. */
export const renewModel = createMachine({
  id: 'renewModel',
  initial: 'details',
  states: {
    details: {
      on: {
        'user.submitsInvalidDetails': 'detailsInvalid',
        'user.submitsValidDetails': 'card',
        'user.closes': 'closed',
        'server.failsSave': 'failed',
      },
    },
    detailsInvalid: { on: { 'user.submitsValidDetails': 'card', 'user.closes': 'closed' } },
    card: {
      on: {
        'user.savesGoodCard': 'renewed',
        'user.savesDeclinedCard': 'cardDeclined',
        'user.closes': 'closed',
        'server.failsRenew': 'failed',
      },
    },
    /** 'Unknown error. Please try again later' with Ok. */
    failed: { on: { 'user.oks': 'closed' } },
    /** The dialog closed with the flash 'Subscription was renewed'. */
    renewed: {},
    cardDeclined: {},
    closed: {},
  },
});

/** cancel: the Cancel dialog, then the survey popup (auto-closes after 5 s). */
export const cancelModel = createMachine({
  id: 'cancelModel',
  initial: 'confirming',
  states: {
    confirming: { on: { 'user.goesBack': 'kept', 'user.confirmsCancel': 'survey' } },
    survey: {
      on: {
        'user.answersKeep': 'kept',
        'user.answersReason': 'cancelled',
        'page.surveyTimesOut': 'cancelled',
        'server.failsCancel': 'errorFlashed',
      },
    },
    /** No dialog; the subscription as it was. */
    kept: {},
    /** No dialog; the flash 'Subscription was cancelled'. */
    cancelled: {},
    errorFlashed: {},
  },
});

/** The hosted checkout redirect of a team without a subscription. */
export const hostedCheckoutModel = createMachine({
  id: 'hostedCheckoutModel',
  initial: 'redirecting',
  states: {
    redirecting: {
      on: { 'browser.leaves': 'left', 'page.redirectTimesOut': 'failed', 'server.failsCheckout': 'failed' },
    },
    failed: { on: { 'user.retries': 'redirecting', 'user.closes': 'closed' } },
    left: {},
    closed: {},
  },
});

export const BILLING_FLOW_MODELS = {
  subscribe: subscribeModel,
  freeUpgrade: freeUpgradeModel,
  editCustomer: editCustomerModel,
  editCard: editCardModel,
  editCustomerAndCard: editCustomerAndCardModel,
  renew: renewModel,
  cancel: cancelModel,
  hostedCheckout: hostedCheckoutModel,
} as const;
