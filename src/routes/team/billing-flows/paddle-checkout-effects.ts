// The Paddle checkout's effects (paddle-checkout.provide.ts) on the product's API and on Paddle.js.
import type { ApiClient } from '@/api/client';
import {
  createPaddleCardTransaction,
  createPaddleCheckout,
  getPaddleSubscription,
} from '@/api/team-billing-paddle';
import type { TeamUserRef } from '@/domain/team-user-ref';
import type { PaddleCheckoutOrder } from '@/machines/paddle-checkout.machine';
import type { PaddleCheckoutEffects } from '@/machines/paddle-checkout.provide';
import type { PaddleJsSettings } from '@/routes/payments/paddle';

/** Opens Paddle's overlay (routes/payments/paddle.ts, loaded on first use); the tests give a stand-in. */
export type OpenOverlay = PaddleCheckoutEffects['openCheckout'];

const paddleJsOverlay =
  (settings: PaddleJsSettings): OpenOverlay =>
  async (order, onOutcome) => {
    const { openPaddleCheckout } = await import('@/routes/payments/paddle');
    return openPaddleCheckout(settings, order, onOutcome);
  };

export function paddleCheckoutEffects(
  api: ApiClient,
  ref: TeamUserRef,
  settings: PaddleJsSettings,
  refreshBilling: () => Promise<void>,
  openOverlay: OpenOverlay = paddleJsOverlay(settings),
): PaddleCheckoutEffects {
  return {
    prepareCheckout: (planId): Promise<PaddleCheckoutOrder> =>
      planId === null ? createPaddleCardTransaction(api, ref) : createPaddleCheckout(api, ref, planId),
    openCheckout: openOverlay,
    readPlanId: async (signal) => (await getPaddleSubscription(api, ref, signal))?.planId ?? null,
    refreshBilling,
  };
}
