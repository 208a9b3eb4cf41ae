import { appDeepLink } from '@domain/app-link';
import { backToAppUrl, createRedirectKey } from '../redirects/redirect-key';
import type { BillingDeps } from './billing-deps';
import type { BillingProvider } from './provider';

/** Where the hosted checkout sends the browser back: the console's billing page, or the Spark app. */
export type CheckoutReturn = 'console' | 'app';

/** Where a checkout started elsewhere (web sign-up) comes back to, built from PUBLIC_URL only. */
export interface CheckoutReturnUrls {
  successUrl: string;
  cancelUrl: string;
}

/** A hosted checkout stays open for up to 24 hours (Stripe's default), so its way back must too. */
export const CHECKOUT_RETURN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The success and cancel URLs of a checkout started from the app: each `/back-to-app?key=`, whose
 * one-time key resolves to `readdle-spark://checkout?result=success|cancel&mode=checkout&teamId=&userId=&planId=`.
 * The deep link stays on the server, so nobody can turn the return into a redirect elsewhere.
 */
export async function appReturnUrls(
  deps: Pick<BillingDeps, 'db' | 'clock' | 'publicUrl'>,
  ref: { teamId: number; userId: number; planId: string },
): Promise<{ successUrl: string; cancelUrl: string }> {
  const urlFor = async (result: 'success' | 'cancel') => {
    const deepLink = appDeepLink('checkout', { result, mode: 'checkout', ...ref });
    const key = await createRedirectKey(deps.db, deps.clock, deepLink, CHECKOUT_RETURN_TTL_MS);
    return backToAppUrl(deps.publicUrl(), key);
  };
  return { successUrl: await urlFor('success'), cancelUrl: await urlFor('cancel') };
}

/**
 * Whether a checkout has ended, ending it first while it is open: a web sign-up's return
 * code is a login only then. Open means the person came back through the cancel URL (Stripe sends the
 * browser to the success URL only once the session is complete); expiring it voids the success URL
 * too. A checkout that completed between the two calls has ended all the same.
 */
export function endCheckoutAt(provider: Pick<BillingProvider, 'getCheckout' | 'expireCheckout'>) {
  return async (checkoutSessionId: string): Promise<boolean> => {
    const session = await provider.getCheckout(checkoutSessionId);
    if (!session) return false;
    if (session.status !== 'open') return true;
    try {
      await provider.expireCheckout(checkoutSessionId);
    } catch (error) {
      const again = await provider.getCheckout(checkoutSessionId);
      if (!again || again.status === 'open') throw error;
    }
    return true;
  };
}
