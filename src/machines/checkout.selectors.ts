// What the checkout dialog shows, read from the checkout actor and its step child.
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { FieldError } from '@/domain/error-codes';
import type { cardSetupMachine } from './card-setup.machine';
import { CHECKOUT_STEPS, type CheckoutStep, type checkoutMachine } from './checkout.machine';
import type { planConfirmationMachine } from './plan-confirmation.machine';

type CheckoutSnapshot = SnapshotFrom<typeof checkoutMachine>;
type CardSnapshot = SnapshotFrom<typeof cardSetupMachine>;
type ConfirmationSnapshot = SnapshotFrom<typeof planConfirmationMachine>;

/** What the dialog shows now: a step, an outcome, or nothing (closed). */
export type CheckoutView =
  | CheckoutStep
  | 'betweenSteps'
  | 'requestingFreeUpgrade'
  | 'renewing'
  | 'subscribed'
  | 'requested'
  | 'failed'
  | 'closed';

export const selectCheckoutView = (snapshot: CheckoutSnapshot): CheckoutView => {
  if (snapshot.status === 'done') return 'closed';
  for (const view of [
    'details',
    'card',
    'confirmation',
    'betweenSteps',
    'requestingFreeUpgrade',
    'renewing',
    'subscribed',
    'requested',
    'failed',
  ] as const) {
    if (snapshot.matches(view)) return view;
  }
  return 'closed';
};

/** 'n of m' over the countable steps; null outside a step. */
export const selectStepLabel = (snapshot: CheckoutSnapshot): string | null => {
  const steps = CHECKOUT_STEPS[snapshot.context.flow];
  const index = steps.findIndex((step) => snapshot.matches(step));
  return index < 0 ? null : `${index + 1} of ${steps.length}`;
};

export const selectDetailsBusy = (snapshot: CheckoutSnapshot): boolean => snapshot.hasTag('busy');

export const selectFieldErrors = (snapshot: CheckoutSnapshot): FieldError[] => snapshot.context.fieldErrors;

export const selectFailure = (snapshot: CheckoutSnapshot): string | null => snapshot.context.failure;

/** The Billing Details step's default button. */
export const selectDetailsButton = (snapshot: CheckoutSnapshot): string => {
  const { flow } = snapshot.context;
  if (flow === 'freeUpgrade') return 'Request Free Upgrade';
  return CHECKOUT_STEPS[flow].includes('card') ? 'Next' : 'Update Details';
};

/** The Card step's default button. */
export const selectCardButton = (snapshot: CheckoutSnapshot): string =>
  snapshot.context.flow === 'renew' ? 'Update Billing Info' : 'Update Card';

export const selectCardActor = (snapshot: CheckoutSnapshot) =>
  snapshot.children.card as ActorRefFrom<typeof cardSetupMachine> | undefined;

export const selectConfirmationActor = (snapshot: CheckoutSnapshot) =>
  snapshot.children.confirmation as ActorRefFrom<typeof planConfirmationMachine> | undefined;

export const selectCardBusy = (snapshot: CardSnapshot): boolean => snapshot.hasTag('busy');
export const selectCardError = (snapshot: CardSnapshot): string | null => snapshot.context.cardError;

export const selectConfirmation = (snapshot: ConfirmationSnapshot) => snapshot.context;
export const selectConfirmationBusy = (snapshot: ConfirmationSnapshot): boolean => snapshot.hasTag('busy');
export const selectConfirmationState = (snapshot: ConfirmationSnapshot): string =>
  typeof snapshot.value === 'string' ? snapshot.value : JSON.stringify(snapshot.value);
