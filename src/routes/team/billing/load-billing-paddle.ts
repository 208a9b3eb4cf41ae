// The billing page's data from the billing-paddle calls, for a team whose provider in effect is Paddle.
import type { ApiClient } from '@/api/client';
import { getPaddleBilling, getPaddlePayments, getPaddlePlans } from '@/api/team-billing-paddle';
import type { Billing, Invoice, Product } from '@/domain/entities';
import type { TeamUserRef } from '@/domain/team-user-ref';

/** Billing, the plans and the invoices, as the page shows them for either provider. */
export interface ProviderData {
  billing: Billing;
  plans: Product[];
  invoices: Invoice[];
}

export async function loadPaddle(
  api: ApiClient,
  ref: TeamUserRef,
  signal?: AbortSignal,
): Promise<ProviderData> {
  const [billing, plans, invoices] = await Promise.all([
    getPaddleBilling(api, ref, signal),
    getPaddlePlans(api, ref, signal),
    getPaddlePayments(api, ref, signal),
  ]);
  return { billing, plans, invoices };
}
