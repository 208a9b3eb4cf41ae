import { PlaceholderPage } from '@/routes/placeholder';
import type { GroupPages } from '@/routes/route-groups';
import { TeamLayoutPlaceholder } from '@/routes/team/team-layout.route';

// Placeholders until their issues build the team area.
export const pages: GroupPages = {
  team: TeamLayoutPlaceholder,
  'team-overview': PlaceholderPage,
  'team-users': PlaceholderPage,
  'team-billing': PlaceholderPage,
  'team-contact-us': PlaceholderPage,
};
