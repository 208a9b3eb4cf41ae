import { HomePage } from '@/routes/home/home.route';
import type { GroupPages } from '@/routes/route-table';

export const pages: GroupPages = {
  home: HomePage,
};
