import type { GroupPages } from '@/routes/route-groups';
import { OverviewPage } from '@/routes/team/overview.route';

export const pages: GroupPages = {
  'team-overview': OverviewPage,
};
