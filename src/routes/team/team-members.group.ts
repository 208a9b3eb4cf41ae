import type { GroupPages } from '@/routes/route-table';
import { MembersPage } from '@/routes/team/members.route';

export const pages: GroupPages = {
  'team-users': MembersPage,
};
