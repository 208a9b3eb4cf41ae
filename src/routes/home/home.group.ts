import { HomePage } from '@/routes/home/home.route';
import type { GroupPages } from '@/routes/route-groups';

export const pages: GroupPages = {
  home: HomePage,
};
