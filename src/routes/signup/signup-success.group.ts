import type { GroupPages } from '@/routes/route-table';
import { WebLoginSuccessPage } from '@/routes/signup/weblogin-success.route';

export const pages: GroupPages = {
  'weblogin-success': WebLoginSuccessPage,
};
