import { PublicFilePage } from '@/routes/public/public-file.route';
import type { GroupPages } from '@/routes/route-groups';

export const pages: GroupPages = {
  'public-file': PublicFilePage,
};
