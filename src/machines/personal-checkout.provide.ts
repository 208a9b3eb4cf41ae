// A personal price's hosted checkout: the team's redirect statechart (hosted-checkout.machine.ts) with
// the personal call and the personal redirect wait (30 s, spec section 9). The products page and the
// tests provide the same effects, so both run the machine as the page configures it.
import { fromCallback, fromPromise } from 'xstate';
import { hostedCheckoutMachine } from './hosted-checkout.machine';
import { PERSONAL_REDIRECT_WAIT_MS } from './personal-redirect.machine';

export interface PersonalCheckoutEffects {
  /** The checkout session for one price; its URL is the provider's hosted page. */
  createCheckout(priceId: string): Promise<{ url: string }>;
  /** Sends the browser to the hosted page. */
  redirect(url: string): void;
}

export function providePersonalCheckout(effects: PersonalCheckoutEffects) {
  return hostedCheckoutMachine.provide({
    actors: {
      // The machine calls its choice a plan id; here it is the personal price id.
      createCheckout: fromPromise(({ input }) => effects.createCheckout(input.planId)),
      redirect: fromCallback(({ input }) => {
        effects.redirect(input.url);
      }),
    },
    delays: { redirectWait: PERSONAL_REDIRECT_WAIT_MS },
  });
}
