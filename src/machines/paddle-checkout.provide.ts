// The Paddle checkout with its effects: the app (paddle-checkout-dialog.tsx) and the tests provide the
// same set, so both run the real machine.
import { fromCallback, fromPromise } from 'xstate';
import {
  type PaddleCheckoutEvent,
  type PaddleCheckoutOrder,
  paddleCheckoutMachine,
} from './paddle-checkout.machine';

/** How often the subscription is read again while waiting for the webhook. */
export const PLAN_POLL_MS = 1_000;

export interface PaddleCheckoutEffects {
  /** POST billing-paddle/checkout for a plan, POST billing-paddle/card for none. */
  prepareCheckout(planId: string | null, signal: AbortSignal): Promise<PaddleCheckoutOrder>;
  /** Opens Paddle.js's overlay; resolves to what closes it. */
  openCheckout(
    order: PaddleCheckoutOrder,
    onOutcome: (outcome: 'completed' | 'closed') => void,
  ): Promise<() => void>;
  /** The plan of the team's Paddle subscription now (GET billing-paddle/subscription), or null. */
  readPlanId(signal: AbortSignal): Promise<string | null>;
  /** Reads billing again (the page shows it). */
  refreshBilling(): Promise<void>;
}

const pause = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

/** Reads the plan until it is `planId`; the machine's planWaitCap ends the wait. */
async function waitForPlan(effects: PaddleCheckoutEffects, planId: string, signal: AbortSignal) {
  while ((await effects.readPlanId(signal)) !== planId) await pause(PLAN_POLL_MS, signal);
  await effects.refreshBilling();
}

export function providePaddleCheckout(effects: PaddleCheckoutEffects) {
  return paddleCheckoutMachine.provide({
    actors: {
      prepareCheckout: fromPromise(({ input, signal }) => effects.prepareCheckout(input.planId, signal)),
      paddleCheckout: fromCallback<PaddleCheckoutEvent, { order: PaddleCheckoutOrder }>(
        ({ input, sendBack }) => {
          let stopped = false;
          let close: (() => void) | null = null;
          effects
            .openCheckout(input.order, (outcome) => {
              if (!stopped)
                sendBack({ type: outcome === 'completed' ? 'paddle.completed' : 'paddle.closed' });
            })
            .then(
              (closeOverlay) => {
                if (stopped) closeOverlay();
                else close = closeOverlay;
              },
              (error: unknown) => {
                if (!stopped) sendBack({ type: 'paddle.failed', error });
              },
            );
          // Leaving the open state (completed, or the flow stopped) takes the overlay away.
          return () => {
            stopped = true;
            close?.();
          };
        },
      ),
      awaitPlan: fromPromise(({ input, signal }) => waitForPlan(effects, input.planId, signal)),
      refreshBilling: fromPromise(() => effects.refreshBilling()),
    },
  });
}
