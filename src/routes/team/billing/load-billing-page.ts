// What the billing page shows, in one round trip: billing, the plans, the invoices and the
// payment-provider settings, requested side by side (the team registry is already loaded).
import type { ApiClient } from '@/api/client';
import {
  getBilling,
  getInvoices,
  getPaddleSettings,
  getPlans,
  type PaymentProviderSettings,
} from '@/api/team-billing';
import type { Billing, Invoice, Product } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';

export interface BillingPageData {
  billing: Billing;
  plans: Product[];
  invoices: Invoice[];
  /** null when the settings could not be read: the provider switch is left out, nothing else. */
  providers: PaymentProviderSettings | null;
}

export async function loadBillingPage(
  api: ApiClient,
  ref: TeamUserRef,
  signal?: AbortSignal,
): Promise<BillingPageData> {
  const [billing, plans, invoices, providers] = await Promise.all([
    getBilling(api, ref, signal),
    getPlans(api, ref, signal),
    getInvoices(api, ref, signal),
    getPaddleSettings(api, ref, signal).catch(() => null),
  ]);
  return { billing, plans, invoices, providers };
}
