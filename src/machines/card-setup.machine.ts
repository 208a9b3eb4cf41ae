// The card step of the checkout flows (spec section 2 'Card form'): a setup intent from the server
// (POST v2 setup-intent), the card confirmed with the card provider's library against it
// (confirmCardSetup; 3-D Secure shows when the card asks), then the payment method saved (PUT card).
// A card the provider refuses ends the step with a danger flash of its message (spec section 8); a
// card not complete as typed stays in the form with the message under the input.
//
// Invoked by the checkout machine; ends with its outcome as output.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { paymentFailureMessage } from '@/domain/billing-errors';
import type { Card } from '@/domain/entities';
import { errorOf } from './actor-error';

/** What the card provider answered to confirmCardSetup: the saved payment method, or its error. */
export type CardSetupResult = { paymentMethodId: string } | { error: { type: string; message: string } };
/** Confirms the card typed in the card form against a setup intent (built by the card form). */
export type ConfirmCardSetup = (clientSecret: string) => Promise<CardSetupResult>;

export type CardSetupOutput =
  | { outcome: 'saved'; card: Card }
  /** Closed by the user, or the card refused (its message already flashed). */
  | { outcome: 'closed' }
  /** A call failed for another reason than the card. */
  | { outcome: 'failed'; error: unknown };

export interface CardSetupContext {
  confirmCardSetup: ConfirmCardSetup | null;
  clientSecret: string | null;
  paymentMethodId: string | null;
  card: Card | null;
  /** Under the card input: what is missing from the card as typed. */
  cardError: string | null;
  error: unknown;
  outcome: CardSetupOutput['outcome'] | null;
}

export type CardSetupEvent =
  | { type: 'card.submit'; confirmCardSetup: ConfirmCardSetup }
  | { type: 'checkout.close' };

const cardFailure = (output: CardSetupResult) => ('error' in output ? output.error : null);

export const cardSetupMachine = setup({
  types: {
    context: {} as CardSetupContext,
    events: {} as CardSetupEvent,
    output: {} as CardSetupOutput,
  },
  actors: {
    createSetupIntent: fromPromise<{ clientSecret: string }, void>(async () => {
      throw new Error('createSetupIntent is not provided');
    }),
    confirmCardSetup: fromPromise<
      CardSetupResult,
      { confirm: ConfirmCardSetup | null; clientSecret: string }
    >(async ({ input }) => {
      if (!input.confirm) throw new Error('card.submit carried no card');
      return input.confirm(input.clientSecret);
    }),
    saveCard: fromPromise<Card, { paymentMethodId: string }>(async () => {
      throw new Error('saveCard is not provided');
    }),
  },
  actions: {
    storeConfirmer: assign(({ event }) => {
      assertEvent(event, 'card.submit');
      return { confirmCardSetup: event.confirmCardSetup, cardError: null };
    }),
    storeClientSecret: assign((_, clientSecret: string) => ({ clientSecret })),
    storeSetupResult: assign((_, result: CardSetupResult) =>
      'error' in result ? { cardError: result.error.message } : { paymentMethodId: result.paymentMethodId },
    ),
    storeCard: assign((_, card: Card) => ({ card })),
    storeError: assign(({ event }) => ({ error: errorOf(event) })),
    // Injected by the app: a danger flash with the card provider's message.
    showCardError: (_, _message: string) => {},
  },
  guards: {
    cardNotComplete: ({ event }) =>
      'output' in event && cardFailure(event.output as CardSetupResult)?.type === 'validation_error',
    cardRefused: ({ event }) => 'output' in event && cardFailure(event.output as CardSetupResult) !== null,
    isPaymentFailure: ({ event }) => paymentFailureMessage(errorOf(event)) !== null,
  },
}).createMachine({
  id: 'cardSetup',
  context: {
    confirmCardSetup: null,
    clientSecret: null,
    paymentMethodId: null,
    card: null,
    cardError: null,
    error: null,
    outcome: null,
  },
  initial: 'editing',
  states: {
    editing: {
      tags: 'editable',
      on: {
        'card.submit': { target: 'creatingIntent', actions: 'storeConfirmer' },
        'checkout.close': 'closed',
      },
    },
    creatingIntent: {
      tags: 'busy',
      invoke: {
        id: 'createSetupIntent',
        src: 'createSetupIntent',
        onDone: {
          target: 'confirming',
          actions: { type: 'storeClientSecret', params: ({ event }) => event.output.clientSecret },
        },
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    confirming: {
      tags: 'busy',
      invoke: {
        id: 'confirmCardSetup',
        src: 'confirmCardSetup',
        input: ({ context }) => ({
          confirm: context.confirmCardSetup,
          clientSecret: context.clientSecret ?? '',
        }),
        onDone: [
          {
            guard: 'cardNotComplete',
            target: 'editing',
            actions: { type: 'storeSetupResult', params: ({ event }) => event.output },
          },
          {
            guard: 'cardRefused',
            target: 'closed',
            actions: {
              type: 'showCardError',
              params: ({ event }) => cardFailure(event.output)?.message ?? '',
            },
          },
          { target: 'saving', actions: { type: 'storeSetupResult', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: 'storeError' },
      },
    },
    saving: {
      tags: 'busy',
      invoke: {
        id: 'saveCard',
        src: 'saveCard',
        input: ({ context }) => ({ paymentMethodId: context.paymentMethodId ?? '' }),
        onDone: { target: 'saved', actions: { type: 'storeCard', params: ({ event }) => event.output } },
        onError: [
          {
            guard: 'isPaymentFailure',
            target: 'closed',
            actions: {
              type: 'showCardError',
              params: ({ event }: { event: object }) => paymentFailureMessage(errorOf(event)) ?? '',
            },
          },
          { target: 'failed', actions: 'storeError' },
        ],
      },
    },
    saved: { type: 'final', entry: assign({ outcome: 'saved' as const }) },
    closed: { type: 'final', entry: assign({ outcome: 'closed' as const }) },
    failed: { type: 'final', entry: assign({ outcome: 'failed' as const }) },
  },
  output: ({ context }): CardSetupOutput => {
    if (context.outcome === 'saved' && context.card) return { outcome: 'saved', card: context.card };
    if (context.outcome === 'failed') return { outcome: 'failed', error: context.error };
    return { outcome: 'closed' };
  },
});
