import { PlaceholderPage } from '@/routes/placeholder';

/** Members, invitations and the own profile block (spec section 2 'Members', 6): being built. */
export const MembersPage = PlaceholderPage;
