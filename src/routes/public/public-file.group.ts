import { PublicFilePage } from '@/routes/public/public-file.route';
import type { GroupPages } from '@/routes/route-table';

export const pages: GroupPages = {
  'public-file': PublicFilePage,
};
