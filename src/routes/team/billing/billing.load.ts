// The billing page's data (decision 041). Unlike the members list it is asked for only once the
// memberships show the team user as the owner: only the owner reaches billing (spec section 2), and a
// member or an admin makes no billing call. Its code (ask-billing-page.ts) is a chunk of its own,
// loaded only where billing is asked for: no other first visit carries it. The provider chosen on
// the page (`?provider=paddle`) is part of what it asks for, and of its key.
import type { PaymentProvider } from '@/domain/entities';
import { teamUserLoad } from '@/routes/loads/route-load';

/** The provider chosen on the billing page and kept in its URL (`?provider=paddle`), or null. */
export function chosenProviderIn(search: string | URLSearchParams): PaymentProvider | null {
  const provider = new URLSearchParams(search).get('provider');
  return provider === 'paddle' || provider === 'stripe' ? provider : null;
}

export const billingPageLoad = teamUserLoad(
  'billing-page',
  async (services, ref, address) => {
    const { askBillingPage } = await import('./ask-billing-page');
    return askBillingPage(services, ref, chosenProviderIn(address.search));
  },
  (address) => chosenProviderIn(address.search) ?? '',
);
