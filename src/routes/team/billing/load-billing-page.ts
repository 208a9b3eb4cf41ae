// What the billing page shows, in one round trip: billing, the plans, the invoices and the
// payment-provider settings, requested side by side (the team registry is already loaded). The
// provider in effect picks the calls: the team's own, else the one chosen on the page (?provider=).
import type { ApiClient } from '@/api/client';
import {
  getBilling,
  getInvoices,
  getPaddleSettings,
  getPlans,
  type PaddleSettings,
} from '@/api/team-billing';
import type { Billing, Invoice, PaymentProvider, Product } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';

export interface BillingPageData {
  /** The provider whose calls the page read. */
  provider: PaymentProvider;
  billing: Billing;
  plans: Product[];
  invoices: Invoice[];
  /** null when the settings could not be read: the provider switch is left out, nothing else. */
  providers: PaddleSettings | null;
}

type ProviderData = Pick<BillingPageData, 'billing' | 'plans' | 'invoices'>;

async function loadStripe(api: ApiClient, ref: TeamUserRef, signal?: AbortSignal): Promise<ProviderData> {
  const [billing, plans, invoices] = await Promise.all([
    getBilling(api, ref, signal),
    getPlans(api, ref, signal),
    getInvoices(api, ref, signal),
  ]);
  return { billing, plans, invoices };
}

// Paddle's reads come in a chunk of their own: this module starts with the console (billing-early).
const loadPaddle = async (api: ApiClient, ref: TeamUserRef, signal?: AbortSignal) =>
  (await import('./load-billing-paddle')).loadPaddle(api, ref, signal);

/**
 * The page's data for the provider `chosen` on the page (null: none chosen). A team with a provider
 * is read from it whatever was chosen; the other's answers, asked for side by side, are dropped.
 */
export async function loadBillingPage(
  api: ApiClient,
  ref: TeamUserRef,
  signal?: AbortSignal,
  chosen: PaymentProvider | null = null,
): Promise<BillingPageData> {
  const settings = getPaddleSettings(api, ref, signal).catch(() => null);
  if (chosen === 'paddle') {
    const paddle = loadPaddle(api, ref, signal);
    // Awaited below, or dropped: either way not an unhandled failure meanwhile.
    paddle.catch(() => null);
    const providers = await settings;
    // Only where Paddle is allowed (spec: allowed providers), whatever the link says.
    if (providers?.allowedProviders.includes('paddle') && providers.currentProvider !== 'stripe')
      return { provider: 'paddle', ...(await paddle), providers };
    return { provider: 'stripe', ...(await loadStripe(api, ref, signal)), providers };
  }
  const stripe = loadStripe(api, ref, signal);
  stripe.catch(() => null);
  const providers = await settings;
  if (providers?.currentProvider === 'paddle')
    return { provider: 'paddle', ...(await loadPaddle(api, ref, signal)), providers };
  return { provider: 'stripe', ...(await stripe), providers };
}
