import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';
import { MembersPage } from '@/routes/team/members.route';
import { OverviewPage } from '@/routes/team/overview.route';
import { TeamLayoutRoute } from '@/routes/team/team-layout.route';

// Billing and contact-us are placeholders until their issues build them.
export const pages: GroupPages = {
  team: TeamLayoutRoute,
  'team-overview': OverviewPage,
  'team-users': MembersPage,
  'team-billing': PlaceholderPage,
  'team-contact-us': PlaceholderPage,
};
