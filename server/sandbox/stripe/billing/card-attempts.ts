import type Stripe from 'stripe';
import { behaviourOf, type Decline, declineFor } from '../cards';
import type { Ctx, IntentLinks } from '../context';
import { cardInternal } from './payment-methods';

/** Setup intents and payment intents: where test cards decline, succeed or ask for 3-D Secure. */

/** What confirming a card did; the caller turns it into an intent's state. */
export type Attempt =
  | { outcome: 'succeeded' }
  | { outcome: 'declined'; decline: Decline }
  | { outcome: 'requires_action' };

/** Links from an intent to what waits on it (an invoice, a checkout session). */
/** What the sandbox keeps about an intent: the object it was made for. */
export type IntentInternal = IntentLinks;

export async function attemptCard(
  ctx: Ctx,
  pmId: string,
  options: { onSession: boolean; setup: boolean },
): Promise<Attempt> {
  const card = await cardInternal(ctx, pmId);
  const behaviour = behaviourOf(card.number ?? '');
  // Stripe: 4000 0000 0000 9995 is declined only when charged; setting it up succeeds.
  if (options.setup && behaviour === 'insufficient_funds') return { outcome: 'succeeded' };
  const decline = declineFor(behaviour);
  if (decline) return { outcome: 'declined', decline };
  if (behaviour === 'three_d_secure' && (options.onSession || !card.setUp))
    return { outcome: 'requires_action' };
  return { outcome: 'succeeded' };
}

export function threeDsNextAction(ctx: Ctx, id: string, clientSecret: string, returnUrl: string | null) {
  const url = `${ctx.config.publicUrl()}/sandbox/stripe/3ds/${id}?client_secret=${encodeURIComponent(clientSecret)}`;
  return { type: 'redirect_to_url', redirect_to_url: { url, return_url: returnUrl } };
}

/** An intent's last error; a declined payment names its failed charge, as Stripe's do. */
export function lastError(decline: Decline, pm: Stripe.PaymentMethod | null, charge?: string) {
  return {
    type: 'card_error' as const,
    ...(charge ? { charge } : {}),
    code: decline.code,
    decline_code: decline.decline_code,
    message: decline.message,
    ...(pm ? { payment_method: pm } : {}),
  };
}
