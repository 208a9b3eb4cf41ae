// The billing page's data (decision 041). Unlike the members list it is asked for only once the
// memberships show the team user as the owner: only the owner reaches billing (spec section 2), and a
// member or an admin makes no billing call. Its code (ask-billing-page.ts) is a chunk of its own,
// loaded only where billing is asked for: no other first visit carries it.
import { teamUserLoad } from '@/routes/loads/route-load';

export const billingPageLoad = teamUserLoad('billing-page', async (services, ref) => {
  const { askBillingPage } = await import('./ask-billing-page');
  return askBillingPage(services, ref);
});
