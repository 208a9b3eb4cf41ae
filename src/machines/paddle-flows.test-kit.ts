// The billing flows on Paddle with a scripted billing-paddle API at the HTTP boundary (fake fetch
// behind the console's real API client) and a stand-in for Paddle's overlay: the real machines run
// with the real Paddle effects (provider-effects.ts, paddle-checkout-effects.ts).
import { createActor, fromPromise } from 'xstate';
import { createApiClient } from '@/api/client';
import { fakeFetch, jsonResponse } from '@/api/testing/fake-fetch';
import { paddleCheckoutEffects } from '@/routes/team/billing-flows/paddle-checkout-effects';
import { paddleCalls } from '@/routes/team/billing-flows/provider-effects';
import { cancelSurveyMachine } from './cancel-survey.machine';
import { provideCheckout } from './checkout.provide';
import type { PaddleCheckoutOrder } from './paddle-checkout.machine';
import { providePaddleCheckout } from './paddle-checkout.provide';

export const REF = { teamId: 5, userId: 11 };
const BASE = '/api/v1/collab/5-11/billing-paddle';
export const CHECKOUT_ORDER = {
  priceId: 'pri_plus_30',
  quantity: 3,
  customer: { email: 'bella@bakery.test' },
  customData: { teamId: 5, checkoutToken: 'hmac' },
};

/** One-shot failures the next call of that kind meets, and when the webhook lands. */
export interface PaddleServer {
  failCheckout: boolean;
  failPlanChange: boolean;
  /** The subscription's plan as GET subscription reads it; null: none yet. */
  planId: string | null;
  /** The plan the webhook puts the team on, after this many more reads; null: it never lands. */
  landing: { planId: string; afterReads: number } | null;
}

const refusal = (status: number, errorCode: number, errorMessage: string) =>
  jsonResponse(status, { errorCode, errorMessage, errorData: null });

function paddleApi(server: PaddleServer) {
  const { fetch, requests } = fakeFetch((_call, request) => {
    const path = `${request.method} ${new URL(request.url).pathname.replace(BASE, '')}`;
    if (path === 'POST /checkout') {
      if (server.failCheckout) {
        server.failCheckout = false;
        return refusal(409, 1920, 'The team already has a subscription');
      }
      return jsonResponse(200, CHECKOUT_ORDER);
    }
    if (path === 'POST /card') return jsonResponse(200, { transactionId: 'txn_card_1' });
    if (path === 'GET /subscription') {
      const landing = server.landing;
      if (landing && landing.afterReads-- <= 0) server.planId = landing.planId;
      return jsonResponse(200, server.planId ? { planId: server.planId, card: null } : null);
    }
    if (path === 'PUT /plan') {
      if (server.failPlanChange) {
        server.failPlanChange = false;
        return refusal(402, 1900, 'Your card was declined.');
      }
      return jsonResponse(200, { customer: null, card: null, subscription: null, usage: { usersCnt: 3 } });
    }
    if (path === 'POST /preview')
      return jsonResponse(200, {
        lines: [],
        subtotal: 0,
        discount: 0,
        tax: 0,
        taxPercent: 0,
        amountDue: 0,
        currency: 'USD',
      });
    return refusal(404, 2200, 'Item not found');
  });
  const api = createApiClient({ prefixUrl: 'http://console.test', fetch });
  const sent = () =>
    requests.map((request) => ({
      call: `${request.method} ${new URL(request.url).pathname}`,
      body: request.bodyText ? request.json() : undefined,
    }));
  return { api, sent };
}

function newServer(): PaddleServer {
  return { failCheckout: false, failPlanChange: false, planId: null, landing: null };
}

/** Paddle's overlay as the flow sees it: opened with an order, then completed or closed by the user. */
export function overlayStandIn() {
  const overlay = {
    opened: [] as PaddleCheckoutOrder[],
    open: false,
    failLoading: false,
    outcome: null as ((outcome: 'completed' | 'closed') => void) | null,
    openCheckout: async (
      order: PaddleCheckoutOrder,
      onOutcome: (outcome: 'completed' | 'closed') => void,
    ) => {
      if (overlay.failLoading) throw new Error('Paddle.js could not be loaded');
      overlay.opened.push(order);
      overlay.open = true;
      overlay.outcome = onOutcome;
      return () => {
        overlay.open = false;
      };
    },
    /** The user in the overlay: a payment Paddle took, or the overlay closed. */
    finish(outcome: 'completed' | 'closed') {
      if (outcome === 'closed') overlay.open = false;
      overlay.outcome?.(outcome);
    },
  };
  return overlay;
}

export function createPaddleCheckoutHarness(planId: string | null = 'plus_30') {
  const server = newServer();
  const { api, sent } = paddleApi(server);
  const overlay = overlayStandIn();
  const refreshes: number[] = [];
  const settings = { environment: 'sandbox' as const, clientToken: 'test_1', scriptUrl: null };
  const machine = providePaddleCheckout(
    paddleCheckoutEffects(
      api,
      REF,
      settings,
      async () => {
        refreshes.push(Date.now());
      },
      overlay.openCheckout,
    ),
  );
  const start = () => createActor(machine, { input: { planId } }).start();
  const harness = {
    actor: start(),
    server,
    overlay,
    refreshes,
    sent,
    /** Starts the flow over (the server script kept): for failures of the flow's first call. */
    restart() {
      harness.actor.stop();
      harness.actor = start();
    },
  };
  return harness;
}

/** The checkout flows (renew with the card on file) with Paddle's calls. */
export function createPaddleRenewHarness(planId = 'plus_30') {
  const server = newServer();
  const { api, sent } = paddleApi(server);
  const flashes: string[] = [];
  const reported: unknown[] = [];
  const machine = provideCheckout({
    ...paddleCalls(api, REF),
    refreshBilling: async () => {},
    showCardError: (message) => flashes.push(message),
    showRenewed: () => flashes.push('Subscription was renewed'),
    reportError: (error) => reported.push(error),
  });
  const start = () =>
    createActor(machine, { input: { flow: 'renewWithCardOnFile', planId, customer: null } }).start();
  const harness = {
    actor: start(),
    server,
    sent,
    flashes,
    reported,
    /** Starts the flow over (the server script kept): its first call ran as it started. */
    restart() {
      harness.actor.stop();
      flashes.length = 0;
      harness.actor = start();
    },
  };
  return harness;
}

/** The cancel survey with Paddle's plan change. */
export function createPaddleCancelHarness(planId = 'plus_30') {
  const server = newServer();
  const { api, sent } = paddleApi(server);
  const flashes: string[] = [];
  const reported: unknown[] = [];
  const calls = paddleCalls(api, REF);
  const actor = createActor(
    cancelSurveyMachine.provide({
      actors: { changePlan: fromPromise(({ input }) => calls.cancelPlan(input.planId)) },
      actions: {
        showCancelled: () => flashes.push('Subscription was cancelled'),
        reportError: (_, error) => reported.push(error),
      },
    }),
    { input: { planId } },
  ).start();
  return { actor, server, sent, flashes, reported };
}
