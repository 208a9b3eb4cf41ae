import type { GroupPages } from '@/routes/route-table';
import { TeamLayoutRoute } from '@/routes/team/team-layout.route';

// The team area's frame. Each team page is its own group (team-overview.group.ts,
// team-members.group.ts, team-billing.group.ts, team-contact-us.group.ts) so a first visit loads the
// frame and that one page, not every team screen.
export const pages: GroupPages = {
  team: TeamLayoutRoute,
};

// A login link lands on a team page: the routing that shows it comes with the frame.
export { LoginLinkRoutes } from '@/routes/login-link-routes';
