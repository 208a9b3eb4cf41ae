// Stripe.js for a publishable key, fetched only when a card form (or a pending payment) needs it.
// A key starting 'pk_test_sandbox_' belongs to the built-in sandbox: its Stripe.js stand-in is loaded
// from the server (/sandbox/stripe/js/v3.js, a classic script defining window.Stripe) instead of
// js.stripe.com. The '/pure' entry of @stripe/stripe-js injects nothing until loadStripe is called.
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

export const SANDBOX_KEY_PREFIX = 'pk_test_sandbox_';
export const SANDBOX_STRIPE_JS = '/sandbox/stripe/js/v3.js';

type StripeConstructor = (key: string) => Stripe;

let sandboxScript: Promise<StripeConstructor> | null = null;

function loadSandboxScript(): Promise<StripeConstructor> {
  sandboxScript ??= new Promise<StripeConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = SANDBOX_STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const createStripe = (window as unknown as { Stripe?: StripeConstructor }).Stripe;
      if (createStripe) resolve(createStripe);
      else reject(new Error('The sandbox Stripe.js did not define Stripe'));
    };
    script.onerror = () => {
      sandboxScript = null;
      reject(new Error('The sandbox Stripe.js could not be loaded'));
    };
    document.head.append(script);
  });
  return sandboxScript;
}

const byKey = new Map<string, Promise<Stripe | null>>();

/** One Stripe instance per key for the page's lifetime (as Stripe recommends). */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = byKey.get(publishableKey);
  if (!stripe) {
    stripe = publishableKey.startsWith(SANDBOX_KEY_PREFIX)
      ? loadSandboxScript().then((Stripe) => Stripe(publishableKey))
      : loadStripe(publishableKey);
    stripe.catch(() => byKey.delete(publishableKey));
    byKey.set(publishableKey, stripe);
  }
  return stripe;
}

/** Confirms a pending payment (3-D Secure shows if the card asks): the provider's message, or null. */
export async function confirmPendingPayment(
  publishableKey: string,
  clientSecret: string,
): Promise<string | null> {
  const stripe = await stripeFor(publishableKey);
  if (!stripe) throw new Error('Stripe.js did not load');
  const { error } = await stripe.confirmCardPayment(clientSecret);
  return error ? (error.message ?? 'Your card was declined.') : null;
}
