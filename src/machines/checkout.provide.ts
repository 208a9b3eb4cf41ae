// The checkout flows with their effects: the app (billing-flows.tsx) and the tests provide the same
// set of effects, so both run the real machines, parent and step children alike.
import { fromPromise } from 'xstate';
import type { Billing, Card, Customer, Preview } from '@/domain/entities';
import { cardSetupMachine } from './card-setup.machine';
import { checkoutMachine } from './checkout.machine';
import { planConfirmationMachine } from './plan-confirmation.machine';

export interface CheckoutEffects {
  saveCustomer(customer: Customer, signal: AbortSignal): Promise<Customer>;
  /** Reads billing again (the page shows it) between two steps. */
  refreshBilling(): Promise<void>;
  requestFreeUpgrade(planId: string, signal: AbortSignal): Promise<void>;
  renewPlan(planId: string, signal: AbortSignal): Promise<unknown>;
  createSetupIntent(signal: AbortSignal): Promise<{ clientSecret: string }>;
  saveCard(paymentMethodId: string, signal: AbortSignal): Promise<Card>;
  previewPlan(choice: { planId: string; coupon: string | null }, signal: AbortSignal): Promise<Preview>;
  changePlan(choice: { planId: string; coupon: string | null }, signal: AbortSignal): Promise<Billing>;
  /** A danger flash with the card provider's message. */
  showCardError(message: string): void;
  /** The flash 'Subscription was renewed'. */
  showRenewed(): void;
  reportError(error: unknown): void;
}

export function provideCheckout(effects: CheckoutEffects) {
  const reportError = (_: unknown, error: unknown) => effects.reportError(error);
  const showCardError = (_: unknown, message: string) => effects.showCardError(message);
  return checkoutMachine.provide({
    actors: {
      saveCustomer: fromPromise(({ input, signal }) => effects.saveCustomer(input.customer, signal)),
      refreshBilling: fromPromise(() => effects.refreshBilling()),
      requestFreeUpgrade: fromPromise(({ input, signal }) =>
        effects.requestFreeUpgrade(input.planId, signal),
      ),
      renewPlan: fromPromise(({ input, signal }) => effects.renewPlan(input.planId, signal)),
      cardSetup: cardSetupMachine.provide({
        actors: {
          createSetupIntent: fromPromise(({ signal }) => effects.createSetupIntent(signal)),
          saveCard: fromPromise(({ input, signal }) => effects.saveCard(input.paymentMethodId, signal)),
        },
        actions: { showCardError },
      }),
      planConfirmation: planConfirmationMachine.provide({
        actors: {
          previewPlan: fromPromise(({ input, signal }) => effects.previewPlan(input, signal)),
          changePlan: fromPromise(({ input, signal }) => effects.changePlan(input, signal)),
        },
        actions: { showCardError, reportError },
      }),
    },
    actions: { showRenewed: () => effects.showRenewed(), reportError },
  });
}
