// Cancelling the team's subscription (spec sections 2, 4, 8, 9): the Cancel dialog says the premium
// features last until the paid period ends (Back, Cancel Subscription); then a short survey popup
// (size 75) that closes by itself after 5 s. The answer that keeps the subscription skips the cancel;
// any other answer, or none, switches the plan to the team's basic plan at the period's end (PUT v2
// plan with basic_30 or basic_365, matching the interval) with the flash 'Subscription was cancelled'.
//
// Effects are injected with `provide`: the plan change, the flash, the error handler.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import { basicPlanIdFor } from '@/domain/subscription-phase';
import { errorOf } from './actor-error';

/** The survey's answers; KEEP_SUBSCRIPTION_ANSWER skips the cancel. */
export const SURVEY_ANSWERS = [
  'Too expensive',
  'Missing features I need',
  'Switching to another product',
  'Team no longer needs it',
  'I changed my mind, keep my subscription',
] as const;
export type SurveyAnswer = (typeof SURVEY_ANSWERS)[number];
export const KEEP_SUBSCRIPTION_ANSWER: SurveyAnswer = 'I changed my mind, keep my subscription';

/** The survey popup closes by itself after this long (spec section 4). */
export const SURVEY_AUTO_CLOSE_MS = 5_000;
/** The survey popup's size (spec section 9). */
export const SURVEY_POPUP_SIZE = 75;

export interface CancelSurveyInput {
  /** The subscription's current plan: its interval picks the basic plan. */
  planId: string;
}

export interface CancelSurveyContext {
  planId: string;
  answer: SurveyAnswer | null;
}

export type CancelSurveyEvent =
  | { type: 'cancel.confirm' }
  | { type: 'cancel.back' }
  | { type: 'survey.answer'; answer: SurveyAnswer }
  | { type: 'survey.dismiss' };

export const cancelSurveyMachine = setup({
  types: {
    context: {} as CancelSurveyContext,
    events: {} as CancelSurveyEvent,
    input: {} as CancelSurveyInput,
  },
  actors: {
    /** PUT v2 plan with the basic plan id: the subscription ends at the period's end. */
    changePlan: fromPromise<unknown, { planId: string }>(async () => {
      throw new Error('changePlan is not provided');
    }),
  },
  actions: {
    storeAnswer: assign(({ event }) => {
      assertEvent(event, 'survey.answer');
      return { answer: event.answer };
    }),
    // Injected by the app.
    /** The flash 'Subscription was cancelled'. */
    showCancelled: () => {},
    reportError: (_, _error: unknown) => {},
  },
  guards: {
    keepsSubscription: ({ event }) =>
      event.type === 'survey.answer' && event.answer === KEEP_SUBSCRIPTION_ANSWER,
  },
  delays: { surveyAutoClose: SURVEY_AUTO_CLOSE_MS },
}).createMachine({
  id: 'cancelSurvey',
  context: ({ input }) => ({ planId: input.planId, answer: null }),
  initial: 'confirming',
  states: {
    confirming: {
      on: { 'cancel.back': 'kept', 'cancel.confirm': 'survey' },
    },
    survey: {
      after: { surveyAutoClose: 'cancelling' },
      on: {
        'survey.answer': [
          { guard: 'keepsSubscription', target: 'kept', actions: 'storeAnswer' },
          { target: 'cancelling', actions: 'storeAnswer' },
        ],
        'survey.dismiss': 'cancelling',
      },
    },
    cancelling: {
      tags: 'busy',
      invoke: {
        id: 'changePlan',
        src: 'changePlan',
        input: ({ context }) => ({ planId: basicPlanIdFor(context.planId) }),
        onDone: { target: 'cancelled', actions: 'showCancelled' },
        onError: {
          target: 'failed',
          actions: { type: 'reportError', params: ({ event }: { event: object }) => errorOf(event) },
        },
      },
    },
    kept: { type: 'final' },
    cancelled: { type: 'final' },
    failed: { type: 'final' },
  },
});
