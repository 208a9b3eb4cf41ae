import type { GroupPages } from '@/routes/route-table';
import { WebLoginPage } from '@/routes/signup/web-login.route';

export const pages: GroupPages = {
  'web-login': WebLoginPage,
};
