// Billing's first load (billing.load.ts): waits for the memberships, then asks for the page's data
// when they show that team user as the owner. A visitor who is not signed in has no memberships: the
// wait gives up when the answer would be stale anyway, and the page decides for itself.
import { waitFor } from 'xstate';
import { ROUTE_DATA_FRESH_MS } from '@/app/route-data';
import type { AppServices } from '@/app/services';
import { findMembership } from '@/domain/memberships';
import { canAccessBilling } from '@/domain/permissions';
import type { TeamUserRef } from '@/domain/team-user-ref';
import { LoadNotAsked } from '@/routes/loads/use-route-data';
import { chosenProviderIn } from './chosen-provider';
import { type BillingPageData, loadBillingPage } from './load-billing-page';

export async function askBillingPage(
  { api, registry }: Pick<AppServices, 'api' | 'registry'>,
  ref: TeamUserRef,
  search: URLSearchParams = new URLSearchParams(),
): Promise<BillingPageData> {
  const loaded = await waitFor(registry, (snapshot) => snapshot.matches('ready'), {
    timeout: ROUTE_DATA_FRESH_MS,
  }).catch(() => {
    throw new LoadNotAsked('The memberships did not come: the page decides.');
  });
  const membership = findMembership(loaded.context.memberships, ref.teamId, ref.userId);
  if (!membership || !canAccessBilling(membership.profile)) throw new LoadNotAsked('Not the team’s owner.');
  return loadBillingPage(api, ref, undefined, chosenProviderIn(search));
}
