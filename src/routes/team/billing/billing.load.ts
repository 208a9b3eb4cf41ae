// The billing page's data (decision 041). Unlike the members list it is asked for only once the
// memberships show the team user as the owner: only the owner reaches billing (spec section 2), and a
// member or an admin makes no billing call. Its code (ask-billing-page.ts) is a chunk of its own,
// loaded only where billing is asked for: no other first visit carries it. The provider chosen on
// the page (`?provider=paddle`) is part of its key, and of what it asks for.
import { teamUserLoad } from '@/routes/loads/route-load';

export const billingPageLoad = teamUserLoad(
  'billing',
  async (services, ref, address) => {
    const { askBillingPage } = await import('./ask-billing-page');
    return askBillingPage(services, ref, address.search);
  },
  (address) => address.search.get('provider') ?? '',
);
