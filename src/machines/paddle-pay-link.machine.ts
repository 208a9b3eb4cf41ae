// The console's default payment link page (/paddle-pay?_ptxn=txn_…): Paddle sends buyers here to pay
// a transaction (a past-due invoice's Pay link, a card update, its mails). A link that names no
// transaction is refused before any call. Otherwise Paddle's public settings are read, Paddle.js is
// loaded, and it opens the checkout for the transaction by itself; the page then follows it: paid,
// or closed unpaid (open it again). A read that fails offers Retry; Paddle not configured is said.
//
// Effects are injected with `provide`: the settings call and Paddle.js.
import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate';
import type { PublicPaddleJsSettings } from '@/api/paddle-js-settings';
import { isPaddleTransactionId } from '@/domain/paddle-transaction-id';

export interface PaddlePayLinkInput {
  /** The `_ptxn` of the page's address, as given ('' when absent). */
  transactionId: string;
}

export interface PaddlePayLinkContext {
  transactionId: string;
  settings: PublicPaddleJsSettings | null;
}

export type PaddlePayLinkEvent =
  | { type: 'payLink.retry' }
  | { type: 'payLink.reopen' }
  // From Paddle.js, through the paddlePaymentLink actor.
  | { type: 'paddle.completed' }
  | { type: 'paddle.closed' }
  | { type: 'paddle.failed' };

/** What the paddlePaymentLink actor is sent by the machine. */
export type PaddlePayLinkCommand = { type: 'payLink.reopen' };

export interface PaddlePaymentLinkInput {
  settings: PublicPaddleJsSettings;
  transactionId: string;
}

export const paddlePayLinkMachine = setup({
  types: {
    context: {} as PaddlePayLinkContext,
    events: {} as PaddlePayLinkEvent,
    input: {} as PaddlePayLinkInput,
  },
  actors: {
    /** GET /api/v1/billing-paddle/paddle-js (no auth): null while Paddle is not configured. */
    getSettings: fromPromise<PublicPaddleJsSettings | null, void>(async () => {
      throw new Error('getSettings is not provided');
    }),
    /**
     * Loads Paddle.js, which opens the checkout for the page's `_ptxn`; reports its events, opens it
     * again on `payLink.reopen`, and closes it when stopped.
     */
    paddlePaymentLink: fromCallback<PaddlePayLinkCommand, PaddlePaymentLinkInput>(() => {
      throw new Error('paddlePaymentLink is not provided');
    }),
  },
  actions: {
    storeSettings: assign((_, settings: PublicPaddleJsSettings) => ({ settings })),
    reopenCheckout: sendTo('paddlePaymentLink', { type: 'payLink.reopen' } as PaddlePayLinkCommand),
  },
  guards: {
    namesTransaction: ({ context }) => isPaddleTransactionId(context.transactionId),
    isConfigured: (_, settings: PublicPaddleJsSettings | null) => settings !== null,
  },
}).createMachine({
  id: 'paddlePayLink',
  context: ({ input }) => ({ transactionId: input.transactionId, settings: null }),
  initial: 'checkingLink',
  states: {
    checkingLink: {
      always: [{ guard: 'namesTransaction', target: 'loading' }, { target: 'invalid' }],
    },
    loading: {
      tags: 'loading',
      invoke: {
        src: 'getSettings',
        onDone: [
          {
            guard: { type: 'isConfigured', params: ({ event }) => event.output },
            target: 'checkout',
            actions: {
              type: 'storeSettings',
              params: ({ event }) => event.output as PublicPaddleJsSettings,
            },
          },
          { target: 'unavailable' },
        ],
        onError: { target: 'failed' },
      },
    },
    checkout: {
      invoke: {
        id: 'paddlePaymentLink',
        src: 'paddlePaymentLink',
        input: ({ context }) => ({
          settings: context.settings as PublicPaddleJsSettings,
          transactionId: context.transactionId,
        }),
      },
      on: { 'paddle.failed': { target: 'failed' } },
      initial: 'opening',
      states: {
        opening: {
          tags: 'loading',
          on: { 'paddle.completed': { target: 'paid' }, 'paddle.closed': { target: 'closed' } },
        },
        closed: {
          on: { 'payLink.reopen': { target: 'opening', actions: 'reopenCheckout' } },
        },
        // Stays in the checkout: its own 'Payment successful' view is still open over the page.
        paid: {},
      },
    },
    failed: {
      on: { 'payLink.retry': { target: 'loading' } },
    },
    invalid: { type: 'final' },
    unavailable: { type: 'final' },
  },
});
