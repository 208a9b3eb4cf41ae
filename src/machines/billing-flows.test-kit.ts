// Real billing flow actors with a scripted server: each effect answers as the test set it up, the
// flashes and reported errors are recorded. Used by the model-based tests and the machine tests.
import { createActor } from 'xstate';
import { BILLING_UNKNOWN_ERROR_MESSAGE } from '@/domain/billing-errors';
import type { Billing, Card, Customer, Preview } from '@/domain/entities';
import { cancelSurveyMachine } from './cancel-survey.machine';
import type { ConfirmCardSetup } from './card-setup.machine';
import type { CheckoutFlow } from './checkout.machine';
import { provideCheckout } from './checkout.provide';
import { hostedCheckoutMachine } from './hosted-checkout.machine';

export { BILLING_UNKNOWN_ERROR_MESSAGE };

export const VALID_CODE = 'WELCOME10';
export const DECLINED_MESSAGE = 'Your card was declined.';
export const INCOMPLETE_MESSAGE = 'Your card number is incomplete.';

export const validCustomer: Customer = {
  name: 'Acme Inc',
  line1: 'Friedrichstraße 68',
  line2: '',
  city: 'Berlin',
  state: '',
  postalCode: '10117',
  country: 'de',
  vatId: '123 456 789',
};
export const invalidCustomer: Customer = { ...validCustomer, name: '  ', city: '' };

export const apiError = (status: number, code: number | null, message: string, data: unknown = null) =>
  Object.assign(new Error(message), { status, code, message, data });
export const validationError = (field: string, message: string) =>
  apiError(400, 10, 'Validation error', [{ field, message }]);

const previewFor = (coupon: string | null): Preview => ({
  lines: [{ description: 'Pro (annual), 3 seats', amount: 34_500 }],
  subtotal: 34_500,
  discount: coupon ? 3_450 : 0,
  tax: 0,
  taxPercent: 0,
  amountDue: coupon ? 31_050 : 34_500,
  currency: 'USD',
});

const card: Card = { last4: '4242', brand: 'visa', expMonth: 12, expYear: 2030 };

export const goodCard: ConfirmCardSetup = async () => ({ paymentMethodId: 'pm_card_visa' });
export const declinedCard: ConfirmCardSetup = async () => ({
  error: { type: 'card_error', message: DECLINED_MESSAGE },
});
export const incompleteCard: ConfirmCardSetup = async () => ({
  error: { type: 'validation_error', message: INCOMPLETE_MESSAGE },
});

/** One-shot failures the next call of that kind meets; everything else succeeds. */
export interface ScriptedServer {
  failPreview: boolean;
  declineStart: boolean;
  failSave: boolean;
  refuseVatId: boolean;
  failRequest: boolean;
  failSetupIntent: boolean;
  failRenew: boolean;
  slowRefresh: boolean;
  failPlanChange: boolean;
  failCheckout: boolean;
  askAuthentication: boolean;
}

function harnessParts() {
  const server: ScriptedServer = {
    failPreview: false,
    declineStart: false,
    failSave: false,
    refuseVatId: false,
    failRequest: false,
    failSetupIntent: false,
    failRenew: false,
    slowRefresh: false,
    failPlanChange: false,
    failCheckout: false,
    askAuthentication: false,
  };
  const once = (key: keyof ScriptedServer) => {
    const set = server[key];
    server[key] = false;
    return set;
  };
  const calls: { name: string; input?: unknown }[] = [];
  const flashes: { variant: 'success' | 'danger'; message: string }[] = [];
  const reported: unknown[] = [];
  return { server, once, calls, flashes, reported };
}

