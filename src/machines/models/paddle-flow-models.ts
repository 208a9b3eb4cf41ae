// Test models of the billing flows on Paddle (xstate/graph createTestModel), with the same event
// prefixes as billing-flow-models.ts: user.* and page.* play in Vitest and in the browser, server.*
// in Vitest only. Replayed on the real machines with Paddle's effects in
// src/machines/paddle-flows.model.test.ts, and through the browser in e2e/paddle-model.spec.ts.
import { createMachine } from 'xstate';
import { cancelModel } from './billing-flow-models';

/**
 * upgrade: a team without a subscription pays in Paddle's overlay; once the webhook has put the team
 * on the plan the page says so. A declined card or a failed 3-D Secure stays in the overlay.
 */
export const paddleUpgradeModel = createMachine({
  id: 'paddleUpgradeModel',
  initial: 'overlay',
  states: {
    /** Paddle's overlay on top of the page, asking for the card. */
    overlay: {
      on: {
        'user.paysGoodCard': 'subscribed',
        'user.paysDeclinedCard': 'declined',
        'user.paysCardAskingFor3ds': 'authenticating',
        'user.closesOverlay': 'closed',
        'server.failsCheckout': 'failed',
        'server.neverLandsWebhook': 'failed',
      },
    },
    /** The overlay says the card was declined; the page is as it was. */
    declined: { on: { 'user.paysGoodCard': 'subscribed', 'user.closesOverlay': 'closed' } },
    /** The overlay's 3-D Secure page. */
    authenticating: { on: { 'user.approves3ds': 'subscribed', 'user.fails3ds': 'declined' } },
    /** An error with Retry. */
    failed: { on: { 'user.retries': 'overlay', 'user.closes': 'closed' } },
    /** 'Your team is now on ...', the team on the plan. */
    subscribed: { on: { 'user.oks': 'done' } },
    done: {},
    /** Back on the page, unchanged. */
    closed: {},
  },
});

/** renew: the scheduled cancel removed at once, Paddle keeping the card. */
export const paddleRenewModel = createMachine({
  id: 'paddleRenewModel',
  initial: 'renewing',
  states: {
    renewing: { on: { 'page.renews': 'renewed', 'server.failsRenew': 'failed' } },
    /** 'Unknown error. Please try again later' with Ok. */
    failed: { on: { 'user.oks': 'closed' } },
    /** The flash 'Subscription was renewed'. */
    renewed: {},
    closed: {},
  },
});

export const PADDLE_FLOW_MODELS = {
  paddleUpgrade: paddleUpgradeModel,
  /** cancel: the same dialog and survey as on Stripe. */
  paddleCancel: cancelModel,
  paddleRenew: paddleRenewModel,
} as const;
