import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';
import { TeamLayoutRoute } from '@/routes/team/team-layout.route';

// The team area's frame. Each built team page is its own group (team-overview.group.ts,
// team-members.group.ts) so a first visit loads the frame and that one page, not every team screen.
// Billing and contact-us are placeholders until their issues build them.
export const pages: GroupPages = {
  team: TeamLayoutRoute,
  'team-billing': PlaceholderPage,
  'team-contact-us': PlaceholderPage,
};
