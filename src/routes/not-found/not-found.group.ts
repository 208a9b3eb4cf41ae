import { NotFoundPage } from '@/routes/not-found/not-found.route';
import type { GroupPages } from '@/routes/route-table';

export const pages: GroupPages = {
  'not-found': NotFoundPage,
};
