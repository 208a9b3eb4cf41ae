import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';
import { TeamLayoutRoute } from '@/routes/team/team-layout.route';

// The team pages are placeholders until their issues build them; the layout is real.
export const pages: GroupPages = {
  team: TeamLayoutRoute,
  'team-overview': PlaceholderPage,
  'team-users': PlaceholderPage,
  'team-billing': PlaceholderPage,
  'team-contact-us': PlaceholderPage,
};