export function createCheckoutHarness(flow: CheckoutFlow, planId = 'pro_365') {
  const { server, once, calls, flashes, reported } = harnessParts();
  const machine = provideCheckout({
    saveCustomer: async (customer) => {
      calls.push({ name: 'saveCustomer', input: customer });
      if (once('refuseVatId')) throw validationError('vatId', 'is invalid');
      if (once('failSave')) throw apiError(500, null, 'Unknown server error');
      return customer;
    },
    refreshBilling: () => {
      calls.push({ name: 'refreshBilling' });
      return once('slowRefresh') ? new Promise<void>(() => {}) : Promise.resolve();
    },
    requestFreeUpgrade: async (plan) => {
      calls.push({ name: 'requestFreeUpgrade', input: plan });
      if (once('failRequest')) throw apiError(503, 1910, 'Payment provider unavailable');
    },
    renewPlan: async (plan) => {
      calls.push({ name: 'renewPlan', input: plan });
      if (once('failRenew')) throw apiError(500, null, 'Unknown server error');
      return {};
    },
    createSetupIntent: async () => {
      calls.push({ name: 'createSetupIntent' });
      if (once('failSetupIntent')) throw apiError(503, 1910, 'Payment provider unavailable');
      return { clientSecret: 'seti_1_secret_test' };
    },
    saveCard: async (paymentMethodId) => {
      calls.push({ name: 'saveCard', input: paymentMethodId });
      return card;
    },
    previewPlan: async (choice) => {
      calls.push({ name: 'previewPlan', input: choice });
      if (once('failPreview')) throw apiError(500, null, 'Unknown server error');
      if (choice.coupon && choice.coupon !== VALID_CODE) throw validationError('coupon', 'is invalid');
      return previewFor(choice.coupon);
    },
    changePlan: async (choice) => {
      calls.push({ name: 'changePlan', input: choice });
      if (once('declineStart')) throw apiError(402, 1900, DECLINED_MESSAGE, { code: 'card_declined' });
      const pendingPaymentIntentSecret = once('askAuthentication') ? 'pi_3ds_secret_test' : null;
      return { subscription: { pendingPaymentIntentSecret } } as Billing;
    },
    showCardError: (message) => flashes.push({ variant: 'danger', message }),
    showRenewed: () => flashes.push({ variant: 'success', message: 'Subscription was renewed' }),
    reportError: (error) => reported.push(error),
  });
  const start = () => createActor(machine, { input: { flow, planId, customer: null } }).start();
  const harness = {
    actor: start(),
    server,
    calls,
    flashes,
    reported,
    /** Starts the flow over (the server script kept): for failures of the flow's first call. */
    restart() {
      harness.actor.stop();
      calls.length = 0;
      harness.actor = start();
    },
  };
  return harness;
}

export function createCancelHarness(planId = 'premium_365') {
  const { server, once, calls, flashes, reported } = harnessParts();
  const actor = createActor(
    cancelSurveyMachine.provide({
      actors: {
        changePlan: fromPromiseOf(async (input: { planId: string }): Promise<unknown> => {
          calls.push({ name: 'changePlan', input });
          if (once('failPlanChange')) throw apiError(500, null, 'Unknown server error');
          return {};
        }),
      },
      actions: {
        showCancelled: () => flashes.push({ variant: 'success', message: 'Subscription was cancelled' }),
        reportError: (_, error) => reported.push(error),
      },
    }),
    { input: { planId } },
  );
  actor.start();
  return { actor, server, calls, flashes, reported };
}

export function createHostedCheckoutHarness(planId = 'pro_30') {
  const { server, once, calls, reported } = harnessParts();
  const redirects: string[] = [];
  const machine = hostedCheckoutMachine.provide({
    actors: {
      createCheckout: fromPromiseOf(async (input: { planId: string }): Promise<{ url: string }> => {
        calls.push({ name: 'createCheckout', input });
        if (once('failCheckout')) throw apiError(503, 1910, 'Payment provider unavailable');
        return { url: `https://checkout.test/${input.planId}` };
      }),
      redirect: fromCallback(({ input }: { input: { url: string } }) => {
        redirects.push(input.url);
      }),
    },
  });
  const start = () => createActor(machine, { input: { planId } }).start();
  const harness = {
    actor: start(),
    server,
    calls,
    reported,
    redirects,
    /** Starts the flow over (the server script kept): for failures of the flow's first call. */
    restart() {
      harness.actor.stop();
      calls.length = 0;
      harness.actor = start();
    },
  };
  return harness;
}

import { fromCallback, fromPromise } from 'xstate';

function fromPromiseOf<TOutput, TInput>(run: (input: TInput) => Promise<TOutput>) {
  return fromPromise<TOutput, TInput>(({ input }) => run(input));
}
