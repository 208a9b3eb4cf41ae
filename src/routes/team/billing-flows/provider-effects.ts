// The provider's calls the billing flows' statecharts take (checkout.provide.ts, the cancel survey):
// the same machines run for Stripe and for Paddle, with these injected.
import type { ApiClient } from '@/api/client';
import * as stripe from '@/api/team-billing';
import * as paddle from '@/api/team-billing-paddle';
import type { PaymentProvider } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';
import type { CheckoutEffects } from '@/machines/checkout.provide';

export type ProviderCalls = Pick<
  CheckoutEffects,
  | 'saveCustomer'
  | 'requestFreeUpgrade'
  | 'renewPlan'
  | 'createSetupIntent'
  | 'saveCard'
  | 'previewPlan'
  | 'changePlan'
> & {
  /** The cancel survey's plan change: the subscription ends at the period's end. */
  cancelPlan(basicPlanId: string): Promise<unknown>;
};

export function stripeCalls(api: ApiClient, ref: TeamUserRef): ProviderCalls {
  return {
    saveCustomer: (customer) => stripe.updateCustomer(api, ref, customer),
    requestFreeUpgrade: (planId) => stripe.requestFreeUpgrade(api, ref, planId),
    renewPlan: (planId) => stripe.changePlan(api, ref, { planId }),
    createSetupIntent: () => stripe.createSetupIntent(api, ref),
    saveCard: (paymentMethodId) => stripe.updateCard(api, ref, paymentMethodId),
    previewPlan: (choice) => stripe.previewPlan(api, ref, choice),
    changePlan: (choice) => stripe.changePlan(api, ref, choice),
    cancelPlan: (basicPlanId) => stripe.changePlan(api, ref, { planId: basicPlanId }),
  };
}

// Paddle keeps the billing details and takes the card in its own checkout (paddle-checkout.machine),
// and its discounts are entered there: no coupon goes with a plan change.
const notWithPaddle = (what: string) => () => Promise.reject(new Error(`${what} is not used with Paddle`));

/** Paddle's Basic plan id: a change to it cancels at the next billing period. */
export const PADDLE_BASIC_PLAN_ID = 'basic';

export function paddleCalls(api: ApiClient, ref: TeamUserRef): ProviderCalls {
  return {
    saveCustomer: notWithPaddle('Billing details'),
    requestFreeUpgrade: (planId) => stripe.requestFreeUpgrade(api, ref, planId),
    renewPlan: (planId) => paddle.changePaddlePlan(api, ref, planId),
    createSetupIntent: notWithPaddle('A SetupIntent'),
    saveCard: notWithPaddle('A card form'),
    previewPlan: ({ planId }) => paddle.previewPaddlePlan(api, ref, planId),
    changePlan: ({ planId }) => paddle.changePaddlePlan(api, ref, planId),
    cancelPlan: () => paddle.changePaddlePlan(api, ref, PADDLE_BASIC_PLAN_ID),
  };
}

export const providerCalls = (provider: PaymentProvider, api: ApiClient, ref: TeamUserRef) =>
  provider === 'paddle' ? paddleCalls(api, ref) : stripeCalls(api, ref);
