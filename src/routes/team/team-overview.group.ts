import type { GroupPages } from '@/routes/route-table';
import { OverviewPage } from '@/routes/team/overview.route';

export const pages: GroupPages = {
  'team-overview': OverviewPage,
};
